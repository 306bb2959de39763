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
	a, b     ClientView
}

func bookTable(fencing bool) []bookRow {
	idleB := ClientView{Name: "B", State: Idle}
	lastData, lastRejected, lastWrite := "B-value", 1, RejectedStale
	if !fencing {
		lastData, lastRejected, lastWrite = "A-STALE", 0, AcceptedStale
	}
	return []bookRow{
		{"", "", 0, "", 0, 0, "", 0, 0, "", ClientView{"A", Idle, 0}, idleB},
		{"A", ActAcquire, 0, "A", 1, 10, "", 0, 0, "", ClientView{"A", Running, 1}, idleB},
		{"A", ActWrite, 0, "A", 1, 10, "A-value", 1, 0, Accepted, ClientView{"A", Running, 1}, idleB},
		{"A", ActPause, 10, "", 0, 10, "A-value", 1, 0, "", ClientView{"A", Paused, 1}, idleB},
		{"B", ActAcquire, 10, "B", 2, 20, "A-value", 1, 0, "", ClientView{"A", Paused, 1}, ClientView{"B", Running, 2}},
		{"B", ActWrite, 10, "B", 2, 20, "B-value", 2, 0, Accepted, ClientView{"A", Paused, 1}, ClientView{"B", Running, 2}},
		{"A", ActWrite, 10, "B", 2, 20, lastData, 2, lastRejected, lastWrite, ClientView{"A", Running, 1}, ClientView{"B", Running, 2}},
	}
}

func TestBookScenarioMatchesPublishedFrames(t *testing.T) {
	for _, fencing := range []bool{true, false} {
		frames, err := Replay(GCPause(), Options{Fencing: fencing})
		if err != nil {
			t.Fatalf("fencing=%v: %v", fencing, err)
		}
		want := bookTable(fencing)
		if len(frames) != len(want) {
			t.Fatalf("fencing=%v: %d frames, want %d", fencing, len(frames), len(want))
		}
		for i, w := range want {
			f := frames[i]
			got := bookRow{
				actor: f.Event.Client, kind: f.Event.Kind, clock: f.Clock,
				holder: f.Lock.Holder, token: f.Lock.Token, expiry: f.Lock.Expiry,
				data: f.Resource.Data, maxToken: f.Resource.MaxToken, rejected: f.Resource.Rejected,
				write: f.Event.Write,
			}
			got.a, _ = f.Client("A")
			got.b, _ = f.Client("B")
			if got != w {
				t.Errorf("fencing=%v frame %d:\n got %+v\nwant %+v", fencing, i+1, got, w)
			}
			if f.Step != i+1 {
				t.Errorf("fencing=%v frame %d: Step = %d", fencing, i+1, f.Step)
			}
			if f.Resource.Name != "row-42" || f.Resource.Fenced != fencing {
				t.Errorf("fencing=%v frame %d: resource %+v", fencing, i+1, f.Resource)
			}
		}
	}
}

func TestBookScenarioEventsCarryTheirArguments(t *testing.T) {
	frames, err := Replay(GCPause(), Options{Fencing: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{
		{},
		{Kind: ActAcquire, Client: "A", Token: 1, Lease: 10},
		{Kind: ActWrite, Client: "A", Token: 1, Value: "A-value", Write: Accepted},
		{Kind: ActPause, Client: "A", Ticks: 10, Expired: "A"},
		{Kind: ActAcquire, Client: "B", Token: 2, Lease: 10},
		{Kind: ActWrite, Client: "B", Token: 2, Value: "B-value", Write: Accepted},
		{Kind: ActWrite, Client: "A", Token: 1, Value: "A-STALE", Write: RejectedStale, Resumed: true},
	}
	for i, w := range want {
		if !reflect.DeepEqual(frames[i].Event, w) {
			t.Errorf("frame %d event = %+v, want %+v", i+1, frames[i].Event, w)
		}
	}
}

func TestBookScenarioOutcomeAndNotes(t *testing.T) {
	for _, c := range []struct {
		fencing  bool
		outcome  Outcome
		lastNote string
	}{
		{true, Protected, "gc-pause.a-writes-late.refused"},
		{false, Destroyed, "gc-pause.a-writes-late.destroys"},
	} {
		frames, err := Replay(GCPause(), Options{Fencing: c.fencing})
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range frames[:len(frames)-1] {
			if f.Outcome != Ongoing {
				t.Errorf("fencing=%v frame %d outcome %q, want running", c.fencing, i+1, f.Outcome)
			}
		}
		last := frames[len(frames)-1]
		if last.Outcome != c.outcome || last.Note != c.lastNote {
			t.Errorf("fencing=%v last frame: outcome %q note %q, want %q %q", c.fencing, last.Outcome, last.Note, c.outcome, c.lastNote)
		}
		wantNotes := []string{"gc-pause.start", "gc-pause.a-acquires", "gc-pause.a-writes", "gc-pause.a-pauses", "gc-pause.b-acquires", "gc-pause.b-writes"}
		for i, n := range wantNotes {
			if frames[i].Note != n {
				t.Errorf("frame %d note %q, want %q", i+1, frames[i].Note, n)
			}
		}
		if c.fencing && last.Resource.StaleAccepted != 0 || !c.fencing && last.Resource.StaleAccepted != 1 {
			t.Errorf("fencing=%v: StaleAccepted = %d", c.fencing, last.Resource.StaleAccepted)
		}
	}
}

func TestBookScenarioShowsOutdatedBelief(t *testing.T) {
	frames, _ := Replay(GCPause(), Options{Fencing: true})
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
	a, _ := Replay(GCPause(), Options{Fencing: true})
	b, _ := Replay(GCPause(), Options{Fencing: true})
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two replays of the same scenario differ")
	}
	// Frames are snapshots: changing one must not change another.
	a[1].Clients[0].Token = 99
	if a[2].Clients[0].Token != 1 || b[1].Clients[0].Token != 1 {
		t.Fatal("frames share client state")
	}
}

func TestDestroyedOutcomeIsPermanent(t *testing.T) {
	sc := GCPause()
	sc.Steps = append(sc.Steps, Step{Action: Action{Kind: ActWrite, Client: "B", Value: "B-again"}, Note: "n"})
	frames, err := Replay(sc, Options{Fencing: false})
	if err != nil {
		t.Fatal(err)
	}
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
	frames, err := Replay(sc, Options{Fencing: true})
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(frames[2].Event.Err, ErrLockHeld) || frames[2].Event.Token != 0 {
		t.Errorf("B's acquire: %+v", frames[2].Event)
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
	// A no longer believes it holds a token: its write carries none.
	if ev := frames[6].Event; ev.Token != 0 || ev.Write != RejectedNoToken {
		t.Errorf("A's write without a token: %+v", ev)
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
		{"clock overflow", base(act(Action{Kind: ActTick, Ticks: math.MaxInt}), act(Action{Kind: ActTick, Ticks: 1})), 3, ErrClockOverflow},
		{"lease overflow", base(act(Action{Kind: ActTick, Ticks: 10}), act(Action{Kind: ActAcquire, Client: "A", Lease: math.MaxInt})), 3, ErrClockOverflow},
		{"crashed client acts", base(act(Action{Kind: ActCrash, Client: "A"}), act(Action{Kind: ActWrite, Client: "A"})), 3, ErrClientCrashed},
		{"resume a running client", base(act(Action{Kind: ActAcquire, Client: "A", Lease: 1}), act(Action{Kind: ActResume, Client: "A"})), 3, ErrClientNotPaused},
	}
	for _, c := range cases {
		frames, err := Replay(c.sc, Options{Fencing: true})
		var se *StepError
		if !errors.Is(err, c.want) || !errors.As(err, &se) || se.Step != c.step || frames != nil {
			t.Errorf("%s: frames=%d err=%v, want step %d %v", c.name, len(frames), err, c.step, c.want)
		}
	}
}

func TestScenarioByID(t *testing.T) {
	if sc, ok := ScenarioByID("gc-pause"); !ok || sc.ID != "gc-pause" {
		t.Fatalf("ScenarioByID(gc-pause) = %v, %v", sc.ID, ok)
	}
	if _, ok := ScenarioByID("nope"); ok {
		t.Fatal("ScenarioByID(nope) found something")
	}
	if Scenarios()[0].ID != "gc-pause" {
		t.Fatal("the chapter's scenario is not the default")
	}
}

func BenchmarkReplay(b *testing.B) {
	sc := GCPause()
	for _, fencing := range []bool{true, false} {
		name := "fencing=off"
		if fencing {
			name = "fencing=on"
		}
		b.Run("gc-pause/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Replay(sc, Options{Fencing: fencing}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
