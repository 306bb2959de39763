package ui

import (
	"encoding/json"
	"fmt"
	stdhtml "html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The components on their own, natively, with go-app's test engine: what
// each draws from its fields, and what its handlers ask of the page.

// pageOf is a link to a page whose settings are *s: what a component asks
// of the page changes them.
func pageOf(s *state.Settings) *pageLink {
	return &pageLink{
		change: func(ctx app.Context, edit func(state.Settings) state.Settings) { *s = edit(*s) },
		guard:  func(where string, f func()) { f() },
	}
}

// mounted loads c into a test engine, as the page would mount it.
func mounted(t *testing.T, c app.Composer) app.Composer {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return c
}

// match fails unless want is at path in c's tree (0 first: the component's
// root).
func match(t *testing.T, c app.Composer, want app.UI, path ...int) {
	t.Helper()
	if err := app.TestMatch(c, app.TestUIDescriptor{Path: append([]int{0}, path...), Expected: want}); err != nil {
		t.Errorf("%T at %v: %v", c, path, err)
	}
}

var noCtx app.Context

// Free play's editor writes the item its fields say, holds it when asked,
// refuses an item that cannot be read with the reason, and walks back and
// forth through its history; each item says what it did in the run.
func TestPlayEditorWritesTheRun(t *testing.T) {
	runs := state.NewRuns()
	page := state.Settings{View: state.ViewPlay, Strategy: core.LeaseFencing, Lang: state.English, Step: 1}
	editor := func(script string) *playEditor {
		c := &playEditor{Script: script, Strategy: core.LeaseFencing, Single: true, Lang: state.English, Live: true, Runs: runs, Link: pageOf(&page)}
		c.OnInit()
		return c
	}
	c := editor("")
	c.onAdd(noCtx, app.Event{})
	if page.Script != "A:acquire" || page.Step != 2 {
		t.Fatalf("adding acquire: the page shows %q at step %d", page.Script, page.Step)
	}
	c = editor(page.Script)
	c.past = []string{""}
	c.verb, c.arg, c.hold = "write", "A-1", true
	c.onAdd(noCtx, app.Event{})
	if page.Script != "A:acquire,A:write:A-1@m2" || page.Step != 3 || c.said != "Added A:write:A-1@m2 as action 2." {
		t.Fatalf("adding a held write: %q at step %d, said %q", page.Script, page.Step, c.said)
	}
	// A write without its value cannot be read: the page is left alone.
	c.Script = page.Script
	c.verb, c.arg, c.hold = "write", "", false
	c.onAdd(noCtx, app.Event{})
	if page.Script != "A:acquire,A:write:A-1@m2" || c.problem != `item 3 ("A:write"): the wrong argument` {
		t.Errorf("a write without a value: %q, problem %q", page.Script, c.problem)
	}
	// The run as it now is: two items, each with what it did.
	c = mounted(t, editor(page.Script)).(*playEditor)
	match(t, c, app.Text("A:acquire"), 5, 0, 0, 0)
	match(t, c, app.Text("A:write:A-1@m2"), 5, 1, 0, 0)
	match(t, c, app.Text(" Write(token 1, \"A-1\") → sent, delayed"), 5, 1, 1, 0)
	// Undo and redo.
	c.past = []string{"", "A:acquire"}
	c.onUndo(noCtx, app.Event{})
	if page.Script != "A:acquire" || c.said != "Undone." || len(c.future) != 1 {
		t.Errorf("undo: %q, said %q, future %v", page.Script, c.said, c.future)
	}
	c.Script = page.Script
	c.onRedo(noCtx, app.Event{})
	if page.Script != "A:acquire,A:write:A-1@m2" {
		t.Errorf("redo: %q", page.Script)
	}
}

// The search panel runs the search its fields ask for (natively, to the
// end at once) and says what it found, with a link that opens the run in
// free play; under consensus with fencing it says there is none.
func TestSearchPanelSaysWhatItFound(t *testing.T) {
	runs := state.NewRuns()
	page := state.Settings{View: state.ViewSearch, Lang: state.English}
	c := &searchPanel{Strategy: core.Lease, Search: state.Search{Depth: 5}, Lang: state.English, Live: true, Path: "/", Runs: runs, Link: pageOf(&page)}
	c.onStart(noCtx, app.Event{})
	if c.run == nil || c.run.state != searchFound || c.run.result.Length != 5 || c.run.result.Harm != core.HarmOverwrite {
		t.Fatalf("lease, depth 5: %+v", c.run)
	}
	html := app.HTMLString(mounted(t, c))
	for _, want := range []string{
		"The shortest run that corrupts data under Lease lock (TTL): 5 actions",
		"How: an overwrite.",
		`data-testid="search-run"`, "view=play", `data-value="found"`,
		"A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the panel lacks %q", want)
		}
	}
	c = &searchPanel{Strategy: core.Consensus, Search: state.Search{Depth: 4}, Lang: state.English, Live: true, Path: "/", Runs: runs, Link: pageOf(&page)}
	c.onStart(noCtx, app.Event{})
	html = app.HTMLString(mounted(t, c))
	if !strings.Contains(html, "Bounded: under Consensus + fencing no run of up to 4 actions corrupts data") ||
		!strings.Contains(html, `data-proof="bounded"`) || strings.Contains(html, `data-testid="search-run"`) {
		t.Errorf("consensus, depth 4: %s", c.say)
	}
	// Changing what it looks for, once started, searches again.
	c.Search.Goal = core.AtRisk
	c.Live = true
	c.OnUpdate(noCtx)
	if c.run.for_.Goal != core.AtRisk || c.run.state != searchFound || c.run.result.Length != 4 {
		t.Errorf("at risk: %+v", c.run.result)
	}
}

// A search to closure says it closed, in both languages: no run of any
// length, the states visited, the bound on messages held; and the worst
// any run comes to, with a link to it.
func TestSearchPanelSaysWhenASearchClosed(t *testing.T) {
	runs := state.NewRuns()
	for lang, want := range map[state.Lang][]string{
		state.English: {"Closed: no run of any length with these actions corrupts data under Optimistic lock (no lock) (", " states visited, none left; at most 2 messages held up at once; in ",
			"The worst any run comes to is △ at risk (in 3 actions at the shortest).", "Open that run", "A:acquire,B:acquire,A:write:A"},
		state.Japanese: {"調べ尽くした: 楽観ロック(ロック無し) では、ここで試す操作によるどんな長さの実行でも、データを壊す実行は無い(訪れた状態 ", "残り無し。足止めするメッセージは同時に 2 個まで。",
			"どの実行も、行き着く先は最悪で「△ 危うい」だ(最短で 3 個の操作)。", "その実行を開く"},
	} {
		page := state.Settings{View: state.ViewSearch, Lang: lang}
		c := &searchPanel{Strategy: core.Optimistic, Search: state.Search{Closure: true}, Lang: lang, Live: true, Path: "/", Runs: runs, Link: pageOf(&page)}
		c.onStart(noCtx, app.Event{})
		if c.run == nil || c.run.state != searchNone || !c.run.result.Closed {
			t.Fatalf("optimistic, to closure: %+v", c.run)
		}
		html := app.HTMLString(mounted(t, c))
		if got := options(t, html, "search-depth"); len(got) != state.MaxDepth+1 || got[state.MaxDepth][0] != state.AnyDepth {
			t.Errorf("%s: the depths offered are %v", lang, got)
		}
		for _, w := range append(want, `data-proof="closed"`, `data-worst="at-risk"`, `data-value="any"`) {
			if !strings.Contains(html, stdhtml.EscapeString(w)) && !strings.Contains(html, w) {
				t.Errorf("%s: the panel lacks %q", lang, w)
			}
		}
	}
}

// The matrix's proof note links, to its search to closure, every column
// the search proves nothing corrupts, and no other: the model says so, at
// the bound the note names (about 5 s natively, consensus's search the
// longest).
func TestMatrixProofNoteLinksEveryColumnTheSearchProves(t *testing.T) {
	p := pageView{s: state.Settings{View: state.ViewMatrix, Lang: state.English}, path: "/"}
	html := app.HTMLString(p.proofNote())
	if !strings.Contains(html, fmt.Sprintf("at most %d messages held up at once", core.DefaultMaxHeld)) {
		t.Errorf("the note does not name the bound: %s", html)
	}
	linked := map[core.Strategy]bool{}
	for _, m := range regexp.MustCompile(`data-strategy="([^"]+)"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-strategy="([^"]+)"`).FindAllStringSubmatch(html, -1) {
		st, href := m[1], m[2]
		if st == "" {
			st, href = m[4], m[3]
		}
		linked[core.Strategy(st)] = true
		if !strings.Contains(href, "view=search") || !strings.Contains(href, "depth=any") || !strings.Contains(href, "strategy="+st) {
			t.Errorf("the proof of %s links to %s", st, href)
		}
	}
	for _, st := range core.Strategies() {
		s, err := core.NewSearch(core.SearchOptions{Strategy: st, Closure: true, MaxHeld: core.DefaultMaxHeld})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Run(10000) {
		}
		r := s.Result()
		if proved := r.Closed && !r.Found; proved != linked[st] {
			t.Errorf("%s: the search proves it never corrupted: %v; the note links it: %v (%+v)", st, proved, linked[st], r)
		}
	}
}

// readRecording reads the lab's recording name from static/web/lab.
func readRecording(t *testing.T, name string) *recording.Recording {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "static", "web", "lab", name))
	if err != nil {
		t.Fatal(err)
	}
	var rec recording.Recording
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return &rec
}

func TestTimelineDrawsTheStepsSoFar(t *testing.T) {
	runs := state.NewRuns()
	marks := func(html string) []string {
		var steps []string
		for _, m := range regexp.MustCompile(`<g [^>]*data-testid="timeline-event"[^>]*>`).FindAllString(html, -1) {
			steps = append(steps, regexp.MustCompile(`data-step="(\d+)"`).FindStringSubmatch(m)[1])
		}
		return steps
	}
	for st, want := range map[core.Strategy]string{core.Lease: "✗ destroys B's value", core.LeaseFencing: "✗1 refused"} {
		for _, c := range []struct {
			step   int
			future bool
			marks  string
		}{{1, false, ""}, {3, false, "2 3"}, {7, false, "2 3 4 5 6 7"}, {3, true, "2 3 4 5 6 7"}} {
			p := mounted(t, &timelineProgress{Scenario: "gc-pause", Strategy: st, Lang: state.English, Column: "run", Runs: runs, Step: c.step, Future: c.future})
			html := stdhtml.UnescapeString(app.HTMLString(p))
			if got := strings.Join(marks(html), " "); got != c.marks {
				t.Errorf("%s at step %d (whole run %v): marks of steps %q, want %q", st, c.step, c.future, got, c.marks)
			}
			if c.step < 7 && !c.future && strings.Contains(html, want) {
				t.Errorf("%s at step %d: the ending (%q) is drawn", st, c.step, want)
			}
			if c.future && strings.Count(html, "tl-later") < 4 {
				t.Errorf("%s at step %d: the steps to come are not faded: %s", st, c.step, html)
			}
			if c.step == 7 && !strings.Contains(html, want) {
				t.Errorf("%s: the drawing does not say %q", st, want)
			}
		}
	}
}
