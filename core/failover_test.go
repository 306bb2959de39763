package core

import (
	"errors"
	"testing"
)

// The failover scenario under lease-fencing: the primary dies before its
// replica had A's grant, so the replica takes over with no lock and its
// counter at 0, and grants B token 1, A's. Two holders at once, each
// within its own lease, nobody paused, the same token twice: A's write
// passes the check (1 is not below maxToken 1) and overwrites B's value.
func TestAFailoverBeforeTheSyncIssuesATokenAgain(t *testing.T) {
	frames := mustReplay(t, failoverScenario(), LeaseFencing)
	for _, f := range frames {
		for _, c := range f.Clients {
			if c.State == Paused {
				t.Fatalf("step %d: %s paused; the story has no pause", f.Step, c.Name)
			}
		}
	}
	before, fo := frames[3], frames[4]
	if r := before.Lock.Replica; r == nil || !r.Behind || r.Holder != "" || r.Issued != 0 || before.Lock.Issued != 1 {
		t.Fatalf("before the failover the replica should lack A's grant: %+v, counter %d", r, before.Lock.Issued)
	}
	if fo.Event.Kind != ActFailover || fo.Event.Result != ResultRolledBack || fo.Lock.Holder != "" || fo.Lock.Issued != 0 || fo.Lock.Replica != nil || !fo.Lock.FailedOver {
		t.Fatalf("the failover: %+v, lock %+v", fo.Event, fo.Lock)
	}
	b := frames[5]
	if b.Event.Result != ResultGranted || b.Event.Token != 1 || b.Event.Grant != 2 {
		t.Fatalf("B after the failover: %+v, want grant 2 with token 1", b.Event)
	}
	if got := b.TokenTwice(); len(got) != 1 || got[0] != "A" {
		t.Errorf("B holds token 1, which A believes it holds too: TokenTwice = %v", got)
	}
	a := frames[7]
	ca, _ := a.Client("A")
	cb, _ := a.Client("B")
	if ca.Token != 1 || cb.Token != 1 || !ca.leaseValid(a.Clock) || !cb.leaseValid(a.Clock) || a.Event.PastOwnLease {
		t.Errorf("at A's second write both hold token 1 within their leases: A %+v, B %+v at t=%d", ca, cb, a.Clock)
	}
	if a.Event.Result != ResultStale || a.Event.Stale != Overwrote || a.Event.Overwritten != "B" || a.Verdict != Corrupted {
		t.Errorf("A's write with the same token: %+v, %s", a.Event, a.Verdict)
	}
	if err := checkRun(frames); err != nil {
		t.Error(err)
	}
}

// Under the consensus rows the failover is a leader change: A's grant,
// acknowledged by a majority, survives; B is refused; and A's lease is
// restarted at its full length plus the election timeout, so it ends at
// 5+10+1 = 16 instead of 10 (core/timeline's test draws it so).
func TestALeaderChangeKeepsTheGrantAndStretchesTheLease(t *testing.T) {
	for _, st := range []Strategy{Consensus, ConsensusUnfenced} {
		frames := mustReplay(t, failoverScenario(), st)
		before, fo := frames[3], frames[4]
		if before.Lock.Expiry != BookLease || before.Lock.Replica != nil {
			t.Fatalf("%s: before the failover: %+v", st, before.Lock)
		}
		want := failoverLag + BookLease + ElectionTimeout
		if fo.Event.Result != ResultLeaderChanged || fo.Lock.Holder != "A" || fo.Lock.Grant != 1 || fo.Lock.Expiry != want {
			t.Fatalf("%s: the leader change: %+v, lock %+v; want A's grant until t=%d", st, fo.Event, fo.Lock, want)
		}
		if a, _ := fo.Client("A"); a.LeaseUntil != BookLease {
			t.Errorf("%s: A reckons its lease until t=%d; it cannot know of the restart", st, a.LeaseUntil)
		}
		if b := frames[5]; b.Event.Result != ResultRefused || !errors.Is(b.Event.Err, ErrLockHeld) {
			t.Errorf("%s: B's acquire: %+v", st, b.Event)
		}
		last := frames[len(frames)-1]
		if last.Event.Result != ResultExpires || last.Clock != want || VerdictOf(frames) != Safe {
			t.Errorf("%s: the end: %+v at t=%d, %s", st, last.Event, last.Clock, VerdictOf(frames))
		}
	}
}

// Under Redlock the failover is node 3's: its replica never had A's key,
// but A keeps 4 of the 5 nodes, and B, winning node 3 alone, is refused.
func TestARedlockNodesFailoverLeavesTheMajority(t *testing.T) {
	frames := mustReplay(t, failoverScenario(), Redlock)
	fo := frames[4]
	if fo.Event.Node != Redlock.FaultyNode() || fo.Event.Result != ResultRolledBack || fo.Lock.Nodes[Redlock.FaultyNode()-1].Holder != "" || fo.Lock.Holder != "A" {
		t.Fatalf("node 3's failover: %+v, nodes %+v", fo.Event, fo.Lock.Nodes)
	}
	if b := frames[5]; b.Event.Result != ResultRefused || b.Event.Nodes != 1 {
		t.Errorf("B wins node 3 alone: %+v", b.Event)
	}
	if VerdictOf(frames) != Safe {
		t.Errorf("verdict %s", VerdictOf(frames))
	}
}

// A sync after the grant lets the replica take over with it: nothing is
// lost, and B is refused. A sync before it does not.
func TestASyncAfterTheGrantKeepsItThroughTheFailover(t *testing.T) {
	for _, c := range []struct {
		script string
		result Result
		b      Result
	}{
		{"A:acquire,sync,failover,B:acquire", ResultPromoted, ResultRefused},
		{"sync,A:acquire,failover,B:acquire", ResultRolledBack, ResultGranted},
		{"A:acquire,sync,A:renew:30,failover,B:acquire", ResultRolledBack, ResultRefused},
		{"A:acquire,sync,A:release,failover,B:acquire", ResultRolledBack, ResultRefused},
	} {
		sc, err := ParseScript(c.script)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []Strategy{NoTTL, Lease, LeaseFencing} {
			frames := mustReplay(t, sc, st)
			fo, b := frames[len(frames)-2], frames[len(frames)-1]
			if fo.Event.Result != c.result || b.Event.Result != c.b {
				t.Errorf("%s under %s: the failover %s, B %s; want %s and %s", c.script, st, fo.Event.Result, b.Event.Result, c.result, c.b)
			}
			if err := checkRun(frames); err != nil {
				t.Errorf("%s under %s: %v", c.script, st, err)
			}
		}
	}
	// The renewal after the sync is lost: the lease the replica has is
	// the one it copied, until t=10.
	sc, _ := ParseScript("A:acquire,sync,A:renew:30,failover")
	if f := mustReplay(t, sc, Lease)[4]; f.Lock.Expiry != BookLease {
		t.Errorf("after the failover the lease ends at t=%d, want the copied t=%d", f.Lock.Expiry, BookLease)
	}
}

// A lease the primary ended by its own clock, which ran ahead, does not
// come back when its replica takes over by a clock behind it: the primary
// told its replica the key was gone.
func TestALeaseEndedAtThePrimaryStaysEndedOnItsReplica(t *testing.T) {
	sc, err := ParseScript("A:acquire,jump:12,sync,failover,B:acquire")
	if err != nil {
		t.Fatal(err)
	}
	frames := mustReplay(t, sc, LeaseFencing)
	if r := frames[3].Lock.Replica; r.Holder != "" || r.Behind {
		t.Errorf("the replica after the sync: %+v", r)
	}
	if fo := frames[4]; fo.Lock.Holder != "" || fo.Lock.Now != 0 {
		t.Errorf("the replica took over: %+v", fo.Lock)
	}
	if b := frames[5]; b.Event.Result != ResultGranted || b.Event.Token != 2 {
		t.Errorf("B: %+v; want token 2, the counter having been copied", b.Event)
	}
	if err := checkRun(frames); err != nil {
		t.Error(err)
	}
}

// A sync has nothing to do under consensus, and neither it nor a failover
// does anything without a lock service.
func TestSyncAndFailoverWhereThereIsNoReplica(t *testing.T) {
	sc, _ := ParseScript("A:acquire,sync,failover")
	if f := mustReplay(t, sc, Consensus)[2]; f.Event.Result != ResultInSync || f.Lock.Replica != nil {
		t.Errorf("a sync under consensus: %+v", f.Event)
	}
	for _, f := range mustReplay(t, sc, Optimistic)[2:] {
		if f.Event.Result != ResultNoService || f.Lock.FailedOver {
			t.Errorf("%s without a lock service: %+v", f.Event.Kind, f.Event)
		}
	}
}

// A second failover, or a sync after the failover, is an error naming its
// step, under every row, and Replay gives no frames.
func TestASecondFailoverIsAnError(t *testing.T) {
	for _, st := range Strategies() {
		for _, sc := range []Scenario{
			runOf(acquire("A"), failover(), failover()),
			runOf(failover(), Action{Kind: ActSync}),
		} {
			frames, err := Replay(sc, st)
			var se *StepError
			if frames != nil || !errors.Is(err, ErrFailedOver) || !errors.As(err, &se) || se.Step != len(sc.Steps)+1 {
				t.Errorf("%s: %+v: %v", st, sc.Steps, err)
			}
		}
	}
	// The search's world steps without Validate: it refuses too.
	w := newWorld(runOf(), Lease)
	if _, err := w.step(failover()); err != nil {
		t.Fatal(err)
	}
	for _, a := range []Action{failover(), {Kind: ActSync}} {
		if _, err := w.step(a); !errors.Is(err, ErrFailedOver) {
			t.Errorf("%s after the failover: %v", a.Kind, err)
		}
	}
}

// The search's state key tells apart states that differ only in what the
// replica copied, or in whether the service has failed over: a failover
// from them ends differently.
func TestTheSearchKeyTellsReplicasApart(t *testing.T) {
	for _, st := range []Strategy{NoTTL, Lease, Redlock, LeaseFencing, Consensus} {
		after := func(actions ...Action) string {
			return searchKeyAfter(t, st, []Action{{Kind: ActSync}, failover()}, actions...)
		}
		synced, unsynced := after(acquire("A"), Action{Kind: ActSync}), after(acquire("A"))
		if st.Replica() && synced == unsynced {
			t.Errorf("%s: a replica with A's grant and one without have one key: %s", st, synced)
		}
		if st.Durable() && synced != unsynced {
			t.Errorf("%s: a sync, which does nothing here, changes the key: %s, %s", st, synced, unsynced)
		}
		if failed := after(acquire("A"), Action{Kind: ActSync}, failover()); failed == synced {
			t.Errorf("%s: failing over changes nothing in the key: %s", st, failed)
		}
	}
}

// A sync copies the end of the primary's lease, a time on its clock, to
// the replica, which reads it by the clients' clock: a primary whose clock
// ran ahead before the grant hands the replica a longer lease. So where
// the alphabet has sync, the key tells a grant after a jump from one
// without; where it has none, nothing compares the two clocks, and it does
// not.
func TestTheSearchKeyKeepsWhatASyncAddsToALease(t *testing.T) {
	jump := Action{Kind: ActJump, Ticks: BookLease}
	for _, st := range []Strategy{Lease, Redlock, LeaseFencing} {
		// The futures differ: after a sync, a lease's time passing and a
		// failover, A's grant is still in force only where the clock had
		// jumped.
		holds := func(actions ...Action) bool {
			w := newWorld(searchScenario(SearchOptions{}), st)
			for _, a := range append(actions, Action{Kind: ActSync}, Action{Kind: ActTick, Ticks: BookLease}, failover()) {
				if _, err := w.step(a); err != nil {
					t.Fatalf("%s: %+v: %v", st, a, err)
				}
			}
			h, _ := w.nodes[w.faulty()].Holder()
			return h == "A"
		}
		if !holds(jump, acquire("A")) || holds(acquire("A")) {
			t.Fatalf("%s: the replica's lease does not outlast a lease where the primary's clock ran ahead", st)
		}
		syncs := []Action{{Kind: ActSync}, failover()}
		if searchKeyAfter(t, st, syncs, jump, acquire("A")) == searchKeyAfter(t, st, syncs, acquire("A")) {
			t.Errorf("%s: with sync, a grant on a clock that ran ahead has the key of one on a clock that did not", st)
		}
		if searchKeyAfter(t, st, nil, jump, acquire("A")) != searchKeyAfter(t, st, nil, acquire("A")) {
			t.Errorf("%s: without sync, the offset between clocks, which no rule reads, is keyed", st)
		}
	}
}

// searchKeyAfter is the key, in a search whose alphabet has alphabet's
// kinds, of the state st comes to after actions.
func searchKeyAfter(t *testing.T, st Strategy, alphabet []Action, actions ...Action) string {
	t.Helper()
	w := newWorld(searchScenario(SearchOptions{}), st)
	for _, a := range actions {
		if _, err := w.step(a); err != nil {
			t.Fatalf("%s: %+v: %v", st, a, err)
		}
	}
	s := &Search{renamings: renamings(w.clients)}
	s.keyer = newStateKey(st, alphabet)
	return string(s.key(w))
}

// The node a fault strikes is the one FaultyNode names, under every row
// with a lock service: a restart, a backup, a sync and a failover name it,
// and under Redlock the other four nodes keep their state.
func TestFaultsStrikeTheFaultyNode(t *testing.T) {
	for _, st := range Strategies() {
		if st.Lockless() {
			if st.FaultyNode() != 0 {
				t.Errorf("%s: faulty node %d without a lock service", st, st.FaultyNode())
			}
			continue
		}
		frames := mustReplay(t, runOf(acquire("A"), Action{Kind: ActRestart}, Action{Kind: ActBackup}, Action{Kind: ActSync}, failover()), st)
		for _, f := range frames[2:] {
			if f.Event.Node != st.FaultyNode() {
				t.Errorf("%s: %s strikes node %d, not node %d", st, f.Event.Kind, f.Event.Node, st.FaultyNode())
			}
		}
		if st.Nodes() > 1 {
			for i, n := range frames[2].Lock.Nodes {
				if lost := n.Holder != "A"; lost != (i+1 == st.FaultyNode()) {
					t.Errorf("%s: after node %d's restart node %d holds for %q", st, st.FaultyNode(), i+1, n.Holder)
				}
			}
		}
	}
}
