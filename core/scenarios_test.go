package core

import (
	"errors"
	"slices"
	"testing"

	"dlock/core/tables"
)

// wantMatrix reads testdata/matrix.tsv, the matrix derived by hand from each
// story: scenario → strategy → verdict.
func wantMatrix(t testing.TB) map[string]map[Strategy]Verdict {
	t.Helper()
	rows, err := tables.Read("testdata/matrix.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[Strategy]Verdict{}
	for _, cells := range rows {
		row := map[Strategy]Verdict{}
		for name, v := range cells {
			if name != "scenario" {
				row[Strategy(name)] = Verdict(v)
			}
		}
		out[cells["scenario"]] = row
	}
	return out
}

func TestScenarioIDsMatchTheirMakers(t *testing.T) {
	for i, m := range scenarioMakers {
		if got := m.make().ID; got != m.id {
			t.Errorf("maker %d is listed as %q but builds %q", i, m.id, got)
		}
	}
}

func TestEveryScenarioHasItsVerdictUnderEveryStrategy(t *testing.T) {
	wantVerdicts := wantMatrix(t)
	if len(Scenarios()) != len(wantVerdicts) {
		t.Fatalf("%d scenarios, %d expected rows", len(Scenarios()), len(wantVerdicts))
	}
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			want, ok := wantVerdicts[sc.ID][st]
			if !ok {
				t.Fatalf("%s under %s: no expected verdict", sc.ID, st)
			}
			if got := VerdictOf(mustReplay(t, sc, st)); got != want {
				t.Errorf("%s under %s: %s, want %s", sc.ID, st, got, want)
			}
		}
	}
}

// The runs where one holder's writes land out of order are those derived by
// hand (testdata/reordered.tsv); the verdict does not count them.
func TestReorderedWritesAreTheHandDerivedOnes(t *testing.T) {
	rows, err := tables.Read("testdata/reordered.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, row := range rows {
		want[row["scenario"]+"/"+row["strategy"]] = true
	}
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			if got := mustReplay(t, sc, st)[sc.Frames()-1].Reordered; got != want[sc.ID+"/"+string(st)] {
				t.Errorf("%s under %s: reordered %v, derived by hand %v", sc.ID, st, got, !got)
			}
		}
	}
}

func TestInvariantsHoldOnEveryFrameOfEveryRun(t *testing.T) {
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			if err := checkRun(mustReplay(t, sc, st)); err != nil {
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

// Every note a scenario names for some runs is shown in at least one run:
// no override is dead.
func TestEveryNoteOverrideIsReached(t *testing.T) {
	for _, sc := range Scenarios() {
		shown := map[string]bool{}
		for _, st := range Strategies() {
			for _, f := range mustReplay(t, sc, st) {
				shown[f.Note] = true
			}
		}
		for i, step := range sc.Steps {
			for k, note := range step.notes {
				if note != "" && !shown[note] {
					t.Errorf("%s step %d: note %q for %+v is never shown", sc.ID, i+2, note, k)
				}
			}
			if step.Note != "" && !shown[step.Note] {
				t.Errorf("%s step %d: note %q is never shown", sc.ID, i+2, step.Note)
			}
		}
	}
}

// frameAt returns the frame of a run at a 1-based step.
func frameAt(t *testing.T, sc Scenario, st Strategy, step int) Frame {
	t.Helper()
	return mustReplay(t, sc, st)[step-1]
}

func TestCheckThenWriteCheckPassesYetDoesNotHelp(t *testing.T) {
	sc := checkThenWrite()
	checked := frameAt(t, sc, Lease, 4)
	if checked.Event.Kind != ActCheck || checked.Event.Result != ResultValid || checked.Clock != 4 {
		t.Fatalf("A's check: %+v at t=%d", checked.Event, checked.Clock)
	}
	last := frameAt(t, sc, Lease, 8)
	if last.Event.Result != ResultStale || last.Resources[0].Data != "A-value" {
		t.Errorf("unfenced: %+v data %q", last.Event, last.Resources[0].Data)
	}
	last = frameAt(t, sc, LeaseFencing, 8)
	if last.Event.Result != ResultRejected || last.Resources[0].Data != "B-value" || last.Resources[0].Rejected != 1 {
		t.Errorf("fenced: %+v data %q", last.Event, last.Resources[0].Data)
	}
}

// Redlock: A holds nodes 1-3, node 3's clock jumps, B takes nodes 3-5. Each
// won a majority; nobody paused; A's own check still says its lease holds.
func TestClockJumpGivesRedlockTwoMajorities(t *testing.T) {
	frames := mustReplay(t, clockJump(), Redlock)
	a := frames[1]
	if a.Event.Result != ResultGranted || a.Event.Nodes != 3 || a.Lock.Holder != "A" || a.Event.Token != 0 {
		t.Fatalf("A's acquire: %+v, holder %q", a.Event, a.Lock.Holder)
	}
	for n, want := range []string{"A", "A", "A", "", ""} {
		if got := a.Lock.Nodes[n].Holder; got != want {
			t.Errorf("after A's acquire node %d holds for %q, want %q", n+1, got, want)
		}
	}
	j := frames[4]
	if j.Event.Kind != ActJump || j.Event.Node != 3 || j.Lock.Nodes[2].Clock != 10 || j.Lock.Nodes[0].Clock != 3 || j.Clock != 3 {
		t.Fatalf("the jump: %+v, node clocks %+v", j.Event, j.Lock.Nodes)
	}
	if j.Event.Result != ResultExpires || j.Event.Expired != "A" || j.Lock.Holder != "" {
		t.Errorf("after the jump A keeps no majority: %+v, holder %q", j.Event, j.Lock.Holder)
	}
	b := frames[5]
	if b.Event.Result != ResultGranted || b.Event.Nodes != 3 || b.Lock.Holder != "B" {
		t.Fatalf("B's acquire: %+v", b.Event)
	}
	if c := frames[7].Event; c.Client != "A" || c.Result != ResultValid {
		t.Errorf("A's check after B took the lock: %+v, want valid by A's clock", c)
	}
	for _, f := range frames {
		for _, c := range f.Clients {
			if c.State == Paused {
				t.Errorf("step %d: %s is paused; this story has no pause", f.Step, c.Name)
			}
		}
	}
	if last := frames[8].Event; last.Result != ResultStale || last.Stale != Overwrote {
		t.Errorf("A's late write: %+v", last)
	}
	// The single-node and replicated rows: the service's clock ran ahead.
	f := frameAt(t, clockJump(), Consensus, 6)
	if f.Lock.Holder != "B" || f.Lock.Now != 10 || f.Clock != 3 || f.Lock.Token != 2 {
		t.Errorf("consensus after B's acquire: %+v at t=%d", f.Lock, f.Clock)
	}
}

// A single node that forgets its leases in a restart grants B at once; a
// replicated service does not; Redlock loses one node of A's five.
func TestRestartDuringLease(t *testing.T) {
	b := frameAt(t, restartDuringLease(), LeaseFencing, 5)
	if b.Event.Result != ResultGranted || b.Event.Token != 1 || b.Clock != 0 {
		t.Errorf("single node: B's acquire right after the restart %+v at t=%d", b.Event, b.Clock)
	}
	if a, _ := b.Client("A"); !a.Holds() || a.State != Running {
		t.Errorf("A, running, should still believe it holds the lock: %+v", a)
	}
	last := frameAt(t, restartDuringLease(), LeaseFencing, 7)
	if last.Event.Result != ResultStale || last.Event.Write != Accepted || last.Event.Stale != Overwrote {
		t.Errorf("A's write with token 1, equal to B's: %+v", last.Event)
	}
	if ev := frameAt(t, restartDuringLease(), Consensus, 5).Event; ev.Result != ResultRefused {
		t.Errorf("consensus: B's acquire after the restart %+v, want refused", ev)
	}
	// Redlock's own case: A holds nodes 1-3, node 3 forgets it, B wins 3-5
	// and writes, and A, whose validity has not run out, writes over it.
	restart := frameAt(t, restartDuringLease(), Redlock, 4)
	if restart.Event.Node != 3 || restart.Event.Result != ResultLost || restart.Lock.Holder != "" {
		t.Errorf("redlock: node 3's restart %+v, holder %q", restart.Event, restart.Lock.Holder)
	}
	b = frameAt(t, restartDuringLease(), Redlock, 5)
	if b.Event.Result != ResultGranted || b.Event.Nodes != 3 || b.Lock.Holder != "B" {
		t.Errorf("redlock: B's acquire on nodes 3-5 %+v, holder %q", b.Event, b.Lock.Holder)
	}
	if a, _ := b.Client("A"); !a.Holds() {
		t.Errorf("redlock: A should still believe it holds the lock: %+v", a)
	}
	if last := frameAt(t, restartDuringLease(), Redlock, 7); last.Verdict != Corrupted || last.Harm != HarmOverwrite {
		t.Errorf("redlock: A's write after B's %+v, %s", last.Event, last.Verdict)
	}
}

// A late write that lands before the new holder touched the resource is
// accepted even with fencing, and harms nothing: B's write, computed from
// no read, follows it in token order. At risk, not corrupted.
func TestStaleBeforeNewHolderIsAcceptedEvenWithFencingAndIsAtRisk(t *testing.T) {
	for _, st := range []Strategy{Lease, LeaseFencing, ConsensusUnfenced, Consensus} {
		f := frameAt(t, staleBeforeNewHolder(), st, 6)
		if f.Event.Client != "A" || f.Event.Write != Accepted || f.Event.Result != ResultStale || f.Event.Stale != BeforeNewHolder || f.Event.Harm != "" {
			t.Errorf("%s: A's late write before B's first: %+v", st, f.Event)
		}
		if f.Verdict != AtRisk {
			t.Errorf("%s: verdict %s right after the late write", st, f.Verdict)
		}
		last := frameAt(t, staleBeforeNewHolder(), st, 7)
		if last.Event.Client != "B" || last.Event.Result != ResultAccepted || last.Event.Harm != "" || last.Verdict != AtRisk || last.Resources[0].Data != "B-value" {
			t.Errorf("%s: B's write after it: %+v, %s", st, last.Event, last.Verdict)
		}
	}
}

func TestFencedReadRaisesMaxTokenFirst(t *testing.T) {
	r := frameAt(t, fencedRead(), Consensus, 6)
	if r.Event.Kind != ActRead || r.Event.Result != ResultAccepted || r.Resources[0].MaxToken != 2 || r.Resources[0].Data != "A-1" || r.Resources[0].Writes != 1 {
		t.Fatalf("B's fenced read: %+v, resource %+v", r.Event, r.Resources[0])
	}
	if ev := frameAt(t, fencedRead(), Consensus, 7).Event; ev.Result != ResultRejected || ev.Write != RejectedStale {
		t.Errorf("A's late write after B's read: %+v", ev)
	}
	// An unfenced resource ignores the token that was shown to it: A's
	// late write lands after B's read, and B's write, computed from that
	// read, loses it.
	if f := frameAt(t, fencedRead(), ConsensusUnfenced, 7); f.Event.Result != ResultStale || f.Event.Stale != BeforeNewHolder || f.Event.MissedBy != "B" || f.Verdict != AtRisk {
		t.Errorf("unfenced: A's late write %+v, %s", f.Event, f.Verdict)
	}
	if f := frameAt(t, fencedRead(), ConsensusUnfenced, 8); f.Event.Client != "B" || f.Event.Harm != HarmLostUpdate || f.Verdict != Corrupted || f.Harm != HarmLostUpdate {
		t.Errorf("unfenced: B's write after its read missed A's: %+v, %s", f.Event, f.Verdict)
	}
}

func TestFencingProtectsOnlyResourcesThatSawTheNewerToken(t *testing.T) {
	frames := mustReplay(t, twoResources(), Consensus)
	ev := frames[7].Event
	if ev.Resource != Row43 || ev.Result != ResultStale || ev.Stale != BeforeNewHolder || ev.Write != Accepted {
		t.Errorf("A's late write to row-43, which B never touched: %+v", ev)
	}
	if ev := frames[8].Event; ev.Resource != Row42 || ev.Result != ResultRejected {
		t.Errorf("A's late write to row-42, which B wrote: %+v", ev)
	}
	r42, _ := frames[8].Resource(Row42)
	r43, _ := frames[8].Resource(Row43)
	if r42.Data != "B-value" || r42.MaxToken != 2 || r43.Data != "A-STALE" || r43.MaxToken != 1 {
		t.Errorf("resources at the end: %+v %+v", r42, r43)
	}
}

func TestNonAtomicCheckLetsAWriteLandBetweenCheckAndApply(t *testing.T) {
	frames := mustReplay(t, nonAtomicCheck(), Consensus)
	if ev := frames[2].Event; ev.Result != ResultChecked || ev.Write != Accepted || frames[2].Resources[0].Writes != 0 {
		t.Fatalf("A's write checked, not applied: %+v", ev)
	}
	if r := frames[2].Resources[0]; !r.Fenced || r.Atomic {
		t.Fatalf("the resource %+v should check tokens, not atomically", r)
	}
	last := frames[6]
	if last.Event.Delivered != MsgApply || last.Event.Result != ResultStale || last.Event.Stale != Overwrote || last.Resources[0].Data != "A-value" {
		t.Errorf("A's apply after B's write: %+v, data %q", last.Event, last.Resources[0].Data)
	}
	// With an atomic check the same late write is refused: the delayed
	// write scenario.
	if ev := frameAt(t, delayedWrite(), Consensus, 7).Event; ev.Result != ResultRejected {
		t.Errorf("an atomic check: %+v", ev)
	}
}

func TestHeartbeatDoesNotSaveAPausedHolder(t *testing.T) {
	frames := mustReplay(t, heartbeatPause(), LeaseFencing)
	if ev := frames[4].Event; ev.Result != ResultRenewed || frames[4].Lock.Expiry != 16 {
		t.Fatalf("A's renewal: %+v, expiry %d", ev, frames[4].Lock.Expiry)
	}
	if ev := frames[5].Event; ev.Result != ResultExpires || ev.Expired != "A" {
		t.Errorf("A's pause: %+v", ev)
	}
	if ev := frames[6].Event; ev.Client != "B" || ev.Result != ResultGranted {
		t.Errorf("B's acquire while A is paused: %+v", ev)
	}
	if ev := frames[8].Event; !ev.Resumed || ev.Result != ResultRejected {
		t.Errorf("A's write on waking: %+v", ev)
	}
}

func TestSlowGrantNamesItsClientsDiscipline(t *testing.T) {
	sc := slowGrant()
	if !slices.Equal(sc.FromReply, []string{"A"}) {
		t.Fatalf("slow-grant's A should measure from the reply: %v", sc.FromReply)
	}
	f := frameAt(t, sc, Lease, 7)
	a, _ := f.Client("A")
	if f.Event.Result != ResultGranted || a.Discipline != FromReply || a.LeaseUntil != 22 {
		t.Errorf("the reply reaches A at t=12: %+v, A %+v", f.Event, a)
	}
	if b, _ := f.Client("B"); b.Discipline != FromRequest {
		t.Errorf("B is %s", b.Discipline)
	}
}

func TestHeartbeatContrastsALeaseWithAPlainLock(t *testing.T) {
	if got := heartbeat().Contrast; got != [2]Strategy{Lease, NoTTL} {
		t.Errorf("heartbeat contrasts %v: a lease alone is already safe there", got)
	}
}

func TestScenarioLocksAreRefusedWithTheirError(t *testing.T) {
	f := frameAt(t, crashNoTTL(), NoTTL, 6)
	if !errors.Is(f.Event.Err, ErrLockHeld) || f.Verdict != Stuck {
		t.Errorf("B against a crashed holder without TTL: %+v, %s", f.Event, f.Verdict)
	}
}

// Every corrupted cell is corrupted in the way derived by hand in
// testdata/harm.tsv, and no other cell has a harm.
func TestEveryCorruptedCellHasItsHarm(t *testing.T) {
	rows, err := tables.Read("testdata/harm.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Harm{}
	for _, r := range rows {
		want[r["scenario"]+" "+r["strategy"]] = Harm(r["harm"])
	}
	matrix := wantMatrix(t)
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			k := sc.ID + " " + string(st)
			if (matrix[sc.ID][st] == Corrupted) != (want[k] != "") {
				t.Errorf("%s: matrix.tsv says %s, harm.tsv %q", k, matrix[sc.ID][st], want[k])
			}
			if got := harmOf(mustReplay(t, sc, st)); got != want[k] {
				t.Errorf("%s: harm %q, want %q", k, got, want[k])
			}
		}
	}
}
