package recording

import (
	"testing"

	"dlock/core"
)

// The lab replays a clock jump only where the lock has no lease to move,
// and no lock-delay at all; the rest it replays.
func TestReplayableCells(t *testing.T) {
	jump, _ := core.ScenarioByID("clock-jump")
	delay, _ := core.ScenarioByID("lock-delay")
	book, _ := core.ScenarioByID("gc-pause")
	restore, _ := core.ScenarioByID("restore-from-backup")
	for _, c := range []struct {
		sc  core.Scenario
		st  core.Strategy
		why NotReplayed
		ok  bool
	}{
		{jump, core.Lease, JumpedClock, false}, {jump, core.Consensus, JumpedClock, false}, {jump, core.NoTTL, "", true},
		{delay, core.Consensus, NoLockDelay, false}, {delay, core.NoTTL, "", true},
		{book, core.Redlock, "", true},
		// The optimistic row has no lock service for a restore, a
		// lock-delay or a partition to act on.
		{delay, core.Optimistic, "", true}, {restore, core.Optimistic, "", true}, {restore, core.Consensus, NoRestore, false},
	} {
		if why, ok := Replayable(c.sc, c.st); why != c.why || ok != c.ok {
			t.Errorf("%s under %s: %q, %v; want %q, %v", c.sc.ID, c.st, why, ok, c.why, c.ok)
		}
	}
	// A call by a client in the partition its held renewal makes: not
	// before the renewal, not after its delivery, not by the other client.
	parted, _ := core.ScenarioByID("partitioned-holder")
	for _, c := range []struct {
		script string
		item   int
	}{
		{"A:acquire,A:renew@m1,A:release", 3},
		{"A:acquire,A:renew@m1,B:acquire,A:write:x,deliver:m1,A:release", 0},
		{"A:acquire,A:renew,A:renew@m1,tick:5,A:acquire", 5},
		{"A:acquire@m1,A:acquire,deliver:m1", 0},
	} {
		sc, err := core.ParseScript(c.script)
		if err != nil {
			t.Fatal(err)
		}
		if got := HeldRenewalCall(sc); got != c.item {
			t.Errorf("%s: item %d, want %d", c.script, got, c.item)
		}
		if why, ok := Replayable(sc, core.Lease); ok != (c.item == 0) || !ok && why != CallInPartition {
			t.Errorf("%s: replayable %v (%s)", c.script, ok, why)
		}
		if _, ok := Replayable(sc, core.Optimistic); !ok {
			t.Errorf("%s: not replayable under the optimistic row, which sends no renewal", c.script)
		}
	}
	if HeldRenewalCall(parted) != 0 {
		t.Error("partitioned-holder calls in its own partition")
	}
	r := Recording{Model: core.Safe, Verdict: core.Safe}
	if !r.Agrees() {
		t.Error("a recording with the model's verdict and every step agreeing does not agree")
	}
	r.FirstDiffers = 4
	if r.Agrees() {
		t.Error("a recording differing from step 4 agrees")
	}
}
