package core

import (
	"errors"
	"testing"
)

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

// Predict mode asks who holds the lock after a failover, and asks nothing
// of a sync.
func TestPredictAsksWhoHoldsTheLockAfterAFailover(t *testing.T) {
	sc, err := ParseScript("sync,A:acquire,tick:5,failover")
	if err != nil {
		t.Fatal(err)
	}
	for st, want := range map[Strategy]string{LeaseFencing: ChoiceNone, NoTTL: ChoiceNone, Redlock: "A", Consensus: "A"} {
		frames := mustReplay(t, sc, st)
		q, ok := QuestionAt(frames, 4)
		if !ok || q.Ask != AskHolder || q.Answer != want {
			t.Errorf("%s: the failover's question %+v (%v), want who holds it: %s", st, q, ok, want)
		}
		if q, ok := QuestionAt(frames, 1); ok {
			t.Errorf("%s: a question about a sync: %+v", st, q)
		}
	}
	if _, ok := QuestionAt(mustReplay(t, sc, Optimistic), 4); ok {
		t.Error("a question about a failover where there is no lock service")
	}
}

// The search's state key tells apart states that differ only in what the
// replica copied, or in whether the service has failed over: a failover
// from them ends differently.
func TestTheSearchKeyTellsReplicasApart(t *testing.T) {
	for _, st := range []Strategy{NoTTL, Lease, Redlock, LeaseFencing, Consensus} {
		after := func(actions ...Action) string {
			w := newWorld(searchScenario(SearchOptions{}), st)
			for _, a := range actions {
				if _, err := w.step(a); err != nil {
					t.Fatalf("%s: %+v: %v", st, a, err)
				}
			}
			return string((&Search{}).key(w))
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
