package web

import (
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

// scenarioOf returns the scenario with that id, or false.
func scenarioOf(id string) (core.Scenario, bool) {
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
	r := &run{}
	r.frames, r.err = core.Replay(sc, st)
	if r.err == nil {
		r.timeline = core.NewTimeline(r.frames)
	}
	runs[k] = r
	return r
}

// strategyList is every strategy, in the table's order.
var strategyList = core.Strategies()
