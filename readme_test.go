package main

import (
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/tables"
	"dlock/web/state"
	"dlock/web/words"
)

// documents are the README and every page of docs/, by path.
func documents(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	paths := []string{"README.md"}
	err := filepath.WalkDir("docs", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// Every file or directory of the repository the README and docs/ name
// exists: a newcomer who opens one finds it. A name in backquotes is a path
// from the repository's root; a Markdown link, a path from the page's own
// directory. Names of other things (a URL's path, a host site's file, an
// import path, what make builds) are listed apart.
func TestTheREADMEsPathsExist(t *testing.T) {
	notHere := map[string]string{
		".vitepress/config.mts":         "a host site's file",
		"layouts/shortcodes/dlock.html": "a host site's file",
		"/dlock/":                       "a path prefix",
		"application/wasm":              "a media type",
		"dist/":                         "what make pages writes",
		"e2e/node_modules/":             "what npm installs",
		".tools/":                       "what make check installs actionlint into",
		"dlock/core":                    "an import path",
		"pkg/app":                       "go-app's packages",
		"pkg/errors":                    "go-app's packages",
		"web/app.wasm":                  "a URL's path",
		"web/icon-512.png":              "a URL's path",
		"actions/configure-pages":       "a GitHub action",
	}
	quoted := regexp.MustCompile("`([A-Za-z0-9_.][A-Za-z0-9_./-]*/[A-Za-z0-9_./-]*)`")
	link := regexp.MustCompile(`\]\(([^)#\s]+)(?:#[^)\s]*)?\)`)
	docs := documents(t)
	if len(docs) < 2 {
		t.Fatalf("found only %d documents: is docs/ still there?", len(docs))
	}
	named, linked := 0, 0
	for doc, text := range docs {
		for _, m := range quoted.FindAllStringSubmatch(text, -1) {
			p := m[1]
			if _, ok := notHere[p]; ok || strings.Contains(p, "://") {
				continue
			}
			named++
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s names %s, which is not in the repository", doc, p)
			}
		}
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			if strings.Contains(m[1], "://") {
				continue
			}
			linked++
			p := filepath.Join(filepath.Dir(doc), m[1])
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s links to %s, which is not in the repository", doc, p)
			}
		}
	}
	if named < 20 || linked < 10 {
		t.Errorf("the documents name only %d paths and link %d; are the patterns still right?", named, linked)
	}
	// Every page of docs/ is reached from the README.
	for doc := range docs {
		if doc != "README.md" && !strings.Contains(docs["README.md"], "]("+filepath.ToSlash(doc)+")") {
			t.Errorf("the README does not link to %s", doc)
		}
	}
}

// The README's first screen tells a newcomer what to press and what they
// will see: the page opens at step 1 of the book's run in Japanese, → steps
// forward to step 7, where the resource refuses A's late write, and F turns
// fencing off, where A's write destroys B's value. Each is the page's.
func TestTheREADMEsFirstStepsAreThePages(t *testing.T) {
	readme := documents(t)["README.md"]
	runs := state.NewRuns()
	s, bad := state.ParseSettings(runs, url.Values{})
	if len(bad) > 0 || s.Scenario != "gc-pause" || s.Step != 1 || s.Lang != state.Japanese || !s.Fencing() {
		t.Fatalf("the page does not open at the book's first step in Japanese, fenced: %+v", s)
	}
	for _, key := range []string{"→", "F"} {
		if !strings.Contains(readme, "Press **"+key+"**") {
			t.Errorf("the README no longer tells the reader to press %s: change this test with it", key)
		}
	}
	next, fence := state.KeyCommands["ArrowRight"], state.KeyCommands["F"]
	if next != state.CmdNext || fence != state.CmdToggleFencing {
		t.Fatalf("→ is %v and F is %v, not the next step and the fencing switch", next, fence)
	}
	for s.Step < 7 {
		n := s.Do(runs, next)
		if n.Step != s.Step+1 {
			t.Fatalf("→ at step %d goes to step %d", s.Step, n.Step)
		}
		s = n
	}
	if s.Do(runs, next).Step != 7 {
		t.Error("the book's run has more than 7 steps")
	}
	off := s.Do(runs, fence)
	if off.Fencing() || off.Step != 7 {
		t.Fatalf("F at step 7 gives %+v, not the same step without fencing", off)
	}
	var book core.Scenario
	for _, sc := range core.Scenarios() {
		if sc.ID == s.Scenario {
			book = sc
		}
	}
	for _, c := range []struct {
		st     core.Strategy
		result core.Result
		data   string
	}{{s.Strategy, core.ResultRejected, "B-value"}, {off.Strategy, core.ResultStale, "A-STALE"}} {
		frames, err := core.Replay(book, c.st)
		if err != nil {
			t.Fatal(err)
		}
		last := frames[len(frames)-1]
		if last.Event.Client != "A" || last.Event.Result != c.result || last.Resources[0].Data != c.data {
			t.Errorf("under %s, step 7 is %s's write, %v, leaving %q; the README says A's write, %v, leaving %q",
				c.st, last.Event.Client, last.Event.Result, last.Resources[0].Data, c.result, c.data)
		}
	}
	// The badges at step 7, from the book's table the page is held to.
	rows, err := tables.Read(filepath.Join("core", "testdata", "book-frames.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	last := rows[len(rows)-1]
	for _, badge := range []string{last["badge_on"], last["badge_off"]} {
		if w := words.T(state.English, "badge."+badge); !strings.Contains(readme, `"`+w+`"`) {
			t.Errorf("the README does not quote the badge at step 7, %q", w)
		}
	}
	if w := words.T(state.Japanese, "lang.switch"); !strings.Contains(readme, `"`+w+`"`) {
		t.Errorf("the README does not name the language button as the page does, %q", w)
	}
}
