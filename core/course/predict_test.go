package course

import (
	"math/rand/v2"
	"slices"
	"testing"

	"dlock/core"
)

// Every question of every scenario under every row has two to four
// distinct choices and exactly one right one, which is what the frame it
// leads to shows, read from the frame itself rather than from the event's
// result: the resource's counts, the service's holder and grant, the
// client's belief.
func TestEveryQuestionHasOneRightChoiceTheFrameShows(t *testing.T) {
	asked := map[Ask]int{}
	// The built-in scenarios, and random runs from the search's alphabet
	// with every option on (renewals, partial Redlock acquires, tokenless
	// reads, two resources), five per row.
	runs := core.Scenarios()
	r := rand.New(rand.NewPCG(7, 7))
	for _, st := range core.Strategies() {
		for range 5 {
			sc, err := core.RandomRun(r, core.SearchOptions{Strategy: st, MaxDepth: 12, Peek: true, Renew: true, Partial: true, TwoResources: true}, 12)
			if err != nil {
				t.Fatal(err)
			}
			runs = append(runs, sc)
		}
	}
	builtIn := len(core.Scenarios())
	for k, sc := range runs {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			questions := 0
			for i := 1; i < len(frames); i++ {
				q, ok := QuestionAt(frames, i)
				if !ok {
					continue
				}
				questions++
				asked[q.Ask]++
				name := sc.ID + " under " + string(st) + ", step " + sc.Steps[i-1].Action.String()
				checkChoices(t, name, q)
				if q.Ask == AskRenew && !frames[i].Lock.TTL {
					t.Errorf("%s: asks whether the service renews a lease, of a lock without TTL", name)
				}
				if q.Ask == AskHolder && q.Majority != (len(frames[i].Lock.Nodes) > 1) {
					t.Errorf("%s: asks who holds the lock by a majority %v, with %d nodes", name, q.Majority, len(frames[i].Lock.Nodes))
				}
				if shown := shownBy(frames, q); shown != q.Answer {
					t.Errorf("%s: asks %s, answer %q, but the frame shows %q", name, q.Ask, q.Answer, shown)
				}
			}
			if questions == 0 && k < builtIn {
				t.Errorf("%s under %s asks nothing", sc.ID, st)
			}
			v := VerdictQuestion(frames)
			checkChoices(t, sc.ID+" under "+string(st)+", the verdict", v)
			if v.Answer != string(core.VerdictOf(frames)) || v.Frame != len(frames)-1 {
				t.Errorf("%s under %s: the verdict question answers %q at frame %d", sc.ID, st, v.Answer, v.Frame)
			}
		}
	}
	for _, a := range []Ask{AskWrite, AskGrant, AskHeard, AskRenew, AskCheck, AskHolder} {
		if asked[a] == 0 {
			t.Errorf("no run asks %s", a)
		}
	}
	t.Logf("questions asked: %v", asked)
}

func checkChoices(t *testing.T, name string, q Question) {
	t.Helper()
	right := 0
	for _, c := range q.Choices {
		if q.Right(c) {
			right++
		}
	}
	seen := slices.Clone(q.Choices)
	slices.Sort(seen)
	if len(q.Choices) < 2 || len(q.Choices) > 4 || right != 1 || len(slices.Compact(seen)) != len(q.Choices) {
		t.Errorf("%s: choices %v, answer %q: want 2–4 distinct choices, exactly one right", name, q.Choices, q.Answer)
	}
}

// shownBy is the answer to q that its frame shows, and the frame before
// it, read from what they hold.
func shownBy(frames []core.Frame, q Question) string {
	before, after := frames[q.Frame-1], frames[q.Frame]
	client := func(f core.Frame) core.ClientView { c, _ := f.Client(q.Client); return c }
	switch q.Ask {
	case AskWrite:
		b, _ := before.Resource(q.Resource)
		a, _ := after.Resource(q.Resource)
		switch {
		case a.Writes == b.Writes+1 && a.Rejected == b.Rejected:
			return ChoiceAccepted
		case a.Rejected == b.Rejected+1 && a.Writes == b.Writes:
			return ChoiceRefused
		}
	case AskGrant:
		if after.Lock.Grant != before.Lock.Grant && after.Lock.Holder == q.Client {
			return ChoiceGranted
		}
		if after.Lock.Grant == before.Lock.Grant {
			return ChoiceRefused
		}
	case AskHeard:
		switch {
		case client(after).Holds():
			return ChoiceGranted
		case after.Event.Grant != 0:
			return ChoiceLate // granted by the service, not believed
		default:
			return ChoiceRefused
		}
	case AskRenew:
		if after.Lock.Holder == q.Client && after.Lock.Grant == client(before).Grant {
			return ChoiceRenewed
		}
		return ChoiceRefused
	case AskCheck:
		if client(after).Holds() {
			return ChoiceValid
		}
		return ChoiceExpired
	case AskHolder:
		if after.Lock.Holder == "" {
			return ChoiceNone
		}
		return after.Lock.Holder
	}
	return "?"
}

// A question is asked only between frames: none before the first, none
// past the last, and none about a step that decides nothing (a pause).
func TestQuestionsAreAskedOnlyOfDecisions(t *testing.T) {
	sc, _ := core.ScenarioByID("gc-pause")
	frames, err := core.Replay(sc, core.LeaseFencing)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, len(frames), -1} {
		if _, ok := QuestionAt(frames, i); ok {
			t.Errorf("a question before frame %d of %d", i, len(frames))
		}
	}
	// The chapter's run: 1 start, 2 A acquires, 3 A writes, 4 A pauses,
	// 5 B acquires, 6 B writes, 7 A's late write.
	for i, want := range []struct {
		ask    Ask
		answer string
	}{{}, {AskGrant, ChoiceGranted}, {AskWrite, ChoiceAccepted}, {}, {AskGrant, ChoiceGranted}, {AskWrite, ChoiceAccepted}, {AskWrite, ChoiceRefused}} {
		if i == 0 {
			continue
		}
		q, ok := QuestionAt(frames, i)
		if ok != (want.ask != "") || q.Ask != want.ask || q.Answer != want.answer {
			t.Errorf("frame %d: %v %+v, want %s %s", i, ok, q, want.ask, want.answer)
		}
	}
	// A held acquire the service refuses: asked, and refused, though
	// the client learns of it only later.
	held, err := core.ParseScript("A:acquire,B:acquire@m1,deliver:m1")
	if err != nil {
		t.Fatal(err)
	}
	heldFrames, err := core.Replay(held, core.Lease)
	if err != nil {
		t.Fatal(err)
	}
	if q, ok := QuestionAt(heldFrames, 2); !ok || q.Ask != AskGrant || q.Answer != ChoiceRefused || q.Client != "B" {
		t.Errorf("a held acquire refused: %v %+v", ok, q)
	}
	if q, ok := QuestionAt(heldFrames, 3); !ok || q.Ask != AskHeard || q.Answer != ChoiceRefused {
		t.Errorf("its refusal delivered: %v %+v", ok, q)
	}
	unfenced, err := core.Replay(sc, core.Lease)
	if err != nil {
		t.Fatal(err)
	}
	if q, _ := QuestionAt(unfenced, 6); q.Answer != ChoiceAccepted || q.Client != "A" || q.Resource != "row-42" {
		t.Errorf("the late write without fencing: %+v", q)
	}
}

// A lock without TTL has no lease to renew: a renewal sent to one, or
// delivered to one, is no question of whether the service renews it. The
// scenarios do renew such locks (heartbeat, heartbeat-pause and
// partitioned-holder under no-ttl), and the same renewals under a lease
// are asked.
func TestNoRenewalIsAskedOfALockWithoutTTL(t *testing.T) {
	for _, id := range []string{"heartbeat", "heartbeat-pause", "partitioned-holder"} {
		sc, ok := core.ScenarioByID(id)
		if !ok {
			t.Fatalf("no scenario %s", id)
		}
		for _, c := range []struct {
			st     core.Strategy
			wanted bool
		}{{core.NoTTL, false}, {core.Lease, true}} {
			frames, err := core.Replay(sc, c.st)
			if err != nil {
				t.Fatal(err)
			}
			renewals, asked := 0, 0
			for i := 1; i < len(frames); i++ {
				e := frames[i].Event
				if e.Kind != core.ActRenew && (e.Kind != core.ActDeliver || e.Delivered != core.MsgRenew) {
					continue
				}
				renewals++
				if q, ok := QuestionAt(frames, i); ok && q.Ask == AskRenew {
					asked++
				}
			}
			switch {
			case renewals == 0:
				t.Errorf("%s under %s renews nothing: the test asks nothing of it", id, c.st)
			case c.wanted && asked == 0:
				t.Errorf("%s under %s: none of its %d renewals is asked", id, c.st, renewals)
			case !c.wanted && asked != 0:
				t.Errorf("%s under %s: %d of its %d renewals are asked, of a lock without TTL", id, c.st, asked, renewals)
			}
		}
	}
}

// Predict mode asks who holds the lock after a failover, and asks nothing
// of a sync.
func TestPredictAsksWhoHoldsTheLockAfterAFailover(t *testing.T) {
	sc, err := core.ParseScript("sync,A:acquire,tick:5,failover")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []core.Strategy{core.LeaseFencing, core.NoTTL, core.Redlock, core.Consensus, core.Optimistic} {
		frames, err := core.Replay(sc, st)
		if err != nil {
			t.Fatalf("%s: %v", st, err)
		}
		want := map[core.Strategy]string{core.LeaseFencing: ChoiceNone, core.NoTTL: ChoiceNone, core.Redlock: "A", core.Consensus: "A"}[st]
		q, ok := QuestionAt(frames, 4)
		switch {
		case st == core.Optimistic && ok:
			t.Error("a question about a failover where there is no lock service")
		case st != core.Optimistic && (!ok || q.Ask != AskHolder || q.Answer != want):
			t.Errorf("%s: the failover's question %+v (%v), want who holds it: %s", st, q, ok, want)
		}
		if q, ok := QuestionAt(frames, 1); ok {
			t.Errorf("%s: a question about a sync: %+v", st, q)
		}
	}
}
