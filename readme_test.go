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
// directory. In the text, in backquotes or not, a path that starts with one
// of the repository's top-level entries (web/ui/mount.go, static/loader) is
// a path from the root, and a file's name alone (boot.js, PATCH.diff) names
// a file somewhere in the repository. Names of other things (a URL's path,
// a host site's file, an import path, what make builds) are listed apart;
// a path under one of them is theirs too.
func TestEveryPathTheDocsNameExists(t *testing.T) {
	notHere := map[string]string{
		".vitepress/config.mts":         "a host site's file",
		"layouts/shortcodes/dlock.html": "a host site's file",
		"docusaurus.config.js":          "a host site's file",
		"application/wasm":              "a media type",
		"dist/":                         "what make pages writes",
		"index.html":                    "what make pages writes",
		"pictures/":                     "what make pages writes",
		"course.html":                   "what make scorm writes",
		"app.wasm":                      "what make build writes",
		"wasm_exec.js":                  "what make build copies from the toolchain",
		"e2e/node_modules/":             "what npm installs",
		".tools/":                       "what make check installs actionlint into",
		"dlock/core":                    "an import path",
		"pkg/app":                       "go-app's packages",
		"pkg/errors":                    "go-app's packages",
		"web/app.wasm":                  "a URL's path",
		"web/icon-512.png":              "a URL's path",
		"actions/configure-pages":       "a GitHub action",
		"Node.js":                       "a program",
	}
	used := map[string]bool{}
	elsewhere := func(p string) bool {
		for name := range notHere {
			if p == name || strings.HasSuffix(name, "/") && strings.HasPrefix(p, name) {
				used[name] = true
				return true
			}
		}
		return strings.Contains(p, "://")
	}
	quoted := regexp.MustCompile("`([A-Za-z0-9_.][A-Za-z0-9_./-]*/[A-Za-z0-9_./-]*)`")
	link := regexp.MustCompile(`\]\(([^)#\s]+)(?:#[^)\s]*)?\)`)
	// A path in the text: segments joined by slashes, not inside a URL or
	// another path (nothing of one before it).
	path := regexp.MustCompile(`(?:^|[^\w/.:@~-])((?:\./)?(?:[A-Za-z0-9_][A-Za-z0-9_.*-]*/)+[A-Za-z0-9_.*-]*)`)
	// A file's name alone, by the extensions the repository's files have.
	file := regexp.MustCompile(`(?:^|[^\w/.:@~-])([A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:go|js|mjs|json|md|tsv|css|html|yml|diff|mod|sum|png|svg|txt|wasm|mts))\b`)
	top := map[string]bool{}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		top[e.Name()] = true
	}
	files := map[string]bool{}
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "dist" || d.Name() == ".tools") {
			return filepath.SkipDir
		}
		files[d.Name()] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	docs := documents(t)
	if len(docs) < 2 {
		t.Fatalf("found only %d documents: is docs/ still there?", len(docs))
	}
	named, linked, inText, byName := 0, 0, 0, 0
	for doc, text := range docs {
		for _, m := range quoted.FindAllStringSubmatch(text, -1) {
			p := m[1]
			if elsewhere(p) {
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
		// Links were checked from the page's directory: not again.
		prose := link.ReplaceAllString(text, "]")
		for _, m := range path.FindAllStringSubmatch(prose, -1) {
			p := strings.TrimRight(strings.TrimPrefix(m[1], "./"), ".,:;")
			if !top[strings.SplitN(p, "/", 2)[0]] || elsewhere(p) {
				continue
			}
			inText++
			if found, _ := filepath.Glob(p); len(found) == 0 {
				t.Errorf("%s names %s, which is not in the repository", doc, p)
			}
		}
		for _, m := range file.FindAllStringSubmatch(prose, -1) {
			if elsewhere(m[1]) {
				continue
			}
			byName++
			if !files[m[1]] {
				t.Errorf("%s names the file %s, which is nowhere in the repository", doc, m[1])
			}
		}
	}
	if named < 20 || linked < 10 || inText < 40 || byName < 20 {
		t.Errorf("the documents name only %d paths in backquotes, %d in the text and %d files by name, and link %d; are the patterns still right?",
			named, inText, byName, linked)
	}
	for name, what := range notHere {
		if !used[name] {
			t.Errorf("no document names %s (%s) any more: take it off the list", name, what)
		}
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
