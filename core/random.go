package core

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// RandomRun draws a run of n actions from the search's alphabet (see
// Search): at each step one of the actions the search would try from that
// state, uniformly, a held one given a fresh message id. exclude
// leaves kinds out (a lab that cannot stage a clock jump, say). The run is
// a scenario of the search's clients and resources, replayable and
// writable as a script (Scenario.Script). It fails as NewSearch does on bad
// options.
func RandomRun(r *rand.Rand, opts SearchOptions, n int, exclude ...ActionKind) (Scenario, error) {
	if !opts.Strategy.Valid() {
		return Scenario{}, fmt.Errorf("%w: %q", errUnknownStrategy, opts.Strategy)
	}
	if n < 1 {
		return Scenario{}, fmt.Errorf("a random run of %d actions: it must have 1 or more", n)
	}
	sc := searchScenario(opts)
	w := newWorld(sc, opts.Strategy)
	plain, held := searchAlphabet(w, opts)
	allowed := func(a Action) bool {
		for _, k := range exclude {
			if a.Kind == k {
				return false
			}
		}
		return a.Client == "" || w.client(a.Client).State != Crashed
	}
	for i := range n {
		var choice []Action
		for _, a := range plain {
			if allowed(a) {
				choice = append(choice, a)
			}
		}
		for _, m := range w.network {
			if d := (Action{Kind: ActDeliver, Message: m.ID}); allowed(d) {
				choice = append(choice, d)
			}
		}
		for _, a := range held {
			if allowed(a) {
				a.Hold = "m" + strconv.Itoa(i+1)
				choice = append(choice, a)
			}
		}
		a := choice[r.IntN(len(choice))]
		if _, err := w.step(a); err != nil {
			return Scenario{}, fmt.Errorf("step %d (%s): %w", i+1, a.String(), err)
		}
		sc.Steps = append(sc.Steps, Step{Action: a})
	}
	return sc, nil
}
