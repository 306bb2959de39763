package core

import "testing"

// The lab replays a clock jump only where the lock has no lease to move,
// and no lock-delay at all; the rest it replays.
func TestReplayableCells(t *testing.T) {
	jump, _ := ScenarioByID("clock-jump")
	delay, _ := ScenarioByID("lock-delay")
	book, _ := ScenarioByID("gc-pause")
	for _, c := range []struct {
		sc  Scenario
		st  Strategy
		why NotReplayed
		ok  bool
	}{
		{jump, Lease, JumpedClock, false}, {jump, Consensus, JumpedClock, false}, {jump, NoTTL, "", true},
		{delay, Consensus, NoLockDelay, false}, {delay, NoTTL, "", true},
		{book, Redlock, "", true},
	} {
		if why, ok := Replayable(c.sc, c.st); why != c.why || ok != c.ok {
			t.Errorf("%s under %s: %q, %v; want %q, %v", c.sc.ID, c.st, why, ok, c.why, c.ok)
		}
	}
	r := Recording{Model: Safe, Verdict: Safe}
	if !r.Agrees() {
		t.Error("a recording with the model's verdict and every step agreeing does not agree")
	}
	r.FirstDiffers = 4
	if r.Agrees() {
		t.Error("a recording differing from step 4 agrees")
	}
}
