package core

import (
	"slices"
	"testing"
)

// The chapter's central point: a lock on a consensus system, used without
// fencing, is corrupted by a GC pause like any lease.
func TestConsensusWithoutFencingIsCorruptedByAPause(t *testing.T) {
	if !slices.Contains(Strategies(), ConsensusUnfenced) {
		t.Fatal("the matrix has no row for a consensus lock used alone")
	}
	d := ConsensusUnfenced.Design()
	if d != (Design{TTLLease, Replicated, Unchecked}) {
		t.Fatalf("consensus-unfenced is %+v", d)
	}
	last := mustReplay(t, GCPause(), ConsensusUnfenced)[6]
	if last.Verdict != Corrupted || last.Event.Stale != Overwrote || last.Resources[0].Data != "A-STALE" {
		t.Errorf("A's late write under a replicated lock without fencing: %+v, %s", last.Event, last.Verdict)
	}
}

// After a counter reset the stale holder's token can be the larger one: the
// resource refuses the holder in force (stuck) and accepts the stale write
// (corrupted). The old verdict called this run protected.
func TestCounterResetWithTheLargerStaleTokenIsNotProtected(t *testing.T) {
	sc := runOf(
		acquire("A"), release("A"), // token 1, given back
		acquire("A"), write("A", "A-value"), // token 2
		pause("A", BookLease), restart(),
		acquire("B"),          // token 1 again
		write("B", "B-value"), // 1 < maxToken 2: the holder in force is refused
		write("A", "A-STALE"), // 2 >= 2: accepted, though B holds the lock
	)
	frames := mustReplay(t, sc, LeaseFencing)
	b := frames[8]
	if b.Event.Token != 1 || b.Event.Result != ResultRejected || b.Verdict != Stuck {
		t.Errorf("B's write with token 1 after the reset: %+v, verdict %s", b.Event, b.Verdict)
	}
	a := frames[9]
	if a.Event.Token != 2 || a.Event.Result != ResultStale || a.Event.Stale != BeforeNewHolder || a.Verdict != Corrupted {
		t.Errorf("A's stale write with the larger token: %+v, verdict %s", a.Event, a.Verdict)
	}
	if err := Check(frames); err != nil {
		t.Error(err)
	}
}

// A client that gives up and releases does not call back a write already
// on its way: a plain lock corrupts too.
func TestDelayedWriteCorruptsAPlainLockOnceReleased(t *testing.T) {
	frames := mustReplay(t, DelayedWrite(), NoTTL)
	if ev := frames[3].Event; ev.Kind != ActRelease || ev.Result != ResultReleased || len(frames[3].Network) != 1 {
		t.Fatalf("A releases with its write still held: %+v, network %v", ev, frames[3].Network)
	}
	if last := frames[6]; last.Verdict != Corrupted || last.Event.Stale != Overwrote {
		t.Errorf("A's write delivered after B's: %+v, %s", last.Event, last.Verdict)
	}
}

// A careful client measures its lease from when it sent the request: a
// reply that arrives after that lease has ended is of no use to it.
func TestCarefulClientDoesNotUseALateGrant(t *testing.T) {
	sc := SlowGrant()
	sc.FromReply = nil
	for _, st := range []Strategy{Lease, Redlock, ConsensusUnfenced} {
		frames := mustReplay(t, sc, st)
		got := frames[6]
		a, _ := got.Client("A")
		if got.Event.Result != ResultLateGrant || a.Holds() {
			t.Errorf("%s: the late reply reaches a careful A: %+v, A %+v", st, got.Event, a)
		}
		if ev := frames[8].Event; ev.Result != ResultSkipped || VerdictOf(frames) != Safe {
			t.Errorf("%s: the careful A writes anyway: %+v", st, ev)
		}
	}
	// A reply that arrives in time leaves it the rest of the lease, counted
	// from the request.
	sc = runOf(heldAcquire("A", "g"), tick(4), deliver("g"))
	a, _ := mustReplay(t, sc, Lease)[3].Client("A")
	if a.LeaseUntil != BookLease || !a.Holds() {
		t.Errorf("a reply 4 ticks late: A believes %+v, want its lease until t=%d", a, BookLease)
	}
}

// Redlock's client gives back the nodes it won when it has no majority.
func TestRedlockGivesBackAMinority(t *testing.T) {
	sc := runOf(Action{Kind: ActAcquire, Client: "A", Lease: 10, Nodes: []int{1, 2}})
	f := mustReplay(t, sc, Redlock)[1]
	if f.Event.Result != ResultRefused || f.Event.Nodes != 2 {
		t.Errorf("two of five nodes: %+v", f.Event)
	}
	for n, node := range f.Lock.Nodes {
		if node.Holder != "" {
			t.Errorf("node %d still holds for %s", n+1, node.Holder)
		}
	}
}
