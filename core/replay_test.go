package core

import (
	"errors"
	"math"
	"reflect"
	"testing"
)

func mustReplay(t testing.TB, sc Scenario, st Strategy) []Frame {
	t.Helper()
	frames, err := Replay(sc, st)
	if err != nil {
		t.Fatalf("%s under %s: %v", sc.ID, st, err)
	}
	return frames
}

// harmOf is how a run was first corrupted: its last frame's Harm.
func harmOf(frames []Frame) Harm { return frames[len(frames)-1].Harm }

// runOf builds a scenario of clients A and B (and C) on row-42 from
// actions, for tests.
func runOf(actions ...Action) Scenario {
	sc := Scenario{ID: "test", Resources: []string{Row42}, Clients: []string{"A", "B", "C"}}
	for _, a := range actions {
		sc.Steps = append(sc.Steps, Step{Action: a})
	}
	return sc
}

func TestBookScenarioEventsCarryTheirArguments(t *testing.T) {
	frames := mustReplay(t, gcPause(), LeaseFencing)
	want := []Event{
		{},
		{Kind: ActAcquire, Client: "A", Token: 1, Grant: 1, Lease: 10, LeaseEnd: 10, Nodes: 1, Result: ResultGranted},
		{Kind: ActWrite, Client: "A", Resource: "row-42", Token: 1, Grant: 1, Value: "A-value", Write: Accepted, Sent: 1, Result: ResultAccepted},
		{Kind: ActPause, Client: "A", Ticks: 10, Expired: "A", Result: ResultExpires},
		{Kind: ActAcquire, Client: "B", Token: 2, Grant: 2, Lease: 10, LeaseEnd: 20, Nodes: 1, Result: ResultGranted},
		{Kind: ActWrite, Client: "B", Resource: "row-42", Token: 2, Grant: 2, Value: "B-value", Write: Accepted, Sent: 2, Replaced: "A", Result: ResultAccepted},
		{Kind: ActWrite, Client: "A", Resource: "row-42", Token: 1, Grant: 1, Value: "A-STALE", Write: RejectedStale, Sent: 3, PastOwnLease: true, Resumed: true, Result: ResultRejected},
	}
	for i, w := range want {
		if !reflect.DeepEqual(frames[i].Event, w) {
			t.Errorf("frame %d event = %+v, want %+v", i+1, frames[i].Event, w)
		}
	}
	unfenced := mustReplay(t, gcPause(), Lease)[6].Event
	if unfenced.Write != AcceptedStale || unfenced.Stale != Overwrote || unfenced.Result != ResultStale {
		t.Errorf("A's late write without fencing: %+v", unfenced)
	}
}

func TestBookScenarioVerdictsAndNotes(t *testing.T) {
	for _, c := range []struct {
		st       Strategy
		verdict  Verdict
		lastNote string
	}{
		{LeaseFencing, Safe, "gc-pause.a-writes-late.refused"},
		{Lease, Corrupted, "gc-pause.a-writes-late.destroys"},
	} {
		frames := mustReplay(t, gcPause(), c.st)
		for i, f := range frames[:len(frames)-1] {
			if f.Verdict != Safe {
				t.Errorf("%s frame %d verdict %q, want safe so far", c.st, i+1, f.Verdict)
			}
		}
		last := frames[len(frames)-1]
		if last.Verdict != c.verdict || last.Note != c.lastNote {
			t.Errorf("%s last frame: verdict %q note %q, want %q %q", c.st, last.Verdict, last.Note, c.verdict, c.lastNote)
		}
		wantNotes := []string{"gc-pause.start", "gc-pause.a-acquires", "gc-pause.a-writes", "gc-pause.a-pauses", "gc-pause.b-acquires", "gc-pause.b-writes"}
		if !c.st.Fenced() {
			// The book's words of maxToken do not fit a resource that
			// checks nothing.
			wantNotes[2], wantNotes[5] = "gc-pause.a-writes.unfenced", "gc-pause.b-writes.unfenced"
		}
		for i, n := range wantNotes {
			if frames[i].Note != n {
				t.Errorf("%s frame %d note %q, want %q", c.st, i+1, frames[i].Note, n)
			}
		}
	}
	// Under the rows the book's words do not fit, the page words the
	// notes from the events.
	for _, st := range []Strategy{NoTTL, Redlock} {
		for _, f := range mustReplay(t, gcPause(), st)[1:] {
			if f.Note != "" {
				t.Errorf("%s step %d has the book's note %q", st, f.Step, f.Note)
			}
		}
	}
}

func TestBookScenarioShowsOutdatedBelief(t *testing.T) {
	frames := mustReplay(t, gcPause(), LeaseFencing)
	wantA := []bool{false, false, false, true, true, true, true}
	for i, f := range frames {
		if got := f.Outdated("A"); got != wantA[i] {
			t.Errorf("frame %d: Outdated(A) = %v, want %v", i+1, got, wantA[i])
		}
		if f.Outdated("B") || f.Outdated("nobody") {
			t.Errorf("frame %d: B or an unknown client reported outdated", i+1)
		}
	}
}

func TestReplayIsDeterministicAndFramesAreIndependent(t *testing.T) {
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			a, b := mustReplay(t, sc, st), mustReplay(t, sc, st)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s/%s: two replays differ", sc.ID, st)
			}
		}
	}
	a := mustReplay(t, delayedWrite(), Lease)
	a[1].Clients[0].Token = 99
	a[2].Network[0].Value = "changed"
	a[1].Lock.Nodes[0].Holder = "Z"
	a[1].Resources[0].Data = "changed"
	if a[2].Clients[0].Token != 1 || a[3].Network[0].Value != "A-value" || a[2].Lock.Nodes[0].Holder != "A" || a[2].Resources[0].Data != "" {
		t.Fatal("frames share client, network, node or resource state")
	}
	o := mustReplay(t, slowGrant(), Optimistic) // a held reply carries versions
	o[1].Clients[1].Versions[0] = 99            // B has read nothing yet
	o[1].Network[0].Versions[0] = 99
	if o[2].Clients[1].Versions[0] != 0 || o[2].Network[0].Versions[0] != 1 {
		t.Fatal("frames share a client's or a held reply's versions")
	}
}

func TestCorruptedVerdictIsPermanent(t *testing.T) {
	sc := gcPause()
	sc.Steps = append(sc.Steps, Step{Action: write("B", "B-again")})
	frames := mustReplay(t, sc, Lease)
	if got := frames[6].Verdict; got != Corrupted {
		t.Fatalf("frame 7 verdict %q, want corrupted (not the last frame any more)", got)
	}
	if got := frames[7].Verdict; got != Corrupted {
		t.Fatalf("frame 8 verdict %q, want corrupted: an honest write later does not undo it", got)
	}
}

func TestReplayRefusalsAreEventsNotErrors(t *testing.T) {
	sc := runOf(
		Action{Kind: ActAcquire, Client: "A", Lease: 5},
		Action{Kind: ActAcquire, Client: "B", Lease: 5},
		Action{Kind: ActRelease, Client: "B"},
		Action{Kind: ActTick, Ticks: 5},
		Action{Kind: ActRenew, Client: "A", Lease: 5},
		Action{Kind: ActWrite, Client: "A", Value: "x"},
		Action{Kind: ActRenew, Client: "A", Lease: 5},
	)
	frames := mustReplay(t, sc, LeaseFencing)
	if ev := frames[2].Event; !errors.Is(ev.Err, ErrLockHeld) || ev.Token != 0 || ev.Result != ResultRefused {
		t.Errorf("B's acquire: %+v", ev)
	}
	if ev := frames[3].Event; ev.Err != nil || ev.Result != ResultSkipped {
		t.Errorf("B, who holds nothing, releases: %+v", ev)
	}
	if !errors.Is(frames[5].Event.Err, ErrLeaseExpired) {
		t.Errorf("A's late renew: %+v", frames[5].Event)
	}
	if a, _ := frames[5].Client("A"); a.Holds() {
		t.Errorf("A still believes it holds grant %d after a refused renew", a.Grant)
	}
	// A no longer believes it holds the lock, so it neither writes nor
	// renews.
	if ev := frames[6].Event; ev.Result != ResultSkipped || ev.Write != "" || frames[6].Resources[0].Writes != 0 {
		t.Errorf("A's write without a lock: %+v", ev)
	}
	if ev := frames[7].Event; ev.Result != ResultSkipped || ev.Err != nil {
		t.Errorf("A's renew without a lock: %+v", ev)
	}
}

func TestReplayRejectsBadScenarios(t *testing.T) {
	base := func(actions ...Action) Scenario {
		sc := runOf(actions...)
		sc.Clients = []string{"A"}
		return sc
	}
	cases := []struct {
		name    string
		sc      Scenario
		step    int
		want    error
		ttlOnly bool // a lock without TTL has no lease end to overflow
		// serviceOnly: a row without a lock service has no service clock
		// for a jump to overflow.
		serviceOnly bool
	}{
		{"empty client name in list", Scenario{ID: "bad", Resources: []string{"r"}, Clients: []string{""}}, 1, errEmptyClient, false, false},
		{"client listed twice", Scenario{ID: "bad", Resources: []string{"r"}, Clients: []string{"A", "A"}}, 1, errDuplicateClient, false, false},
		{"no resource", Scenario{ID: "bad", Clients: []string{"A"}}, 1, errUnknownResource, false, false},
		{"resource listed twice", Scenario{ID: "bad", Resources: []string{"r", "r"}, Clients: []string{"A"}}, 1, errUnknownResource, false, false},
		{"unknown client with a discipline", Scenario{ID: "bad", Resources: []string{"r"}, Clients: []string{"A"}, FromReply: []string{"Z"}}, 1, errUnknownClient, false, false},
		{"empty actor", base(Action{Kind: ActAcquire, Lease: 1}), 2, errEmptyClient, false, false},
		{"unknown actor", base(Action{Kind: ActWrite, Client: "Z"}), 2, errUnknownClient, false, false},
		{"unknown kind", base(Action{Kind: "teleport", Client: "A"}), 2, errUnknownAction, false, false},
		{"unknown resource", base(Action{Kind: ActWrite, Client: "A", Resource: "row-99"}), 2, errUnknownResource, false, false},
		{"node 0", base(Action{Kind: ActAcquire, Client: "A", Lease: 1, Nodes: []int{0, 1}}), 2, errUnknownNode, false, false},
		{"node 6", base(Action{Kind: ActAcquire, Client: "A", Lease: 1, Nodes: []int{6}}), 2, errUnknownNode, false, false},
		{"node twice", base(Action{Kind: ActAcquire, Client: "A", Lease: 1, Nodes: []int{1, 1}}), 2, errUnknownNode, false, false},
		{"lease of no tick", base(Action{Kind: ActAcquire, Client: "A"}), 2, errShortLease, false, false},
		{"negative renewal", base(acquire("A"), Action{Kind: ActRenew, Client: "A", Lease: -1}), 3, errShortLease, false, false},
		{"held read", base(Action{Kind: ActRead, Client: "A", Hold: "m"}), 2, ErrNotHoldable, false, false},
		{"negative tick", base(Action{Kind: ActTick, Ticks: -1}), 2, errNegativeTick, false, false},
		{"negative jump", base(Action{Kind: ActJump, Ticks: -1}), 2, errNegativeTick, false, false},
		{"negative pause", base(Action{Kind: ActPause, Client: "A", Ticks: -4}), 2, errNegativeTick, false, false},
		{"clock overflow", base(tick(math.MaxInt), tick(1)), 3, errClockOverflow, false, false},
		{"jump overflow", base(jump(math.MaxInt), jump(1)), 3, errClockOverflow, false, true},
		{"lease overflow", base(tick(10), Action{Kind: ActAcquire, Client: "A", Lease: math.MaxInt}), 3, errClockOverflow, true, false},
		{"renew overflow", base(acquire("A"), tick(1), Action{Kind: ActRenew, Client: "A", Lease: math.MaxInt}), 4, errClockOverflow, true, false},
		{"crashed client acts", base(crash("A"), write("A", "x")), 3, errClientCrashed, false, false},
		{"resume a running client", base(acquire("A"), Action{Kind: ActResume, Client: "A"}), 3, errClientNotPaused, false, false},
		{"deliver an unknown message", base(deliver("m")), 2, ErrUnknownMessage, false, false},
		{"deliver twice", base(acquire("A"), heldWrite("A", "x", "m"), deliver("m"), deliver("m")), 5, ErrUnknownMessage, false, false},
		{"one id held twice", base(heldWrite("A", "x", "m"), heldWrite("A", "y", "m")), 3, ErrDuplicateMessage, false, false},
	}
	for _, c := range cases {
		for _, st := range Strategies() {
			if c.ttlOnly && !st.TTL() || c.serviceOnly && st.Lockless() {
				continue
			}
			frames, err := Replay(c.sc, st)
			var se *StepError
			if !errors.Is(err, c.want) || !errors.As(err, &se) || se.Step != c.step || frames != nil {
				t.Errorf("%s under %s: frames=%d err=%v, want step %d %v", c.name, st, len(frames), err, c.step, c.want)
			}
		}
	}
	if _, err := Replay(gcPause(), "optimism"); !errors.Is(err, errUnknownStrategy) {
		t.Errorf("unknown strategy: %v", err)
	}
}

func TestScenarioByID(t *testing.T) {
	for _, sc := range Scenarios() {
		if got, ok := ScenarioByID(sc.ID); !ok || got.ID != sc.ID {
			t.Errorf("ScenarioByID(%s) = %v, %v", sc.ID, got.ID, ok)
		}
	}
	if _, ok := ScenarioByID("nope"); ok {
		t.Fatal("ScenarioByID(nope) found something")
	}
	if Scenarios()[0].ID != "gc-pause" {
		t.Fatal("the chapter's scenario is not the default")
	}
}

func BenchmarkReplay(b *testing.B) {
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			b.Run(sc.ID+"/"+string(st), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Replay(sc, st); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// A client that believes it holds the lock releases it; one whose lease
// has ended without its knowing is refused, and stops believing.
func TestReleaseAfterTheLeaseEndedIsRefused(t *testing.T) {
	frames := mustReplay(t, runOf(
		Action{Kind: ActAcquire, Client: "A", Lease: 5},
		Action{Kind: ActPause, Client: "A", Ticks: 5},
		Action{Kind: ActRelease, Client: "A"},
	), Lease)
	if ev := frames[3].Event; !errors.Is(ev.Err, errNotHolder) || ev.Result != ResultRefused {
		t.Errorf("A's release after its lease ended: %+v", ev)
	}
	if a, _ := frames[3].Client("A"); a.Holds() {
		t.Error("A still believes it holds the lock after releasing it")
	}
}

// A delivered message's action is the action that held it: in every
// scenario under every row, each deliver that let a message through says
// the kind of the step whose message it was (a reply an acquire's, a
// renewal a renew's, a write or its apply a write's).
func TestADeliveredMessageIsItsActions(t *testing.T) {
	delivered := 0
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			frames := mustReplay(t, sc, st)
			for i, s := range sc.Steps {
				m := frames[i+1].Event.Delivered
				if s.Action.Kind != ActDeliver || m == "" {
					continue
				}
				var sent ActionKind
				for _, h := range sc.Steps[:i] {
					if h.Action.Hold == s.Action.Message {
						sent = h.Action.Kind
					}
				}
				if got := m.Action(); got != sent {
					t.Errorf("%s under %s, step %d: a delivered %s is a %q's, but step held by a %q sent it", sc.ID, st, i+2, m, got, sent)
				}
				delivered++
			}
		}
	}
	if delivered == 0 {
		t.Fatal("no scenario delivers a message")
	}
	for _, m := range []MessageKind{MsgReply, MsgRenew, MsgWrite, MsgApply} {
		if !m.Action().Holdable() {
			t.Errorf("%s: %q is not an action whose message can be held", m, m.Action())
		}
	}
	if a := MessageKind("smoke").Action(); a != "" {
		t.Errorf("an unknown message kind is a %q's", a)
	}
}
