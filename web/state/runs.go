package web

import (
	"strings"
	"sync"

	"dlock/core"
)

// The page's model, computed once and shared by every render and every
// part of the page: the scenarios, and each run (a scenario replayed under a
// strategy) with its timeline. core builds a scenario afresh on every call
// and Replay is pure, so these never change once computed; a step only picks
// another frame of a run already here.
var (
	scenariosOnce sync.Once
	scenarios     []core.Scenario

	runsMu sync.Mutex
	runs   = map[runKey]*run{}
)

// allScenarios returns every scenario, built once. Callers must not change
// them.
func allScenarios() []core.Scenario {
	scenariosOnce.Do(func() { scenarios = core.Scenarios() })
	return scenarios
}

// playPrefix starts the id the page gives a script's run: the script
// follows, so that each script's run is kept apart.
const playPrefix = core.PlayScenario + ":"

// playScenario reads a script (see core.ParseScript), once per script.
func playScenario(script string) (core.Scenario, error) {
	playMu.Lock()
	defer playMu.Unlock()
	if p, ok := plays[script]; ok {
		return p.sc, p.err
	}
	sc, err := core.ParseScript(script)
	sc.ID = playPrefix + script
	if len(plays) >= maxPlays {
		clear(plays) // the page reads a handful of scripts; start again
	}
	plays[script] = playEntry{sc, err}
	return sc, err
}

type playEntry struct {
	sc  core.Scenario
	err error
}

// maxPlays bounds how many scripts, and so how many of their runs, the page
// keeps.
const maxPlays = 64

var (
	playMu sync.Mutex
	plays  = map[string]playEntry{}
)

// scenarioOf returns the scenario with that id, or false: a built-in one,
// or a script's run (playPrefix and the script).
func scenarioOf(id string) (core.Scenario, bool) {
	if script, ok := strings.CutPrefix(id, playPrefix); ok {
		sc, err := playScenario(script)
		return sc, err == nil
	}
	for _, sc := range allScenarios() {
		if sc.ID == id {
			return sc, true
		}
	}
	return core.Scenario{}, false
}

type runKey struct {
	scenario string
	strategy core.Strategy
}

// run is one scenario replayed under one strategy, laid out as a timeline.
type run struct {
	frames   []core.Frame
	timeline core.Timeline
	err      error
}

// runOf returns the run of sc under st, replaying it the first time only.
func runOf(sc core.Scenario, st core.Strategy) *run {
	k := runKey{sc.ID, st}
	runsMu.Lock()
	defer runsMu.Unlock()
	if r, ok := runs[k]; ok {
		return r
	}
	if len(runs) >= maxRuns {
		clear(runs) // scripts' runs would otherwise pile up
	}
	r := &run{}
	r.frames, r.err = core.Replay(sc, st)
	if r.err == nil {
		r.timeline = core.NewTimeline(r.frames)
	}
	runs[k] = r
	return r
}

// maxRuns bounds how many runs the page keeps: every built-in one (84) and
// a few scripts' under every strategy.
const maxRuns = 84 + 6*maxPlays

// strategyList is every strategy, in the table's order.
var strategyList = core.Strategies()
