package course

import (
	"testing"

	"dlock/core"
)

// A run is decided at the first step from which its verdict stays the one it
// ends with, written out for a few runs.
func TestDecidedAt(t *testing.T) {
	cases := []struct {
		sc   string
		st   core.Strategy
		want int
	}{
		{core.GCPauseID, core.Lease, 7},                // A's late write destroys B's value
		{core.GCPauseID, core.LeaseFencing, 7},         // safe: the last step
		{"fenced-read", core.ConsensusUnfenced, 8},     // at risk at 7, corrupted at 8
		{"stale-before-new-holder", core.Consensus, 6}, // A's late write lands
		{"crash-no-ttl", core.NoTTL, 4},                // A crashes holding a lock without TTL
	}
	for _, c := range cases {
		sc, ok := core.ScenarioByID(c.sc)
		if !ok {
			t.Fatalf("no scenario %s", c.sc)
		}
		frames, err := core.Replay(sc, c.st)
		if err != nil {
			t.Fatal(err)
		}
		if got := DecidedAt(frames); got != c.want {
			t.Errorf("%s under %s: decided at %d, want %d", c.sc, c.st, got, c.want)
		}
	}
	if got := DecidedAt(nil); got != 1 {
		t.Errorf("a run of no frames is decided at %d, want 1", got)
	}
}
