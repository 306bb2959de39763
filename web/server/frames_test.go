//go:build !wasm

package server

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/ui"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Every run has its frames file, in both languages, embedded or not; each
// file's states lead, by every command, only to states that some file
// holds, the file the loader's rules name for them.
func TestEveryRunHasFramesWhoseStatesLeadToFrames(t *testing.T) {
	runs := state.NewRuns()
	files := FramesFiles(runs)
	if want := (len(runs.Scenarios())*len(core.Strategies()) + 1) * len(state.Langs) * 2; len(files) != want {
		t.Fatalf("%d frames files, want %d (every scenario under every row, and the matrix; both languages, embedded or not)", len(files), want)
	}
	rules := NewLoaderRules(runs)
	statesOf := map[string]map[string]FrameState{}
	for path, of := range files {
		statesOf[path] = RunStates(runs, of.Lang, of.Embed, of.View, of.Scenario, of.Strategy)
		if n := state.FrameSteps(of.View, of.Scenario); len(statesOf[path]) != n {
			t.Errorf("%s: %d states for %d frames", path, len(statesOf[path]), n)
		}
	}
	// fileOf is where the loader looks for a state (dlockFramesFile).
	fileOf := func(id string) string {
		v, path := strings.Split(id, "/"), rules.File
		for i, f := range rules.Fields {
			value := v[i]
			if f == "embed" {
				value = map[string]string{"true": rules.EmbedDir, "false": ""}[value]
			}
			path = strings.ReplaceAll(path, "{"+f+"}", value)
		}
		return path
	}
	for path, states := range statesOf {
		for id, s := range states {
			if fileOf(id) != path {
				t.Errorf("%s: the state %s is looked for in %s", path, id, fileOf(id))
			}
			for cmd, to := range s.Next {
				if to == "" {
					continue
				}
				if _, ok := statesOf[fileOf(to)][to]; !ok {
					t.Errorf("%s: %s leads by %s to %s, which %s does not hold", path, id, cmd, to, fileOf(to))
				}
			}
		}
	}
	// The fencing switch moves the book's run between its two files.
	book := statesOf[state.FramesFile(state.English, false, state.ViewDemo, core.GCPauseID, core.LeaseFencing)]
	if to := book["en/false/demo/gc-pause/lease-fencing/3"].Next[state.CmdToggleFencing.String()]; to != "en/false/demo/gc-pause/lease/3" {
		t.Errorf("F at the book's step 3 leads to %q", to)
	}
	// The matrix's language switch opens the other language's matrix.
	matrix := statesOf[state.FramesFile(state.Japanese, true, state.ViewMatrix, core.GCPauseID, core.LeaseFencing)]
	if to := matrix["ja/true/matrix/gc-pause/lease-fencing/1"].Next[state.CmdToggleLang.String()]; to != "en/true/matrix/gc-pause/lease-fencing/1" {
		t.Errorf("the matrix's language switch leads to %q", to)
	}
}

// A frames file starts with its states, which the loader reads before any
// frame, then holds one frame per step, in order.
func TestAFramesFileHoldsItsStatesThenItsFrames(t *testing.T) {
	runs := state.NewRuns()
	sc, _ := core.ScenarioByID("heartbeat")
	body := RunFrames(runs, "/dlock", state.English, true, state.ViewDemo, sc, core.Redlock, "v")
	head, _, ok := strings.Cut(body, "<template")
	if !ok {
		t.Fatal("no frame")
	}
	m := regexp.MustCompile(`<script type="application/json" id="dlock-states">(.*)</script>`).FindStringSubmatch(head)
	if m == nil {
		t.Fatalf("no states in the head: %s", head)
	}
	var states map[string]FrameState
	if err := json.Unmarshal([]byte(m[1]), &states); err != nil {
		t.Fatal(err)
	}
	if len(states) != sc.Frames() || states["en/true/demo/heartbeat/redlock/1"].Frame != "1" {
		t.Errorf("states %v", states)
	}
	frames := regexp.MustCompile(`<template data-frame="(\d+)"(?: data-from="(\d+)")?>`).FindAllStringSubmatch(body, -1)
	if len(frames) != sc.Frames() {
		t.Fatalf("%d frames for %d steps", len(frames), sc.Frames())
	}
	for i, f := range frames {
		if f[1] != strconv.Itoa(i+1) {
			t.Errorf("frame %d is named %s", i+1, f[1])
		}
		// The first is whole, each later one its changes from the one before.
		if from := map[bool]string{true: "", false: strconv.Itoa(i)}[i == 0]; f[2] != from {
			t.Errorf("frame %d is written from %q, want %q", i+1, f[2], from)
		}
	}
}

// readFrames reads a frames file as the loader does (static/loader,
// dlockFramesReader), written here anew: every frame, put back together,
// in the file's order.
func readFrames(t *testing.T, body string) (ids []string, frames map[string]string) {
	t.Helper()
	frames = map[string]string{}
	var before []string
	beforeID := ""
	for _, m := range regexp.MustCompile(`(?s)<template data-frame="([^"]*)"(?: data-from="([^"]*)")?>\n(.*?)\n</template>\n`).FindAllStringSubmatch(body, -1) {
		id, from, text := m[1], m[2], m[3]
		// The text between copies is split before each "<", quote, space,
		// "&" and ">"; a copy stands for a run of the frame before's.
		var tokens []string
		split := func(s string) {
			for len(s) > 0 {
				end := 1
				for end < len(s) && !strings.ContainsRune("<\" &>", rune(s[end])) {
					end++
				}
				tokens = append(tokens, s[:end])
				s = s[end:]
			}
		}
		if from == "" {
			split(text)
		} else {
			if from != beforeID {
				t.Fatalf("frame %s is written from %s, after frame %s", id, from, beforeID)
			}
			copies := regexp.MustCompile(`<!--=(\d+),(\d+)-->`)
			last := 0
			for _, c := range copies.FindAllStringSubmatchIndex(text, -1) {
				split(text[last:c[0]])
				start, _ := strconv.Atoi(text[c[2]:c[3]])
				n, _ := strconv.Atoi(text[c[4]:c[5]])
				if n <= 0 || start+n > len(before) {
					t.Fatalf("frame %s copies %d,%d of %d tokens", id, start, n, len(before))
				}
				tokens = append(tokens, before[start:start+n]...)
				last = c[1]
			}
			split(text[last:])
		}
		frames[id] = strings.Join(tokens, "")
		ids = append(ids, id)
		before, beforeID = tokens, id
	}
	return ids, frames
}

// Every frame of a run's file, put back together as the loader does, is
// the app's own HTML for its state, byte for byte; and the file is a
// fraction of its frames written whole.
func TestAFramePutBackTogetherIsTheAppsOwn(t *testing.T) {
	runs := state.NewRuns()
	whole, written := 0, 0
	for _, of := range FramesFiles(runs) {
		// Every run in English, and the book's and heartbeat's in every
		// language, embedded or not; with -short the book's.
		if of.Lang != state.English && of.Scenario.ID != core.GCPauseID && of.Scenario.ID != "heartbeat" ||
			testing.Short() && of.Scenario.ID != core.GCPauseID {
			continue
		}
		body := RunFrames(runs, "/dlock", of.Lang, of.Embed, of.View, of.Scenario, of.Strategy, "v1")
		ids, frames := readFrames(t, body)
		if n := state.FrameSteps(of.View, of.Scenario); len(ids) != n {
			t.Fatalf("%s: %d frames read, want %d", state.FramesFile(of.Lang, of.Embed, of.View, of.Scenario.ID, of.Strategy), len(ids), n)
		}
		for step := 1; step <= len(ids); step++ {
			s := state.Settings{Scenario: of.Scenario.ID, Strategy: of.Strategy, Step: step, Lang: of.Lang, View: of.View, Embed: of.Embed}
			want := app.HTMLString(ui.Frame(s, runs, "/dlock/", FrameOrigin, "v1"))
			if got := frames[FrameID(s)]; got != want {
				t.Fatalf("%s, step %d: the frame put back together differs from the app's HTML", state.FramesFile(of.Lang, of.Embed, of.View, of.Scenario.ID, of.Strategy), step)
			}
			whole += len(want)
		}
		written += len(body)
	}
	if written*100 > whole*45 {
		t.Errorf("the files are %d bytes, %d%% of their frames written whole (%d)", written, written*100/whole, whole)
	}
	t.Logf("the files are %d bytes, %d%% of their frames written whole", written, written*100/whole)
}

// A frame is written as copies of the runs of tokens the frame before
// holds, and the rest as it is; a run too short to be worth a copy is
// written out. A tag that differs in one value is written as that value.
func TestFrameChangesCopyWhatTheFrameBeforeHolds(t *testing.T) {
	long := func(s string) []string { return frameTokens(`<p class="long enough to be worth a copy">` + s) }
	join := func(parts ...[]string) []string { return slices.Concat(parts...) }
	// 0 <main, 1 >, 2-12 the first long part, 13-23 the second, 24-34
	// the third, 35 </main, 36 >.
	before := join([]string{"<main", ">"}, long("a"), long("b"), long("c"), []string{"</main", ">"})
	for _, c := range []struct {
		cur  []string
		want string
	}{
		{before, "<!--=0,37-->"},
		// One text changed: written as that text alone.
		{join([]string{"<main", ">"}, long("a"), long("B"), long("c"), []string{"</main", ">"}), "<!--=0,23-->>B<!--=24,13-->"},
		// Parts reordered: copied from where they are; "</main>" is
		// shorter than its copy.
		{join([]string{"<main", ">"}, long("c"), long("a"), []string{"</main", ">"}), "<!--=0,12-->>c<!--=2,11--></main>"},
		{[]string{"<div", ">", "<b", ">"}, "<div><b>"},
		{[]string{"x", "<i", ">"}, "x<i>"},
	} {
		numbers := tokenNumbers{}
		if got := frameChanges(numbers.of(before), numbers.of(c.cur)); got != c.want {
			t.Errorf("frameChanges(%q) = %q, want %q", c.cur, got, c.want)
		}
	}
	if got := frameTokens(`x<a href="/?step=3&amp;lang=en">b c</a>`); strings.Join(got, "|") != `x|<a| href=|"/?step=3|&amp;lang=en|"|>b| c|</a|>` {
		t.Errorf("frameTokens: %q", got)
	}
}

// The loader's rules read a step under its scenario: a step past the
// book's seven is good in a longer scenario, and bad (the first step, as
// the app shows it) in the book's.
func TestTheLoaderReadsAStepUnderItsScenario(t *testing.T) {
	rules := NewLoaderRules(state.NewRuns())
	var step *ParamGroup
	for i, g := range rules.Groups {
		if g.Given == "scenario" && g.Params[0] == state.ParamStep {
			step = &rules.Groups[i]
		}
	}
	if step == nil {
		t.Fatal("no step group read under the scenario")
	}
	long := step.BySet["heartbeat"][`["12"]`]
	book := step.BySet["gc-pause"][`["*"]`]
	if long == nil || long["step"] != 12 || book == nil || book["step"] != 1 {
		t.Errorf("step 12 of heartbeat reads %v; a bad step of the book's %v", long, book)
	}
	if _, ok := step.BySet["gc-pause"][`["12"]`]; !ok {
		t.Error("step=12 is not read under the book's scenario")
	}
	if b, _ := json.Marshal(rules); len(b) > 60_000 {
		t.Errorf("the loader's rules are %d bytes, which every page's app.js carries", len(b))
	}
}

// The loader serves no step of predict mode: quiz=1 reads as an address
// whose frame it does not hold, so every key waits for the app, which asks
// before it steps; quiz=0 is the page as ever, and another value is one
// the app says is wrong.
func TestTheLoaderLeavesPredictModeToTheApp(t *testing.T) {
	rules := NewLoaderRules(state.NewRuns())
	var quiz *ParamGroup
	for i, g := range rules.Groups {
		if slices.Equal(g.Params, []string{state.ParamQuiz}) {
			quiz = &rules.Groups[i]
		}
	}
	if quiz == nil {
		t.Fatal("no group reads quiz")
	}
	for _, on := range []string{`["1"]`, `["true"]`} {
		if set, ok := quiz.Sets[on]; !ok || set != nil {
			t.Errorf("quiz=%s reads as %v (held %t), want no frame", on, set, ok)
		}
	}
	if set := quiz.Sets[`["0"]`]; set == nil || set[badField] != nil {
		t.Errorf("quiz=0 reads as %v, want a frame", set)
	}
	if set := quiz.Sets[`["*"]`]; set == nil || set[badField] != true {
		t.Errorf("a bad quiz reads as %v, want a frame the app says is wrong", set)
	}
}
