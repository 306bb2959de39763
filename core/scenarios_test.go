package core

import (
	"testing"
)

// The chapter's comparison table, as the scenarios must compute it.
var wantVerdicts = map[string]map[Strategy]Verdict{
	"gc-pause":         {NoTTL: Safe, Lease: Corrupted, LeaseFencing: Safe, Consensus: Safe},
	"check-then-write": {NoTTL: Safe, Lease: Corrupted, LeaseFencing: Safe, Consensus: Safe},
	"delayed-write":    {NoTTL: Safe, Lease: Corrupted, LeaseFencing: Safe, Consensus: Safe},
	"slow-grant":       {NoTTL: Safe, Lease: Corrupted, LeaseFencing: Safe, Consensus: Safe},
	"crash-no-ttl":     {NoTTL: StuckVerdict, Lease: Safe, LeaseFencing: Safe, Consensus: Safe},
	"heartbeat":        {NoTTL: StuckVerdict, Lease: Safe, LeaseFencing: Safe, Consensus: Safe},
	"counter-reset":    {NoTTL: Corrupted, Lease: Corrupted, LeaseFencing: Corrupted, Consensus: Safe},
}

func TestScenarioIDsMatchTheirMakers(t *testing.T) {
	for i, m := range scenarioMakers {
		if got := m.make().ID; got != m.id {
			t.Errorf("maker %d is listed as %q but builds %q", i, m.id, got)
		}
	}
}

func TestEveryScenarioHasItsVerdictUnderEveryStrategy(t *testing.T) {
	if len(Scenarios()) != len(wantVerdicts) {
		t.Fatalf("%d scenarios, %d expected rows", len(Scenarios()), len(wantVerdicts))
	}
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			frames := mustReplay(t, sc, st)
			if got, want := VerdictOf(frames), wantVerdicts[sc.ID][st]; got != want {
				t.Errorf("%s under %s: %s, want %s", sc.ID, st, got, want)
			}
		}
	}
}

func TestInvariantsHoldOnEveryFrameOfEveryRun(t *testing.T) {
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			if err := Check(mustReplay(t, sc, st)); err != nil {
				t.Errorf("%s under %s: %v", sc.ID, st, err)
			}
		}
	}
}

func TestContrastPairsDisagree(t *testing.T) {
	for _, sc := range Scenarios() {
		a := VerdictOf(mustReplay(t, sc, sc.Contrast[0]))
		b := VerdictOf(mustReplay(t, sc, sc.Contrast[1]))
		if a == b {
			t.Errorf("%s: its contrast %v gives %s twice", sc.ID, sc.Contrast, a)
		}
	}
}

// frameAt returns the frame of a run at a 1-based step.
func frameAt(t *testing.T, sc Scenario, st Strategy, step int) Frame {
	t.Helper()
	return mustReplay(t, sc, st)[step-1]
}

func TestCheckThenWriteCheckPassesYetDoesNotHelp(t *testing.T) {
	sc := CheckThenWrite()
	checked := frameAt(t, sc, Lease, 4)
	if checked.Event.Kind != ActCheck || checked.Event.Result != ResultValid || checked.Clock != 4 {
		t.Fatalf("A's check: %+v at t=%d", checked.Event, checked.Clock)
	}
	last := frameAt(t, sc, Lease, 8)
	if last.Event.Result != ResultDestroys || last.Resource.Data != "A-value" {
		t.Errorf("unfenced: %+v data %q", last.Event, last.Resource.Data)
	}
	last = frameAt(t, sc, LeaseFencing, 8)
	if last.Event.Result != ResultRejected || last.Resource.Data != "B-value" || last.Resource.Rejected != 1 {
		t.Errorf("fenced: %+v data %q", last.Event, last.Resource.Data)
	}
}

func TestDelayedWriteArrivesAfterTheNewHolder(t *testing.T) {
	sc := DelayedWrite()
	sent := frameAt(t, sc, Lease, 3)
	if sent.Event.Result != ResultHeld || len(sent.Network) != 1 || sent.Network[0].Token != 1 || sent.Resource.Writes != 0 {
		t.Fatalf("A's write should be in flight, not applied: %+v, network %+v", sent.Event, sent.Network)
	}
	if sent.Lock.Holder != "A" || sent.Clock >= sent.Lock.Expiry {
		t.Fatalf("the write must leave while A's lease is valid: holder %q t=%d expiry %d", sent.Lock.Holder, sent.Clock, sent.Lock.Expiry)
	}
	for _, st := range []Strategy{Lease, LeaseFencing} {
		last := frameAt(t, sc, st, 7)
		if len(last.Network) != 0 || last.Event.Kind != ActDeliver || last.Event.Client != "A" || last.Event.Token != 1 {
			t.Errorf("%s: delivery %+v, network %+v", st, last.Event, last.Network)
		}
	}
	if got := frameAt(t, sc, Lease, 7).Resource.Data; got != "A-value" {
		t.Errorf("unfenced: data %q after the late delivery, want A-value", got)
	}
	if got := frameAt(t, sc, LeaseFencing, 7).Resource.Data; got != "B-value" {
		t.Errorf("fenced: data %q after the late delivery, want B-value", got)
	}
}

func TestSlowGrantReachesAClientWhoseLeaseHasExpired(t *testing.T) {
	sc := SlowGrant()
	asked := frameAt(t, sc, LeaseFencing, 2)
	if a, _ := asked.Client("A"); asked.Lock.Holder != "A" || a.Token != 0 || len(asked.Network) != 1 {
		t.Fatalf("the service granted A but A must not know yet: lock %+v, A %+v", asked.Lock, a)
	}
	arrived := frameAt(t, sc, LeaseFencing, 7)
	a, _ := arrived.Client("A")
	if arrived.Clock != 12 || a.Token != 1 || a.LeaseUntil != 22 || arrived.Lock.Holder != "B" || !arrived.Outdated("A") {
		t.Fatalf("on arrival: t=%d A %+v lock %+v", arrived.Clock, a, arrived.Lock)
	}
	if ev := frameAt(t, sc, LeaseFencing, 8).Event; ev.Result != ResultValid {
		t.Errorf("A's own check should pass (it counts from the reply): %+v", ev)
	}
	if ev := frameAt(t, sc, LeaseFencing, 9).Event; ev.Result != ResultRejected {
		t.Errorf("fenced: A's write %+v", ev)
	}
}

func TestCrashWithoutTTLIsStuckForever(t *testing.T) {
	sc := CrashNoTTL()
	frames := mustReplay(t, sc, NoTTL)
	for i, f := range frames {
		want := Ongoing
		if i >= 3 {
			want = Stuck
		}
		if f.Outcome != want {
			t.Errorf("no-ttl step %d: outcome %s, want %s", i+1, f.Outcome, want)
		}
	}
	if f := frames[5]; f.Event.Result != ResultRefused || f.Lock.Holder != "A" || f.Lock.Expiry != Never {
		t.Errorf("B's acquire under no-ttl: %+v, lock %+v", f.Event, f.Lock)
	}
	leased := mustReplay(t, sc, Lease)
	if f := leased[5]; f.Event.Result != ResultGranted || f.Event.Token != 2 {
		t.Errorf("B's acquire under a lease: %+v", f.Event)
	}
}

func TestHeartbeatKeepsTheTokenUntilRenewalsStop(t *testing.T) {
	frames := mustReplay(t, Heartbeat(), LeaseFencing)
	wantExpiry := map[int]int{2: 10, 5: 16, 8: 22}
	for step, exp := range wantExpiry {
		if f := frames[step-1]; f.Lock.Expiry != exp || f.Lock.Token != 1 {
			t.Errorf("step %d: expiry %d token %d, want %d 1", step, f.Lock.Expiry, f.Lock.Token, exp)
		}
	}
	if f := frames[5]; f.Event.Client != "B" || f.Event.Result != ResultRefused {
		t.Errorf("B while A renews: %+v", f.Event)
	}
	if f := frames[11]; f.Clock != 22 || f.Event.Client != "B" || f.Event.Token != 2 {
		t.Errorf("B after the renewals stopped: t=%d %+v", f.Clock, f.Event)
	}
	if f := frames[10]; f.Event.Expired != "A" {
		t.Errorf("A's lease should run out during step 11: %+v", f.Event)
	}
}

func TestCounterResetRepeatsATokenOnlyOnASingleNode(t *testing.T) {
	sc := CounterReset()
	for _, c := range []struct {
		st       Strategy
		bToken   int64
		result   string
		restart  string
		lastData string
	}{
		{LeaseFencing, 1, ResultDestroys, ResultLost, "A-STALE"},
		{Consensus, 2, ResultRejected, ResultKept, "B-value"},
	} {
		frames := mustReplay(t, sc, c.st)
		if ev := frames[4].Event; ev.Kind != ActRestart || ev.Result != c.restart {
			t.Errorf("%s restart: %+v", c.st, ev)
		}
		if ev := frames[5].Event; ev.Client != "B" || ev.Token != c.bToken {
			t.Errorf("%s: B got token %d, want %d", c.st, ev.Token, c.bToken)
		}
		if ev := frames[7].Event; ev.Result != c.result || frames[7].Resource.Data != c.lastData {
			t.Errorf("%s: A's late write %+v, data %q", c.st, ev, frames[7].Resource.Data)
		}
	}
	// Equal tokens, different grants: the model tells them apart.
	f := frameAt(t, sc, LeaseFencing, 7)
	a, _ := f.Client("A")
	b, _ := f.Client("B")
	if a.Token != b.Token || a.Grant == b.Grant || !f.Outdated("A") || f.Outdated("B") {
		t.Errorf("A %+v B %+v", a, b)
	}
}

func TestLockServiceRestart(t *testing.T) {
	single := New()
	single.Acquire("A", 10)
	single.Tick(3)
	single.Restart()
	if h, _ := single.Holder(); h != "" || single.Now() != 3 {
		t.Fatalf("single node after restart: holder %q t=%d", h, single.Now())
	}
	if tok, _ := single.Acquire("B", 10); tok != 1 {
		t.Fatalf("single node after restart issued token %d, want 1 again", tok)
	}
	replicated := NewReplicated()
	replicated.Acquire("A", 10)
	replicated.Restart()
	if h, tok := replicated.Holder(); h != "A" || tok != 1 {
		t.Fatalf("replicated after restart: %q %d", h, tok)
	}
	replicated.Tick(10)
	if tok, _ := replicated.Acquire("B", 10); tok != 2 {
		t.Fatalf("replicated after restart issued token %d, want 2", tok)
	}
	plain := NewWithoutTTL()
	plain.Acquire("A", 10)
	plain.Tick(1 << 40)
	if h, _ := plain.Holder(); h != "A" || plain.Expiry() != Never {
		t.Fatalf("a lock without TTL expired: holder %q expiry %d", h, plain.Expiry())
	}
	if err := plain.Renew("A", 5); err != nil || plain.Expiry() != Never {
		t.Fatalf("renew without TTL: %v, expiry %d", err, plain.Expiry())
	}
	plain.Restart()
	if h, _ := plain.Holder(); h != "" || plain.TTL() {
		t.Fatalf("a plain lock on one node survives a restart: %q", h)
	}
}

func TestCheckFindsABrokenLockService(t *testing.T) {
	// A service that lends the lock while a lease is in force: forge the
	// frames of such a run and make sure Check notices.
	frames := mustReplay(t, GCPause(), LeaseFencing)
	forged := append([]Frame(nil), frames[:3]...)
	f := frames[4] // B acquires at t=10
	f.Clock = 5    // ...but at t=5, while A's lease (until 10) is in force
	a, _ := f.Client("A")
	a.State = Running
	f.Clients = []ClientView{a, f.Clients[1]}
	forged = append(forged, f)
	if err := Check(forged); err == nil {
		t.Fatal("Check accepted two grants in force at once")
	}
	bad := mustReplay(t, GCPause(), LeaseFencing)
	bad[6].Event.Write, bad[6].Event.Token = Accepted, 1
	if err := Check(bad); err == nil {
		t.Fatal("Check accepted a fenced resource applying token 1 below maxToken 2")
	}
}
