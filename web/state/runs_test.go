package state

import (
	"fmt"
	"testing"

	"dlock/core"
)

// A Runs replays a run once, keeps every built-in run, and forgets the
// oldest script (with its runs) when it holds maxScripts.
func TestRunsKeepBuiltInsAndTheLatestScripts(t *testing.T) {
	c := NewRuns()
	sc, ok := c.Scenario("gc-pause")
	if !ok {
		t.Fatal("gc-pause is not found")
	}
	if a, b := c.Run(sc, core.Lease), c.Run(sc, core.Lease); a != b || a.Err != nil || len(a.Frames) != sc.Frames() {
		t.Fatalf("the run is replayed twice or wrong: %p %p %v", a, b, a.Err)
	}
	script := func(i int) string { return fmt.Sprintf("A:acquire,A:write:v%d", i) }
	first, err := c.Script(script(0))
	if err != nil {
		t.Fatal(err)
	}
	kept := c.Run(first, core.Lease)
	for i := 1; i < maxScripts; i++ {
		if _, err := c.Script(script(i)); err != nil {
			t.Fatal(err)
		}
	}
	if c.Run(first, core.Lease) != kept {
		t.Error("a script's run was forgotten before maxScripts scripts were read")
	}
	if _, err := c.Script(script(maxScripts)); err != nil {
		t.Fatal(err)
	}
	if len(c.scripts) != maxScripts {
		t.Errorf("%d scripts kept, want %d", len(c.scripts), maxScripts)
	}
	if _, ok := c.scripts[script(0)]; ok {
		t.Error("the oldest script was kept")
	}
	for k := range c.runs {
		if k.scenario == first.ID {
			t.Error("the oldest script's run was kept")
		}
	}
	if c.Run(sc, core.Lease) == nil || len(c.runs) == 0 {
		t.Error("the built-in run went with the scripts")
	}
	// A nil Runs computes and keeps nothing.
	var none *Runs
	if r := none.Run(sc, core.Lease); r.Err != nil || len(r.Frames) != sc.Frames() {
		t.Errorf("nil Runs: %v", r.Err)
	}
	if got, ok := none.Scenario(playPrefix + "A:acquire"); !ok || got.Frames() != 2 {
		t.Errorf("nil Runs reads a script as %v %v", got.ID, ok)
	}
}
