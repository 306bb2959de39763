package core

import (
	"slices"
	"testing"
)

// A versioned row applies a write only if it carries the row's version, and
// increments it in the same step; any other version is refused (an UPDATE
// … WHERE version = ? that updates 0 rows), a missing one and one from the
// future alike. It has no token and no maxToken.
func TestVersionedResourceAppliesOnlyItsOwnVersion(t *testing.T) {
	r := newVersionedResource("row")
	if r.Version() != 1 || !r.Versioned() || r.Fenced() || !r.Atomic() {
		t.Fatalf("a new row: version %d, versioned %v, fenced %v, atomic %v", r.Version(), r.Versioned(), r.Fenced(), r.Atomic())
	}
	steps := []struct {
		version int64
		want    WriteResult
		after   int64 // the row's version afterwards
	}{
		{1, Accepted, 2},
		{1, RejectedVersion, 2}, // computed from the read before that write
		{0, RejectedVersion, 2}, // no version read
		{3, RejectedVersion, 2}, // a version the row never had
		{2, Accepted, 3},
	}
	for i, s := range steps {
		if got := r.Write(s.version, "v"+string(rune('0'+i))); got != s.want || r.Version() != s.after {
			t.Fatalf("write %d with version %d: %s, row at %d; want %s, %d", i, s.version, got, r.Version(), s.want, s.after)
		}
	}
	if r.Data() != "v4" || r.Writes() != 2 || r.Rejected() != 3 || r.MaxToken() != 0 {
		t.Errorf("data %q, writes %d, rejected %d, maxToken %d", r.Data(), r.Writes(), r.Rejected(), r.MaxToken())
	}
	if got := r.Read(0); got != Accepted || r.Version() != 3 || r.Writes() != 2 {
		t.Errorf("a read changes nothing: %s, version %d", got, r.Version())
	}
	if !RejectedVersion.Refused() || RejectedVersion.Applied() {
		t.Error("a refused version is not a refusal")
	}
}

// Checked in one step and applied in another (SELECT version, then an
// UPDATE without the WHERE), a write checked against version 1 lands
// after another write moved the row to 2.
func TestCheckThenApplyVersionedResourceAppliesWhatItCheckedEarlier(t *testing.T) {
	r := newCheckThenApplyVersionedResource("row")
	if r.Atomic() {
		t.Fatal("a check-then-apply row says it is atomic")
	}
	if got := r.Check(1); got != Accepted {
		t.Fatalf("A's check against version 1: %s", got)
	}
	if got := r.Write(1, "B"); got != Accepted || r.Version() != 2 {
		t.Fatalf("B's write: %s, version %d", got, r.Version())
	}
	if got := r.Apply(1, "A"); got != AcceptedStale || r.Data() != "A" || r.Version() != 3 {
		t.Errorf("A's apply, checked at version 1, at version 2: %s, data %q, version %d", got, r.Data(), r.Version())
	}
}

// Without a lock service nothing is ever held: B reads the version while
// A is paused, as it could while A runs; A's late write carries the
// version B's write moved past, and is refused. The row is its own fence.
func TestOptimisticLockingExcludesNobodyAndRefusesTheLateWrite(t *testing.T) {
	frames := mustReplay(t, gcPause(), Optimistic)
	for _, f := range frames {
		if !f.Lock.Lockless || f.Lock.Holder != "" || f.Lock.Grant != 0 || len(f.Lock.Nodes) != 0 {
			t.Fatalf("step %d: the lock shows %+v, and there is none", f.Step, f.Lock)
		}
		if f.Outdated("A") || f.Outdated("B") {
			t.Errorf("step %d: a client is outdated where nothing is held", f.Step)
		}
	}
	a := frames[1]
	if ev := a.Event; ev.Result != ResultVersions || ev.Grant != 1 || ev.Token != 0 {
		t.Errorf("A's acquire: %+v", ev)
	}
	if c, _ := a.Client("A"); !slices.Equal(c.Versions, []int64{1}) || c.Token != 0 || c.LeaseUntil != Never {
		t.Errorf("A after its acquire: %+v", c)
	}
	if f := frames[2]; f.Event.Version != 1 || f.Resources[0].Version != 2 || f.Clients[0].Versions[0] != 2 {
		t.Errorf("A's write with version 1: %+v, row at %d, A now at %v", f.Event, f.Resources[0].Version, f.Clients[0].Versions)
	}
	if ev := frames[3].Event; ev.Result != ResultPaused || ev.Expired != "" {
		t.Errorf("A's pause: nothing to expire, %+v", ev)
	}
	if b := frames[4]; b.Event.Result != ResultVersions || b.Clients[1].Versions[0] != 2 {
		t.Errorf("B reads while A believes what it read: %+v, B at %v", b.Event, b.Clients[1].Versions)
	}
	last := frames[6]
	if ev := last.Event; ev.Result != ResultRejected || ev.Write != RejectedVersion || ev.Version != 2 || last.Resources[0].Version != 3 {
		t.Errorf("A's late write: %+v at version %d", ev, last.Resources[0].Version)
	}
	if last.Resources[0].Data != "B-value" || last.Verdict != Safe {
		t.Errorf("at the end: %q, %s", last.Resources[0].Data, last.Verdict)
	}
}

// A refused writer must read again and retry: B, refused after A's late
// write landed, reads the row (A's value and the version it produced) and
// writes from that. Nothing is lost; the late write still landed after B
// first read, so the run stays at risk.
func TestARefusedWriterReadsAgainAndRetries(t *testing.T) {
	sc := staleBeforeNewHolder()
	sc.Steps = append(sc.Steps, Step{Action: read("B")}, Step{Action: write("B", "B-retry")})
	frames := mustReplay(t, sc, Optimistic)
	if ev := frames[6].Event; ev.Client != "B" || ev.Result != ResultRejected || frames[6].Resources[0].Data != "A-STALE" {
		t.Fatalf("B's first write, from a read A's write moved past: %+v", ev)
	}
	if ev := frames[7].Event; ev.Result != ResultAccepted || ev.Grant != 3 || ev.Version != 3 {
		t.Errorf("B reads again: %+v (its read is the third grant)", ev)
	}
	last := frames[8]
	if ev := last.Event; ev.Result != ResultAccepted || ev.Harm != "" || ev.Replaced != "A" || last.Resources[0].Data != "B-retry" {
		t.Errorf("B's retry: %+v, data %q", ev, last.Resources[0].Data)
	}
	if last.Verdict != AtRisk || last.Harm != "" {
		t.Errorf("verdict %s (%s)", last.Verdict, last.Harm)
	}
}

// The version orders one client's own writes too, which fencing does not:
// B's first write, held up while its retry and its next write landed,
// carries a version they moved past and is refused.
func TestTheVersionOrdersOneClientsOwnWrites(t *testing.T) {
	last := mustReplay(t, sameTokenRetry(), Optimistic)[8]
	if ev := last.Event; ev.Delivered != MsgWrite || ev.Client != "B" || ev.Result != ResultRejected || ev.Write != RejectedVersion || ev.Reordered {
		t.Errorf("B's held first write: %+v", ev)
	}
	if last.Resources[0].Data != "B-2" || last.Reordered {
		t.Errorf("the row holds %q (reordered %v), want B's newest value", last.Resources[0].Data, last.Reordered)
	}
	if fenced := mustReplay(t, sameTokenRetry(), Consensus)[8]; !fenced.Reordered {
		t.Error("fencing let B's held write through in the same story")
	}
}

// A write applied at once tells its writer the version it produced; a
// write held up in the network is one its writer gave up waiting for: it
// lands, but the writer keeps the version it had, and its next write is
// refused until it reads again.
func TestOnlyAWriteAppliedAtOnceMovesItsWritersVersion(t *testing.T) {
	run := func(script string) []Frame {
		t.Helper()
		sc, err := ParseScript(script)
		if err != nil {
			t.Fatal(err)
		}
		return mustReplay(t, sc, Optimistic)
	}
	at := run("A:acquire,A:write:x,A:write:y")
	if ev := at[3].Event; ev.Result != ResultAccepted || ev.Version != 2 {
		t.Errorf("A's second write, after its first was applied: %+v", ev)
	}
	held := run("A:acquire,A:write:x@m1,deliver:m1,A:write:y,A:read,A:write:z")
	if f := held[3]; f.Event.Result != ResultAccepted || f.Resources[0].Version != 2 || f.Clients[0].Versions[0] != 1 {
		t.Errorf("the held write lands, A still at %v: %+v", f.Clients[0].Versions, f.Event)
	}
	if ev := held[4].Event; ev.Result != ResultRejected || ev.Version != 1 {
		t.Errorf("A's next write, with the version it had: %+v", ev)
	}
	if ev := held[6].Event; ev.Result != ResultAccepted || ev.Version != 2 {
		t.Errorf("A's write after reading again: %+v", ev)
	}
}

// Renew, release, check, restart, backup, restore and clock jumps act on
// a lock service the row does not have: nothing happens, and the version,
// kept in the row with its data, goes on.
func TestWithoutALockServiceItsFailuresChangeNothing(t *testing.T) {
	sc, err := ParseScript("backup,A:acquire,A:renew,A:check,A:release,restart,jump:7,restore,A:write:x")
	if err != nil {
		t.Fatal(err)
	}
	frames := mustReplay(t, sc, Optimistic)
	for _, f := range frames[1:] {
		switch ev := f.Event; ev.Kind {
		case ActRenew, ActRelease, ActRestart, ActJump, ActBackup, ActRestore:
			if ev.Result != ResultNoService {
				t.Errorf("%s: %s", ev.Kind, ev.Result)
			}
		case ActCheck:
			if ev.Result != ResultNoLock {
				t.Errorf("check: %s", ev.Result)
			}
		}
		if c, _ := f.Client("A"); f.Step > 2 && !slices.Equal(c.Versions, []int64{1}) && f.Step < 10 {
			t.Errorf("step %d: A's versions %v", f.Step, c.Versions)
		}
	}
	if ev := frames[9].Event; ev.Result != ResultAccepted || frames[9].Resources[0].Version != 2 {
		t.Errorf("A writes with the version it read, through it all: %+v", ev)
	}
	// The stories of a lost counter, a restore and a fast clock: the
	// late write is refused in each.
	for _, sc := range []Scenario{counterReset(), restartDuringLease(), restoreFromBackup(), clockJump()} {
		frames := mustReplay(t, sc, Optimistic)
		last := frames[len(frames)-1]
		if last.Event.Result != ResultRejected || last.Verdict != Safe {
			t.Errorf("%s: the late write %+v, %s", sc.ID, last.Event, last.Verdict)
		}
	}
}

// A check made apart from its write is no check: the version checked
// before B's write, applied after it, overwrites B's value.
func TestAVersionCheckedApartFromItsWriteCorrupts(t *testing.T) {
	frames := mustReplay(t, nonAtomicCheck(), Optimistic)
	if ev := frames[2].Event; ev.Result != ResultChecked || ev.Version != 1 {
		t.Fatalf("A's write checked against version 1: %+v", ev)
	}
	last := frames[6]
	if ev := last.Event; ev.Delivered != MsgApply || ev.Write != AcceptedStale || ev.Stale != Overwrote || ev.Overwritten != "B" {
		t.Errorf("A's apply: %+v", ev)
	}
	if last.Verdict != Corrupted || last.Harm != HarmOverwrite || last.Resources[0].Version != 3 {
		t.Errorf("%s (%s), version %d", last.Verdict, last.Harm, last.Resources[0].Version)
	}
}

// The row is one combination of the three choices, and the strategy's
// answers follow from it: no lease, no lock service, a version checked.
func TestOptimisticIsACombinationOfItsDesign(t *testing.T) {
	if d := Optimistic.Design(); d != (Design{NoLease, NoService, VersionChecked}) {
		t.Fatalf("optimistic is %+v", d)
	}
	if Optimistic.TTL() || Optimistic.Tokens() || Optimistic.Fenced() || !Optimistic.Versioned() || !Optimistic.Checks() ||
		!Optimistic.Lockless() || Optimistic.Nodes() != 0 || Optimistic.CanFence() || Optimistic.Durable() {
		t.Error("optimistic answers for another design")
	}
	for _, st := range Strategies() {
		if st != Optimistic && (st.Lockless() || st.Versioned()) {
			t.Errorf("%s is lockless or versioned", st)
		}
		if st.Checks() != (st.Fenced() || st.Versioned()) {
			t.Errorf("%s: Checks %v", st, st.Checks())
		}
	}
}
