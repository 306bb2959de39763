package web

import (
	"regexp"
	"strings"
	"testing"

	"dlock/core"
)

var verb = regexp.MustCompile(`%[-+# 0]*[0-9]*[a-zA-Z%]`)

func TestCatalogIsCompleteInBothLanguages(t *testing.T) {
	for _, key := range Keys() {
		m := catalog[key]
		if strings.TrimSpace(m.ja) == "" {
			t.Errorf("%s: no Japanese", key)
		}
		if strings.TrimSpace(m.en) == "" {
			t.Errorf("%s: no English", key)
		}
		// Both languages take the same arguments in the same order.
		ja, en := verb.FindAllString(m.ja, -1), verb.FindAllString(m.en, -1)
		if strings.Join(ja, " ") != strings.Join(en, " ") {
			t.Errorf("%s: Japanese takes %v, English takes %v", key, ja, en)
		}
	}
}

func TestMissingKeyIsVisible(t *testing.T) {
	if got := T(English, "no.such.key"); !strings.Contains(got, "no.such.key") || !strings.Contains(got, "missing") {
		t.Errorf("T of an unknown key = %q", got)
	}
	if HasKey("no.such.key") || !HasKey("demo.title") {
		t.Error("HasKey is wrong")
	}
}

func TestEveryNoteOfEveryFrameIsInTheCatalogue(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range frames {
				if !HasKey(f.Note) {
					t.Errorf("%s under %s step %d: note %q is not in the catalogue", sc.ID, st, f.Step, f.Note)
				}
			}
		}
		for _, k := range []string{sc.Title, sc.Shows} {
			if !HasKey(k) {
				t.Errorf("%s: %q is not in the catalogue", sc.ID, k)
			}
		}
		for _, st := range sc.Steps {
			for _, n := range append([]string{st.Note}, mapValues(st.Notes)...) {
				if !HasKey(n) {
					t.Errorf("%s: note %q is not in the catalogue", sc.ID, n)
				}
			}
		}
		if !HasKey(sc.Start) {
			t.Errorf("%s: start note %q is not in the catalogue", sc.ID, sc.Start)
		}
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func TestEveryStrategyAndVerdictHasWords(t *testing.T) {
	for _, st := range core.Strategies() {
		for _, k := range []string{"strategy." + string(st), "strategy." + string(st) + ".about"} {
			if !HasKey(k) {
				t.Errorf("%q is not in the catalogue", k)
			}
		}
	}
	for _, v := range []core.Verdict{core.Safe, core.Corrupted, core.StuckVerdict} {
		if !HasKey("verdict." + string(v)) {
			t.Errorf("verdict %s has no words", v)
		}
	}
	for _, view := range Views {
		if !HasKey("view." + string(view)) {
			t.Errorf("view %s has no words", view)
		}
	}
}
