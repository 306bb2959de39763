package core

import (
	"errors"
	"math"
	"slices"
	"strings"
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
	last := mustReplay(t, gcPause(), ConsensusUnfenced)[6]
	if last.Verdict != Corrupted || last.Event.Stale != Overwrote || last.Resources[0].Data != "A-STALE" {
		t.Errorf("A's late write under a replicated lock without fencing: %+v, %s", last.Event, last.Verdict)
	}
}

// After a counter reset the stale holder's token can be the larger one: the
// resource refuses the holder in force (stuck) and accepts the late write,
// which lands before any write of B's (at risk underneath: stuck is worse).
// An early verdict called this run protected.
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
	if a.Event.Token != 2 || a.Event.Result != ResultStale || a.Event.Stale != BeforeNewHolder || a.Event.Harm != "" || a.Verdict != Stuck {
		t.Errorf("A's stale write with the larger token: %+v, verdict %s", a.Event, a.Verdict)
	}
	if err := checkRun(frames); err != nil {
		t.Error(err)
	}
}

// A client that gives up and releases does not call back a write already
// on its way: a plain lock corrupts too.
func TestDelayedWriteCorruptsAPlainLockOnceReleased(t *testing.T) {
	frames := mustReplay(t, delayedWrite(), NoTTL)
	if ev := frames[3].Event; ev.Kind != ActRelease || ev.Result != ResultReleased || len(frames[3].Network) != 1 {
		t.Fatalf("A releases with its write still held: %+v, network %v", ev, frames[3].Network)
	}
	if last := frames[6]; last.Verdict != Corrupted || last.Event.Stale != Overwrote {
		t.Errorf("A's write delivered after B's: %+v, %s", last.Event, last.Verdict)
	}
}

// A client that counts its lease from when it sent the request: a
// reply that arrives after that lease has ended is of no use to it.
func TestAClientCountingFromTheRequestDoesNotUseALateGrant(t *testing.T) {
	sc := slowGrant()
	sc.FromReply = nil
	for _, st := range []Strategy{Lease, Redlock, ConsensusUnfenced} {
		frames := mustReplay(t, sc, st)
		got := frames[6]
		a, _ := got.Client("A")
		if got.Event.Result != ResultLateGrant || a.Holds() {
			t.Errorf("%s: the late reply reaches A, which counts from its request: %+v, A %+v", st, got.Event, a)
		}
		if ev := frames[8].Event; ev.Result != ResultSkipped || VerdictOf(frames) != Safe {
			t.Errorf("%s: A, counting from its request, writes anyway: %+v", st, ev)
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

// The lease's boundary, pinned at each place it is decided, with literal
// expectations: a lease that ends at t=10 has ended at t=10.
func TestLeaseEdges(t *testing.T) {
	if (leaseSpan{10}).InForce(10) || !(leaseSpan{10}).InForce(9) || !(leaseSpan{Never}).InForce(1<<40) {
		t.Fatal("a lease ending at 10 is in force at 9 and ended at 10; Never never ends")
	}
	for _, c := range []struct {
		from, length, end int
		err               error
	}{
		{0, 10, 10, nil}, {5, 1, 6, nil}, {5, 0, 6, nil}, {5, -3, 6, nil}, // shorter than a tick: one tick
		{math.MaxInt - 10, 10, math.MaxInt, nil}, {math.MaxInt - 10, 11, 0, errClockOverflow},
	} {
		if got, err := leaseFrom(c.from, c.length); got.End != c.end || !errors.Is(err, c.err) {
			t.Errorf("leaseFrom(%d, %d) = %d, %v; want %d, %v", c.from, c.length, got.End, err, c.end, c.err)
		}
	}
	run := func(script string, st Strategy) []Frame {
		t.Helper()
		sc, err := ParseScript(script)
		if err != nil {
			t.Fatal(err)
		}
		return mustReplay(t, sc, st)
	}
	// A client checking at exactly its lease's end sees it has ended.
	if ev := run("A:acquire,tick:10,A:check", Lease)[3].Event; ev.Result != ResultExpired {
		t.Errorf("A checks at t=10, its lease ending at 10: %s, want expired", ev.Result)
	}
	if ev := run("A:acquire,tick:9,A:check", Lease)[3].Event; ev.Result != ResultValid {
		t.Errorf("A checks at t=9: %s, want valid", ev.Result)
	}
	// A grant delivered at exactly its lease's end is late.
	if ev := run("A:acquire@m1,tick:10,deliver:m1", Lease)[3].Event; ev.Result != ResultLateGrant {
		t.Errorf("a grant delivered at t=10, its lease ending at 10: %s, want late-grant", ev.Result)
	}
	if ev := run("A:acquire@m1,tick:9,deliver:m1", Lease)[3].Event; ev.Result != ResultGranted {
		t.Errorf("a grant delivered at t=9: %s, want granted", ev.Result)
	}
	// At the service, B's acquire at exactly the end of A's lease succeeds.
	if ev := run("A:acquire,tick:10,B:acquire", Lease)[3].Event; ev.Result != ResultGranted {
		t.Errorf("B asks at t=10: %s, want granted", ev.Result)
	}
	if ev := run("A:acquire,tick:9,B:acquire", Lease)[3].Event; ev.Result != ResultRefused {
		t.Errorf("B asks at t=9: %s, want refused", ev.Result)
	}
	// A fenced read whose token equals maxToken is accepted.
	f := run("A:acquire,A:write:X,A:read", LeaseFencing)[3]
	if f.Event.Result != ResultAccepted || f.Event.Write != Accepted || f.Resources[0].MaxToken != 1 {
		t.Errorf("A reads with token 1 = maxToken 1: %+v", f.Event)
	}
}

// Chubby's lock-delay turns B away while A's lapsed lease is in its delay,
// and not after: a pause longer than lease and delay still corrupts an
// unchecked resource.
func TestLockDelayNarrowsTheWindowButDoesNotCloseIt(t *testing.T) {
	for _, st := range []Strategy{Lease, Redlock, ConsensusUnfenced} {
		frames := mustReplay(t, lockDelay(), st)
		if ev := frames[4].Event; ev.Result != ResultRefused || ev.Err != ErrLockDelay || frames[4].Clock != 12 {
			t.Errorf("%s: B at t=12, within the delay of A's lease (lapsed at 10): %+v", st, ev)
		}
		if ev := frames[6].Event; ev.Result != ResultGranted || frames[6].Clock != 20 {
			t.Errorf("%s: B at t=20, past the delay: %+v", st, ev)
		}
		if VerdictOf(frames) != Corrupted || harmOf(frames) != HarmOverwrite {
			t.Errorf("%s: %s (%s), want A's late write to overwrite B's", st, VerdictOf(frames), harmOf(frames))
		}
	}
	// Without the delay, B gets the lock at t=12.
	sc := lockDelay()
	sc.LockDelay = 0
	if ev := frameAt(t, sc, Lease, 5).Event; ev.Result != ResultGranted {
		t.Errorf("without a lock-delay, B at t=12: %+v", ev)
	}
	// A release ends the lease at once: no delay after it.
	s := New()
	s.SetLockDelay(5)
	s.Acquire("A", 10)
	s.Release("A")
	if _, err := s.Acquire("B", 10); err != nil {
		t.Errorf("B after A released: %v", err)
	}
	s.Tick(10) // B's lease lapses at 10
	if _, err := s.Acquire("C", 10); err != ErrLockDelay {
		t.Errorf("C at the lapse: %v, want ErrLockDelay", err)
	}
	s.Tick(4)
	if _, err := s.Acquire("C", 10); err != ErrLockDelay {
		t.Errorf("C 4 ticks after the lapse: %v, want ErrLockDelay", err)
	}
	s.Tick(1)
	if _, err := s.Acquire("C", 10); err != nil {
		t.Errorf("C 5 ticks after the lapse: %v", err)
	}
	// checkRun catches a grant within the delay.
	frames := mustReplay(t, lockDelay(), Lease)
	f := &frames[4]
	f.Event = Event{Kind: ActAcquire, Client: "B", Token: 2, Grant: 2, Lease: 10, Nodes: 1, Result: ResultGranted}
	f.Lock.Holder, f.Lock.Token, f.Lock.Grant, f.Lock.Expiry = "B", 2, 2, 22
	f.Lock.Nodes[0] = NodeView{Clock: 12, Holder: "B", Token: 2, Grant: 2, Expiry: 22}
	f.Clients[1].Grant, f.Clients[1].Token, f.Clients[1].LeaseUntil, f.Clients[1].State = 2, 2, 22, Running
	if err := checkRun(frames[:5]); err == nil || !strings.Contains(err.Error(), "within its lock-delay") {
		t.Errorf("checkRun on a grant within the lock-delay: %v", err)
	}
}

// A partitioned holder's renewal is held; its lease lapses at the service,
// and it learns so only when the answer reaches it.
func TestPartitionedHolderLearnsOnlyWhenTold(t *testing.T) {
	frames := mustReplay(t, partitionedHolder(), ConsensusUnfenced)
	if ev := frames[4].Event; ev.Result != ResultHeld || len(frames[4].Network) != 1 || frames[4].Network[0].Kind != MsgRenew {
		t.Fatalf("A's renewal is held: %+v", ev)
	}
	if f := frames[6]; f.Event.Result != ResultGranted || f.Lock.Holder != "B" {
		t.Fatalf("B takes the lock after A's lease lapsed: %+v", f.Event)
	}
	if a, _ := frames[8].Client("A"); !a.Holds() || a.LeaseUntil != 10 || frames[8].Clock != 12 {
		t.Errorf("A writes at t=12, still believing it holds the lock until its own t=10: %+v", a)
	}
	last := frames[9]
	if last.Event.Delivered != MsgRenew || last.Event.Result != ResultRefused {
		t.Errorf("the renewal's answer: %+v", last.Event)
	}
	if a, _ := last.Client("A"); a.Holds() {
		t.Errorf("told, A should stop believing: %+v", a)
	}
	if VerdictOf(frames) != Corrupted {
		t.Errorf("unfenced: %s", VerdictOf(frames))
	}
	if v := VerdictOf(mustReplay(t, partitionedHolder(), Consensus)); v != Safe {
		t.Errorf("fenced: %s", v)
	}
	// A renewal delivered in time extends the lease, counted from when it
	// was sent.
	sc, _ := ParseScript("A:acquire,tick:6,A:renew@r1,tick:2,deliver:r1")
	f := mustReplay(t, sc, Lease)[5]
	if a, _ := f.Client("A"); f.Event.Result != ResultRenewed || a.LeaseUntil != 16 || f.Lock.Expiry != 18 {
		t.Errorf("a renewal sent at 6, delivered at 8: %+v, A until %d, service until %d", f.Event, a.LeaseUntil, f.Lock.Expiry)
	}
}

// Fencing orders grants, not the writes of one grant: B's first write,
// held up while its retry and its next write landed, arrives last and
// overwrites B's newer value wherever B held the lock, fenced or not; the
// resource refuses A's older grant only where it checks tokens.
func TestFencingDoesNotOrderOneHoldersOwnWrites(t *testing.T) {
	reordered := map[Strategy]bool{ // derived by hand from the story
		NoTTL: false, // B never gets the lock: A's lease does not end
		Lease: true, Redlock: true, LeaseFencing: true, ConsensusUnfenced: true, Consensus: true,
	}
	for st, want := range reordered {
		frames := mustReplay(t, sameTokenRetry(), st)
		last := frames[len(frames)-1]
		if last.Reordered != want || last.Event.Reordered != want {
			t.Errorf("%s: reordered %v (event %v), want %v", st, last.Reordered, last.Event.Reordered, want)
		}
		if !want {
			continue
		}
		if r, _ := last.Resource(Row42); r.Data != "B-1" {
			t.Errorf("%s: row-42 holds %q at the end, want B's first value B-1", st, r.Data)
		}
		late := frames[7].Event // A's write with token 1
		if st.Fenced() && late.Result != ResultRejected {
			t.Errorf("%s: A's older grant's write is %s, want refused", st, late.Result)
		}
		if ev := last.Event; st.Fenced() && (ev.Result != ResultAccepted || ev.Write != Accepted || VerdictOf(frames) != Safe) {
			t.Errorf("%s: B's first write, token equal to maxToken: %+v, verdict %s", st, ev, VerdictOf(frames))
		}
	}
}

// A client acts on what it believes: it looks at its own lease only at a
// check. The partitioned holder writes at t=12 although by its own clock
// its lease ended at t=10, running all along (not woken from a pause).
func TestAClientThatDoesNotCheckWritesPastItsOwnLease(t *testing.T) {
	for _, st := range []Strategy{Lease, Redlock, ConsensusUnfenced, Consensus} {
		ev := mustReplay(t, partitionedHolder(), st)[8].Event
		if ev.Kind != ActWrite || ev.Client != "A" || !ev.PastOwnLease || ev.Resumed {
			t.Errorf("%s: A's write at t=12: %+v", st, ev)
		}
	}
	// In the book's story A wakes and writes: past its lease too, but
	// straight from a pause.
	if ev := mustReplay(t, gcPause(), Lease)[6].Event; !ev.PastOwnLease || !ev.Resumed {
		t.Errorf("the book's late write: %+v", ev)
	}
	// Within its lease, not past it.
	if ev := mustReplay(t, gcPause(), Lease)[2].Event; ev.PastOwnLease {
		t.Errorf("A's first write: %+v", ev)
	}
}

// Stuck, at its edges: a fenced resource that has seen the holder's own
// token is not stuck; one that has seen a larger token than the holder in
// force is, until the counter catches up. The search judges by the same
// rule.
func TestStuckIsALargerTokenOrACrashWithoutTTL(t *testing.T) {
	cases := []struct {
		script string
		st     Strategy
		want   Verdict
	}{
		{"A:acquire,A:write:x", Consensus, Safe},                                           // maxToken 1 = token 1
		{"A:acquire,A:write:x,A:pause:10,restart,B:acquire", LeaseFencing, Safe},           // token 1 again, maxToken 1
		{"A:acquire,A:release,B:acquire,B:write:b,restart,A:acquire", LeaseFencing, Stuck}, // token 1 < maxToken 2
		{"A:acquire,A:release,B:acquire,B:write:b,restart,A:acquire", Lease, Safe},         // nothing checks tokens
		{"A:acquire,A:crash", NoTTL, Stuck},
		{"A:acquire,A:crash", Lease, Safe}, // the lease ends
	}
	for _, c := range cases {
		sc, err := ParseScript(c.script)
		if err != nil {
			t.Fatal(err)
		}
		if got := VerdictOf(mustReplay(t, sc, c.st)); got != c.want {
			t.Errorf("%s under %s: %s, want %s", c.script, c.st, got, c.want)
		}
		w := newWorld(sc, c.st)
		for _, s := range sc.Steps {
			if _, err := w.step(s.Action); err != nil {
				t.Fatal(err)
			}
		}
		s := &Search{opts: SearchOptions{Goal: Stuck}}
		if got := s.broken(w); got != (c.want == Stuck) {
			t.Errorf("%s under %s: the search calls it stuck %v", c.script, c.st, got)
		}
	}
}

// Consensus keeps a service's state through restarts, not through a
// restore from an older backup: the counter goes back with it, and the
// next holder's token is below one the resource has seen. A fenced
// resource then refuses the holder in force (stuck) and lets the old
// holder's late write through, since its token is the largest; an
// unfenced one lets the old holder overwrite the new.
func TestARestoreFromBackupTurnsTokensBack(t *testing.T) {
	frames := mustReplay(t, restoreFromBackup(), Consensus)
	grants := map[int]int64{}
	for _, f := range frames {
		if f.Event.Kind == ActAcquire && f.Event.Result == ResultGranted {
			grants[f.Event.Grant] = f.Event.Token
		}
	}
	if grants[1] != 1 || grants[2] != 2 || grants[3] != 1 {
		t.Fatalf("tokens by grant %v, want 1, 2 and then 1 again", grants)
	}
	restored := frames[8]
	if restored.Event.Kind != ActRestore || restored.Event.Result != ResultRestored || restored.Lock.Issued != 0 || frames[7].Lock.Issued != 2 {
		t.Errorf("the restore: %+v, counter %d (it was %d)", restored.Event, restored.Lock.Issued, frames[7].Lock.Issued)
	}
	if a := frames[10]; a.Event.Result != ResultRejected || a.Verdict != Stuck {
		t.Errorf("the holder in force, token 1 below maxToken 2: %+v, %s", a.Event, a.Verdict)
	}
	if b := frames[11]; b.Event.Result != ResultStale || b.Event.Stale != BeforeNewHolder || b.Resources[0].Data != "B-STALE" || b.Verdict != Stuck {
		t.Errorf("B's late write, with the largest token: %+v, %q, %s", b.Event, b.Resources[0].Data, b.Verdict)
	}
	unfenced := mustReplay(t, restoreFromBackup(), ConsensusUnfenced)
	if last := unfenced[len(unfenced)-1]; last.Verdict != Corrupted || last.Event.Overwritten != "A" {
		t.Errorf("unfenced, B's late write over A's: %+v, %s", last.Event, last.Verdict)
	}
	for _, st := range Strategies() {
		if err := checkRun(mustReplay(t, restoreFromBackup(), st)); err != nil {
			t.Errorf("%s: %v", st, err)
		}
	}
}

// A restore needs a backup taken before it.
func TestARestoreWithoutABackupIsRefused(t *testing.T) {
	_, err := Replay(runOf(acquire("A"), Action{Kind: ActRestore}), Consensus)
	var se *StepError
	if !errors.As(err, &se) || !errors.Is(err, ErrNoBackup) || se.Step != 3 {
		t.Errorf("Replay = %v, want ErrNoBackup at step 3", err)
	}
	if _, err := ParseScript("A:acquire,restore"); !errors.Is(err, ErrNoBackup) {
		t.Errorf("ParseScript = %v, want ErrNoBackup", err)
	}
	sc, err := ParseScript("backup,A:acquire,restore")
	if err != nil || sc.Script() != "backup,A:acquire,restore" {
		t.Errorf("backup and restore do not read back: %q, %v", sc.Script(), err)
	}
}
