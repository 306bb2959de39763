package state

import (
	"strings"
	"sync"

	"dlock/core"
	"dlock/core/recording"
	"dlock/core/timeline"
)

// Runs keeps what the page computes from core and reads again: the
// scenarios, the scripts read, and each run (a scenario replayed under a
// strategy) with its timeline. core builds a scenario afresh on every call
// and Replay is pure, so none of these changes once computed; a step only
// picks another frame of a run already here.
//
// A page holds one Runs and passes it to whatever reads the settings'
// scenario (Settings.ScenarioData, Do, ParseSettings, ...); it is safe for
// concurrent use, so a server may share one between requests. A nil *Runs
// keeps nothing and computes every time.
//
// The built-in runs are few and all kept. Scripts are not: the most recent
// maxScripts are kept with their runs, and the oldest is forgotten first.
type Runs struct {
	mu        sync.Mutex
	scenarios []core.Scenario
	scripts   map[string]script
	order     []string // the scripts kept, oldest first
	runs      map[runKey]*Run
	// recordings are the lab's, by "scenario.strategy" (SetRecordings).
	recordings map[string]recording.Recording
}

// maxScripts is how many scripts (and their runs) a Runs keeps.
const maxScripts = 64

type script struct {
	sc  core.Scenario
	err error
}

type runKey struct {
	scenario string
	strategy core.Strategy
}

// Run is one scenario replayed under one strategy, laid out as a timeline.
type Run struct {
	Frames   []core.Frame
	Timeline timeline.Timeline
	Err      error
}

// NewRuns returns an empty cache.
func NewRuns() *Runs {
	return &Runs{scripts: map[string]script{}, runs: map[runKey]*Run{}}
}

// Scenarios returns every built-in scenario, in the chapter's order.
// Callers must not change them.
func (c *Runs) Scenarios() []core.Scenario {
	if c == nil {
		return core.Scenarios()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.scenarios == nil {
		c.scenarios = core.Scenarios()
	}
	return c.scenarios
}

// SetRecordings keeps the lab's recordings (its index, make lab), which
// the server reads to draw the matrix's marks in its frames; in the
// browser the matrix fetches them.
func (c *Runs) SetRecordings(all []recording.Recording) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.recordings = map[string]recording.Recording{}
	for _, r := range all {
		c.recordings[r.Scenario+"."+string(r.Strategy)] = r
	}
}

// Recordings are the recordings kept by SetRecordings, by
// "scenario.strategy": nil until SetRecordings, empty if it was given none.
func (c *Runs) Recordings() map[string]recording.Recording {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.recordings
}

// playPrefix starts the id the page gives a script's run: the script
// follows, so that each script's run is kept apart.
const playPrefix = core.PlayScenario + ":"

// Script reads a script (see core.ParseScript) as a scenario whose id is
// playPrefix and the script.
func (c *Runs) Script(text string) (core.Scenario, error) {
	if c == nil {
		return parseScript(text)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.scripts[text]; ok {
		return p.sc, p.err
	}
	sc, err := parseScript(text)
	if len(c.order) == maxScripts {
		c.forget(c.order[0])
	}
	c.scripts[text] = script{sc, err}
	c.order = append(c.order, text)
	return sc, err
}

func parseScript(text string) (core.Scenario, error) {
	sc, err := core.ParseScript(text)
	sc.ID = playPrefix + text
	return sc, err
}

// forget drops a script and its runs; c.mu is held.
func (c *Runs) forget(text string) {
	delete(c.scripts, text)
	c.order = c.order[1:]
	for k := range c.runs {
		if k.scenario == playPrefix+text {
			delete(c.runs, k)
		}
	}
}

// Scenario returns the scenario with that id, or false: a built-in one, or
// a script's run (playPrefix and the script).
func (c *Runs) Scenario(id string) (core.Scenario, bool) {
	if text, ok := strings.CutPrefix(id, playPrefix); ok {
		sc, err := c.Script(text)
		return sc, err == nil
	}
	for _, sc := range c.Scenarios() {
		if sc.ID == id {
			return sc, true
		}
	}
	return core.Scenario{}, false
}

// Run returns the run of sc under st, replaying it the first time only.
func (c *Runs) Run(sc core.Scenario, st core.Strategy) *Run {
	if c == nil {
		return replay(sc, st)
	}
	k := runKey{sc.ID, st}
	c.mu.Lock()
	r, ok := c.runs[k]
	c.mu.Unlock()
	if ok {
		return r
	}
	r = replay(sc, st)
	c.mu.Lock()
	defer c.mu.Unlock()
	// A script forgotten meanwhile keeps no runs.
	if _, kept := c.scripts[strings.TrimPrefix(sc.ID, playPrefix)]; kept || !strings.HasPrefix(sc.ID, playPrefix) {
		c.runs[k] = r
	}
	return r
}

func replay(sc core.Scenario, st core.Strategy) *Run {
	r := &Run{}
	r.Frames, r.Err = core.Replay(sc, st)
	if r.Err == nil {
		r.Timeline = timeline.New(r.Frames)
	}
	return r
}
