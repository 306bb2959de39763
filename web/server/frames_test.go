//go:build !wasm

package server

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
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
	book := statesOf[state.FramesFile(state.English, false, state.ViewDemo, core.GCPause().ID, core.LeaseFencing)]
	if to := book["en/false/demo/gc-pause/lease-fencing/3"].Next[state.CmdToggleFencing.String()]; to != "en/false/demo/gc-pause/lease/3" {
		t.Errorf("F at the book's step 3 leads to %q", to)
	}
	// The matrix's language switch opens the other language's matrix.
	matrix := statesOf[state.FramesFile(state.Japanese, true, state.ViewMatrix, core.GCPause().ID, core.LeaseFencing)]
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
	frames := regexp.MustCompile(`<template data-frame="(\d+)">`).FindAllStringSubmatch(body, -1)
	if len(frames) != sc.Frames() {
		t.Fatalf("%d frames for %d steps", len(frames), sc.Frames())
	}
	for i, f := range frames {
		if f[1] != strconv.Itoa(i+1) {
			t.Errorf("frame %d is named %s", i+1, f[1])
		}
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
