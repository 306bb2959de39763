//go:build !wasm

package words

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"
)

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*[0-9]*[a-zA-Z%]`)

// verbs returns the formatting verbs of a message: in order, or sorted when
// they are indexed (each language may put them where its grammar wants).
func verbs(m string) string {
	vs := verb.FindAllString(m, -1)
	if strings.Contains(m, "%[") {
		seen := map[string]bool{}
		var uniq []string
		for _, v := range vs {
			if !seen[v] {
				seen[v] = true
				uniq = append(uniq, v)
			}
		}
		vs = uniq
		sort.Strings(vs)
	}
	return strings.Join(vs, " ")
}

func TestCatalogIsCompleteInBothLanguages(t *testing.T) {
	for _, key := range Keys() {
		m := catalog[key]
		if strings.TrimSpace(m.ja) == "" {
			t.Errorf("%s: no Japanese", key)
		}
		if strings.TrimSpace(m.en) == "" {
			t.Errorf("%s: no English", key)
		}
		// Both languages take the same arguments.
		if ja, en := verbs(m.ja), verbs(m.en); ja != en {
			t.Errorf("%s: Japanese takes %v, English takes %v", key, ja, en)
		}
	}
}

func TestMissingKeyIsVisible(t *testing.T) {
	if got := T(English, "no.such.key"); !strings.Contains(got, "no.such.key") || !strings.Contains(got, "missing") {
		t.Errorf("T of an unknown key = %q", got)
	}
	if hasKey("no.such.key") || !hasKey("demo.title") {
		t.Error("hasKey is wrong")
	}
}

// noteOf renders the note of one frame of a run, with the keys it used.
func noteOf(l Lang, sc core.Scenario, st core.Strategy, frames []core.Frame, step int) (string, []string) {
	f := frames[step-1]
	if f.Note != "" {
		return Note(l, frames, step), []string{f.Note}
	}
	n := eventNote(l, frames[max(step-2, 0)], f)
	return n.String(), n.keys
}

func checkNote(t *testing.T, where, note string) {
	t.Helper()
	switch {
	case strings.TrimSpace(note) == "":
		t.Errorf("%s: no note", where)
	case strings.Contains(note, "⟦missing"):
		t.Errorf("%s: a catalogue key is missing: %s", where, note)
	case strings.Contains(note, "%!"):
		t.Errorf("%s: formatted with the wrong arguments: %s", where, note)
	}
}

// Every step of every scenario under every strategy has a note, in both
// languages, and every sentence notes are made of is said by some run.
func TestEveryStepOfEveryRunHasANote(t *testing.T) {
	said := map[string]bool{}
	for _, sc := range core.Scenarios() {
		for _, k := range []string{sc.Title, sc.Shows, sc.Start} {
			if !hasKey(k) {
				t.Errorf("%s: %q is not in the catalogue", sc.ID, k)
			}
		}
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range state.Langs {
				for step := 1; step <= len(frames); step++ {
					note, keys := noteOf(l, sc, st, frames, step)
					checkNote(t, sc.ID+"/"+string(st)+"/"+string(l)+"/"+string(rune('0'+step)), note)
					for _, k := range keys {
						said[k] = true
					}
				}
			}
		}
	}
	// Runs the scenarios do not tell, for the sentences they never need.
	for _, extra := range extraRuns() {
		frames, err := core.Replay(extra.sc, extra.st)
		if err != nil {
			t.Fatalf("%s: %v", extra.sc.ID, err)
		}
		for step := 2; step <= len(frames); step++ {
			note, keys := noteOf(English, extra.sc, extra.st, frames, step)
			checkNote(t, extra.sc.ID, note)
			for _, k := range keys {
				said[k] = true
			}
		}
	}
	for k := range noteWords {
		if !said[k] {
			t.Errorf("the note sentence %s is never said", k)
		}
	}
	for k := range scenarioWords {
		if !said[k] && !strings.HasSuffix(k, ".title") && !strings.HasSuffix(k, ".shows") {
			t.Errorf("the scenario note %s is never shown", k)
		}
	}
}

type extraRun struct {
	sc core.Scenario
	st core.Strategy
}

// extraRuns are short runs, written out, that say what no built-in scenario
// says.
func extraRuns() []extraRun {
	run := func(id string, st core.Strategy, actions ...core.Action) extraRun {
		sc := core.Scenario{ID: id, Resources: []string{core.Row42}, Clients: []string{"A", "B"}}
		for _, a := range actions {
			sc.Steps = append(sc.Steps, core.Step{Action: a})
		}
		return extraRun{sc, st}
	}
	acq := func(c string) core.Action { return core.Action{Kind: core.ActAcquire, Client: c, Lease: 10} }
	held := func(c, id string) core.Action {
		return core.Action{Kind: core.ActAcquire, Client: c, Lease: 10, Hold: id}
	}
	act := func(k core.ActionKind, c string) core.Action { return core.Action{Kind: k, Client: c} }
	deliver := func(id string) core.Action { return core.Action{Kind: core.ActDeliver, Message: id} }
	tick := func(d int) core.Action { return core.Action{Kind: core.ActTick, Ticks: d} }
	write := func(c string) core.Action { return core.Action{Kind: core.ActWrite, Client: c, Value: c + "-v"} }
	heldWrite := func(c, id string) core.Action {
		return core.Action{Kind: core.ActWrite, Client: c, Value: c + "-v", Hold: id}
	}
	counterReset := run("rejects-the-holder", core.LeaseFencing,
		acq("A"), act(core.ActRelease, "A"), acq("A"), write("A"), tick(10), core.Action{Kind: core.ActRestart},
		acq("B"), write("B"), act(core.ActRead, "B"))
	nonAtomic := run("before-apply", core.Consensus, acq("A"), heldWrite("A", "w"), tick(10), acq("B"), deliver("w"))
	nonAtomic.sc.NonAtomic = true
	peekThenApply := run("peek-then-apply", core.Consensus, acq("A"), heldWrite("A", "w"), tick(10), acq("B"),
		act(core.ActPeek, "B"), deliver("w"))
	peekThenApply.sc.NonAtomic = true
	// The optimistic lock: a client that has read nothing, a peek, one
	// client's own writes checked apart from their apply, and rows read
	// apart.
	writeTo := func(c, res string) core.Action {
		return core.Action{Kind: core.ActWrite, Client: c, Value: c + "-v", Resource: res}
	}
	readOf := func(c, res string) core.Action { return core.Action{Kind: core.ActRead, Client: c, Resource: res} }
	ownSplit := run("optimistic-own-split", core.Optimistic, write("B"), act(core.ActPeek, "B"), acq("A"), heldWrite("A", "w"), write("A"), deliver("w"))
	ownSplit.sc.NonAtomic = true
	readSplit := run("optimistic-read-split", core.Optimistic, acq("A"), heldWrite("A", "w"), acq("B"), deliver("w"))
	readSplit.sc.NonAtomic = true
	rows := run("optimistic-rows", core.Optimistic, acq("A"), readOf("B", core.Row43), writeTo("A", core.Row42), writeTo("B", core.Row42))
	rows.sc.Resources = []string{core.Row42, core.Row43}
	rowsSplit := run("optimistic-rows-split", core.Optimistic, acq("A"), heldWrite("A", "w"), readOf("B", core.Row43), deliver("w"))
	rowsSplit.sc.Resources, rowsSplit.sc.NonAtomic = []string{core.Row42, core.Row43}, true
	return []extraRun{
		ownSplit, readSplit, rows, rowsSplit,
		nonAtomic,
		run("late-grant", core.Lease, held("A", "g"), tick(12), deliver("g"), act(core.ActCrash, "B")),
		run("gives-up", core.Lease, acq("A"), heldWrite("A", "w"), act(core.ActRelease, "A"), tick(10), core.Action{Kind: core.ActRenew, Client: "B", Lease: 10}),
		run("renews-late", core.Lease, acq("A"), tick(10), core.Action{Kind: core.ActRenew, Client: "A", Lease: 10}),
		run("releases-late", core.Lease, acq("A"), core.Action{Kind: core.ActPause, Client: "A", Ticks: 10}, act(core.ActRelease, "A")),
		run("self", core.Lease, acq("A"), acq("A"), act(core.ActRelease, "B"), core.Action{Kind: core.ActRenew, Client: "B", Lease: 10}, act(core.ActCheck, "B"),
			act(core.ActRead, "B"), core.Action{Kind: core.ActRenew, Client: "A", Lease: 10}, act(core.ActCrash, "A")),
		run("held-no-ttl", core.NoTTL, held("A", "g"), held("B", "h"), deliver("g"), deliver("h"), heldWrite("A", "w"),
			core.Action{Kind: core.ActPause, Client: "A", Ticks: 3}, act(core.ActResume, "A"), deliver("w")),
		run("held-majority", core.Redlock, held("A", "g"), deliver("g"), write("A"), heldWrite("A", "w"), deliver("w"),
			act(core.ActRead, "A"), core.Action{Kind: core.ActRenew, Client: "A", Lease: 10}, act(core.ActCrash, "A")),
		run("dropped", core.Lease, held("A", "g"), act(core.ActCrash, "A"), deliver("g"), act(core.ActCheck, "B"),
			acq("B"), core.Action{Kind: core.ActRenew, Client: "B", Lease: 10}, tick(20), core.Action{Kind: core.ActRenew, Client: "B", Lease: 10}),
		run("skipped", core.NoTTL, heldWrite("A", "w"), deliver("w"), acq("A"), acq("B"),
			act(core.ActCheck, "A"), core.Action{Kind: core.ActJump, Ticks: 5}),
		run("late-read", core.LeaseFencing, acq("A"), core.Action{Kind: core.ActPause, Client: "A", Ticks: 10}, acq("B"), write("B"),
			act(core.ActRead, "A"), tick(5), act(core.ActCheck, "A")),
		run("lost-renew", core.ConsensusUnfenced, acq("A"), tick(10), acq("B"), core.Action{Kind: core.ActRenew, Client: "A", Lease: 10}, tick(20),
			core.Action{Kind: core.ActRestart}),
		counterReset,
		run("partial-majority", core.Redlock, core.Action{Kind: core.ActAcquire, Client: "A", Lease: 10, Nodes: []int{1, 2, 3}},
			core.Action{Kind: core.ActAcquire, Client: "B", Lease: 10, Nodes: []int{3, 4, 5}}),
		run("peeks", core.Lease, acq("A"), act(core.ActPeek, "A"), act(core.ActPeek, "B")),
		run("peek-then-late", core.Consensus, acq("A"), core.Action{Kind: core.ActPause, Client: "A", Ticks: 10}, acq("B"),
			act(core.ActPeek, "B"), write("A")),
		peekThenApply,
		// One holder's own writes out of order, with nothing between
		// them: with tokens and without.
		run("renewal-arrives-late", core.Lease, acq("A"), core.Action{Kind: core.ActRenew, Client: "A", Lease: 10, Hold: "r"}, tick(10), deliver("r")),
		run("own-reordered", core.Lease, acq("A"), heldWrite("A", "w"), write("A"), deliver("w")),
		run("own-reordered-no-token", core.Redlock, acq("A"), heldWrite("A", "w"), write("A"), deliver("w")),
	}
}

func TestEveryStrategyAndVerdictHasWords(t *testing.T) {
	for _, st := range core.Strategies() {
		for _, k := range []string{"strategy." + string(st), "strategy." + string(st) + ".about", "strategy." + string(st) + ".short"} {
			if !hasKey(k) {
				t.Errorf("%q is not in the catalogue", k)
			}
		}
		if k := "lock.kind." + string(st.Design().Service); !hasKey(k) {
			t.Errorf("%q is not in the catalogue", k)
		}
	}
	for _, v := range []core.Verdict{core.Safe, core.AtRisk, core.Corrupted, core.Stuck} {
		if !hasKey("verdict." + string(v)) {
			t.Errorf("verdict %s has no words", v)
		}
	}
	for _, why := range recording.NotReplayedReasons() {
		if !hasKey("real.why." + string(why)) {
			t.Errorf("the reason %s a cell is not replayed on real software has no words", why)
		}
	}
	// Every lock service the lab recorded on, and what its recordings
	// say of it, has words: the page words them by the service's name.
	files, err := filepath.Glob(filepath.Join("..", "..", "static", "web", "lab", "*.*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recordings in static/web/lab: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var rec recording.Recording
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		keys := []string{"real.service." + rec.Backend, "real.backend." + rec.Backend}
		switch {
		case rec.Strategy.Lockless():
			keys = append(keys, "real.renewal.none")
		case rec.Renewal == recording.RenewedByLibrary:
			keys = append(keys, "real.renewal.library."+rec.Backend)
		}
		if rec.Restore != "" {
			keys = append(keys, "real.restore."+rec.Backend)
		}
		if rec.Database != "" {
			keys = append(keys, "real.database."+rec.Database)
		}
		for _, l := range []Lang{Japanese, English} {
			sc, _ := core.ScenarioByID(rec.Scenario)
			for _, said := range []string{DiffersText(l, rec), ResourceText(l, rec, sc, rec.Strategy)} {
				if strings.Contains(said, "⟦missing") || strings.Contains(said, "%!") {
					t.Errorf("%s: %q", filepath.Base(f), said)
				}
			}
		}
		if rec.Why != "" {
			keys = append(keys, "real.why."+string(rec.Why))
		}
		for _, k := range keys {
			if !hasKey(k) {
				t.Errorf("%s: %q is not in the catalogue", filepath.Base(f), k)
			}
		}
	}
	for _, view := range state.Views {
		if !hasKey("view." + string(view)) {
			t.Errorf("view %s has no words", view)
		}
	}
	if !slices.Contains(Keys(), "matrix.simplifies") {
		t.Error("the matrix does not say what the model simplifies")
	}
}

// The Japanese says what the chapter says, in its words: a grant is 取得
// (the noun) and 貸す (the verb), never 許可, which the chapter never uses;
// one spelling for one thing.
func TestJapaneseUsesTheChaptersWords(t *testing.T) {
	banned := []struct{ word, use string }{
		{"許可", "取得 (the noun), 貸す (the verb)"},
		{"獲得", "取得"},
		{"ティック", "tick"},
		{"マスター", "マスタ"},
		{"なし", "無し"},
		{"受け手", "受け取り手"},
		{"受け取る者", "受け取り手"},
		{"更新の消失", "ロストアップデート(更新の消失)"},
		{"壁時計", "システム時刻"},
		{"有界な証明", "壊れないことの証明(有界モデル検査)"},
	}
	serverLess := regexp.MustCompile(`サーバ([^ー]|$)`)
	for _, key := range Keys() {
		ja := catalog[key].ja
		for _, b := range banned {
			// The gloss after the chapter's loanword is the one place the
			// native term stands.
			if strings.Contains(strings.ReplaceAll(ja, "ロストアップデート(更新の消失)", ""), b.word) {
				t.Errorf("%s uses %s: use %s", key, b.word, b.use)
			}
		}
		if serverLess.MatchString(ja) {
			t.Errorf("%s spells サーバ: use サーバー", key)
		}
	}
}
