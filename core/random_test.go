package core

import (
	"math/rand/v2"
	"testing"
)

// A random run is drawn from the search's alphabet, is the same for the
// same seed, replays as a script, and leaves out the kinds asked.
func TestRandomRunsAreScriptsOfTheSearchAlphabet(t *testing.T) {
	opts := SearchOptions{Strategy: Lease, Renew: true}
	seen := map[ActionKind]bool{}
	for seed := range uint64(200) {
		sc, err := RandomRun(rand.New(rand.NewPCG(seed, 0)), opts, 8, ActJump)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := RandomRun(rand.New(rand.NewPCG(seed, 0)), opts, 8, ActJump)
		if sc.Script() != again.Script() {
			t.Fatalf("seed %d drew %q, then %q", seed, sc.Script(), again.Script())
		}
		if len(sc.Steps) != 8 {
			t.Fatalf("seed %d: %d steps", seed, len(sc.Steps))
		}
		parsed, err := ParseScript(sc.Script())
		if err != nil {
			t.Fatalf("seed %d: %q does not parse: %v", seed, sc.Script(), err)
		}
		if _, err := Replay(parsed, Lease); err != nil {
			t.Fatalf("seed %d: %q does not replay: %v", seed, sc.Script(), err)
		}
		for _, s := range sc.Steps {
			seen[s.Action.Kind] = true
			if s.Action.Kind == ActJump {
				t.Fatalf("seed %d drew a jump it was told to leave out", seed)
			}
		}
	}
	for _, k := range []ActionKind{ActAcquire, ActRenew, ActWrite, ActRead, ActDeliver, ActPause, ActCrash, ActTick, ActRestart} {
		if !seen[k] {
			t.Errorf("200 runs drew no %s", k)
		}
	}
	if _, err := RandomRun(rand.New(rand.NewPCG(1, 0)), SearchOptions{Strategy: "nope"}, 8); err == nil {
		t.Error("an unknown row drew a run")
	}
	if _, err := RandomRun(rand.New(rand.NewPCG(1, 0)), opts, 0); err == nil {
		t.Error("a run of 0 actions was drawn")
	}
}
