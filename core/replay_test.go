package core

import (
	"errors"
	"math"
	"reflect"
	"testing"
)

// bookRow is one row of the table in reference/book-demo.md, with the
// clients' own views the demo adds.
type bookRow struct {
	actor    string
	kind     ActionKind
	clock    int
	holder   string
	token    int64
	expiry   int
	data     string
	maxToken int64
	rejected int
	write    WriteResult
	a, b     belief
}

// belief is the part of a ClientView the book's demo shows.
type belief struct {
	state ClientState
	token int64
}

func beliefOf(f Frame, name string) belief {
	c, _ := f.Client(name)
	return belief{c.State, c.Token}
}

func bookTable(fencing bool) []bookRow {
	idle := belief{Idle, 0}
	lastData, lastRejected, lastWrite := "B-value", 1, RejectedStale
	if !fencing {
		lastData, lastRejected, lastWrite = "A-STALE", 0, AcceptedStale
	}
	return []bookRow{
		{"", "", 0, "", 0, 0, "", 0, 0, "", idle, idle},
		{"A", ActAcquire, 0, "A", 1, 10, "", 0, 0, "", belief{Running, 1}, idle},
		{"A", ActWrite, 0, "A", 1, 10, "A-value", 1, 0, Accepted, belief{Running, 1}, idle},
		{"A", ActPause, 10, "", 0, 10, "A-value", 1, 0, "", belief{Paused, 1}, idle},
		{"B", ActAcquire, 10, "B", 2, 20, "A-value", 1, 0, "", belief{Paused, 1}, belief{Running, 2}},
		{"B", ActWrite, 10, "B", 2, 20, "B-value", 2, 0, Accepted, belief{Paused, 1}, belief{Running, 2}},
		{"A", ActWrite, 10, "B", 2, 20, lastData, 2, lastRejected, lastWrite, belief{Running, 1}, belief{Running, 2}},
	}
}

func mustReplay(t testing.TB, sc Scenario, st Strategy) []Frame {
	t.Helper()
	frames, err := Replay(sc, st)
	if err != nil {
		t.Fatalf("%s under %s: %v", sc.ID, st, err)
	}
	return frames
}

// The book's demo is gc-pause with fencing on (lease-fencing) and off
// (lease); both must give exactly the published frames.
func TestBookScenarioMatchesPublishedFrames(t *testing.T) {
	for _, st := range []Strategy{LeaseFencing, Lease} {
		frames := mustReplay(t, GCPause(), st)
		want := bookTable(st.Fenced())
		if len(frames) != len(want) {
			t.Fatalf("%s: %d frames, want %d", st, len(frames), len(want))
		}
		for i, w := range want {
			f := frames[i]
			got := bookRow{
				actor: f.Event.Client, kind: f.Event.Kind, clock: f.Clock,
				holder: f.Lock.Holder, token: f.Lock.Token, expiry: f.Lock.Expiry,
				data: f.Resource.Data, maxToken: f.Resource.MaxToken, rejected: f.Resource.Rejected,
				write: f.Event.Write, a: beliefOf(f, "A"), b: beliefOf(f, "B"),
			}
			if got != w {
				t.Errorf("%s frame %d:\n got %+v\nwant %+v", st, i+1, got, w)
			}
			if f.Step != i+1 || f.Resource.Name != "row-42" || f.Resource.Fenced != st.Fenced() {
				t.Errorf("%s frame %d: step %d resource %+v", st, i+1, f.Step, f.Resource)
			}
		}
	}
}

func TestBookScenarioEventsCarryTheirArguments(t *testing.T) {
	frames := mustReplay(t, GCPause(), LeaseFencing)
	want := []Event{
		{},
		{Kind: ActAcquire, Client: "A", Token: 1, Grant: 1, Lease: 10, Result: ResultGranted},
		{Kind: ActWrite, Client: "A", Token: 1, Grant: 1, Value: "A-value", Write: Accepted, Result: ResultAccepted},
		{Kind: ActPause, Client: "A", Ticks: 10, Expired: "A", Result: ResultExpires},
		{Kind: ActAcquire, Client: "B", Token: 2, Grant: 2, Lease: 10, Result: ResultGranted},
		{Kind: ActWrite, Client: "B", Token: 2, Grant: 2, Value: "B-value", Write: Accepted, Result: ResultAccepted},
		{Kind: ActWrite, Client: "A", Token: 1, Grant: 1, Value: "A-STALE", Write: RejectedStale, Resumed: true, Result: ResultRejected},
	}
	for i, w := range want {
		if !reflect.DeepEqual(frames[i].Event, w) {
			t.Errorf("frame %d event = %+v, want %+v", i+1, frames[i].Event, w)
		}
	}
}

func TestBookScenarioOutcomeAndNotes(t *testing.T) {
	for _, c := range []struct {
		st       Strategy
		outcome  Outcome
		lastNote string
	}{
		{LeaseFencing, Protected, "gc-pause.a-writes-late.refused"},
		{Lease, Destroyed, "gc-pause.a-writes-late.destroys"},
	} {
		frames := mustReplay(t, GCPause(), c.st)
		for i, f := range frames[:len(frames)-1] {
			if f.Outcome != Ongoing {
				t.Errorf("%s frame %d outcome %q, want running", c.st, i+1, f.Outcome)
			}
		}
		last := frames[len(frames)-1]
		if last.Outcome != c.outcome || last.Note != c.lastNote {
			t.Errorf("%s last frame: outcome %q note %q, want %q %q", c.st, last.Outcome, last.Note, c.outcome, c.lastNote)
		}
		wantNotes := []string{"gc-pause.start", "gc-pause.a-acquires", "gc-pause.a-writes", "gc-pause.a-pauses", "gc-pause.b-acquires", "gc-pause.b-writes"}
		for i, n := range wantNotes {
			if frames[i].Note != n {
				t.Errorf("%s frame %d note %q, want %q", c.st, i+1, frames[i].Note, n)
			}
		}
	}
}

func TestBookScenarioShowsOutdatedBelief(t *testing.T) {
	frames := mustReplay(t, GCPause(), LeaseFencing)
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
	a := mustReplay(t, DelayedWrite(), Lease)
	a[1].Clients[0].Token = 99
	a[2].Network[0].Value = "changed"
	if a[2].Clients[0].Token != 1 || a[3].Network[0].Value != "A-value" {
		t.Fatal("frames share client or network state")
	}
}

func TestDestroyedOutcomeIsPermanent(t *testing.T) {
	sc := GCPause()
	sc.Steps = append(sc.Steps, Step{Action: write("B", "B-again"), Note: "n"})
	frames := mustReplay(t, sc, Lease)
	if got := frames[6].Outcome; got != Destroyed {
		t.Fatalf("frame 7 outcome %q, want destroyed (not the last frame any more)", got)
	}
	if got := frames[7].Outcome; got != Destroyed {
		t.Fatalf("frame 8 outcome %q, want destroyed: an honest write later does not undo it", got)
	}
}

func TestReplayRefusalsAreEventsNotErrors(t *testing.T) {
	sc := Scenario{ID: "t", Resource: "r", Clients: []string{"A", "B"}, Steps: []Step{
		{Action: Action{Kind: ActAcquire, Client: "A", Lease: 5}},
		{Action: Action{Kind: ActAcquire, Client: "B", Lease: 5}},
		{Action: Action{Kind: ActRelease, Client: "B"}},
		{Action: Action{Kind: ActTick, Ticks: 5}},
		{Action: Action{Kind: ActRenew, Client: "A", Lease: 5}},
		{Action: Action{Kind: ActWrite, Client: "A", Value: "x"}},
	}}
	frames := mustReplay(t, sc, LeaseFencing)
	if ev := frames[2].Event; !errors.Is(ev.Err, ErrLockHeld) || ev.Token != 0 || ev.Result != ResultRefused {
		t.Errorf("B's acquire: %+v", ev)
	}
	if !errors.Is(frames[3].Event.Err, ErrNotHolder) {
		t.Errorf("B's release: %+v", frames[3].Event)
	}
	if !errors.Is(frames[5].Event.Err, ErrLeaseExpired) {
		t.Errorf("A's late renew: %+v", frames[5].Event)
	}
	if a, _ := frames[5].Client("A"); a.Token != 0 {
		t.Errorf("A still believes it holds token %d after a refused renew", a.Token)
	}
	// A no longer believes it holds the lock, so it does not write.
	if ev := frames[6].Event; ev.Result != ResultSkipped || ev.Write != "" || frames[6].Resource.Writes != 0 {
		t.Errorf("A's write without a lock: %+v", ev)
	}
}

func TestReplayRejectsBadScenarios(t *testing.T) {
	base := func(steps ...Step) Scenario {
		return Scenario{ID: "bad", Resource: "r", Clients: []string{"A"}, Steps: steps}
	}
	act := func(a Action) Step { return Step{Action: a} }
	cases := []struct {
		name string
		sc   Scenario
		step int
		want error
	}{
		{"empty client name in list", Scenario{ID: "bad", Clients: []string{""}}, 1, ErrEmptyClient},
		{"client listed twice", Scenario{ID: "bad", Clients: []string{"A", "A"}}, 1, ErrDuplicateClient},
		{"empty actor", base(act(Action{Kind: ActAcquire, Lease: 1})), 2, ErrEmptyClient},
		{"unknown actor", base(act(Action{Kind: ActWrite, Client: "Z"})), 2, ErrUnknownClient},
		{"unknown kind", base(act(Action{Kind: "teleport", Client: "A"})), 2, ErrUnknownAction},
		{"negative tick", base(act(Action{Kind: ActTick, Ticks: -1})), 2, ErrNegativeTick},
		{"negative pause", base(act(Action{Kind: ActPause, Client: "A", Ticks: -4})), 2, ErrNegativeTick},
		{"clock overflow", base(act(tick(math.MaxInt)), act(tick(1))), 3, ErrClockOverflow},
		{"lease overflow", base(act(tick(10)), act(Action{Kind: ActAcquire, Client: "A", Lease: math.MaxInt})), 3, ErrClockOverflow},
		{"crashed client acts", base(act(crash("A")), act(write("A", "x"))), 3, ErrClientCrashed},
		{"resume a running client", base(act(acquire("A")), act(Action{Kind: ActResume, Client: "A"})), 3, ErrClientNotPaused},
		{"deliver an unknown message", base(act(Action{Kind: ActDeliver, Message: "m"})), 2, ErrUnknownMessage},
		{"deliver twice", base(act(acquire("A")), act(Action{Kind: ActWrite, Client: "A", Hold: "m"}),
			act(Action{Kind: ActDeliver, Message: "m"}), act(Action{Kind: ActDeliver, Message: "m"})), 5, ErrUnknownMessage},
		{"one id held twice", base(act(Action{Kind: ActWrite, Client: "A", Hold: "m"}), act(Action{Kind: ActWrite, Client: "A", Hold: "m"})), 3, ErrDuplicateMessage},
	}
	for _, c := range cases {
		frames, err := Replay(c.sc, LeaseFencing)
		var se *StepError
		if !errors.Is(err, c.want) || !errors.As(err, &se) || se.Step != c.step || frames != nil {
			t.Errorf("%s: frames=%d err=%v, want step %d %v", c.name, len(frames), err, c.step, c.want)
		}
	}
	if _, err := Replay(GCPause(), "optimism"); !errors.Is(err, ErrUnknownStrategy) {
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
