package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// resourceKind is what a random run protects.
type resourceKind int

const (
	oneAtomic    resourceKind = iota // row-42, checked atomically when fenced
	twoAtomic                        // row-42 and row-43
	oneNonAtomic                     // row-42, checked and then applied
)

func (k resourceKind) String() string {
	return [...]string{"one atomic resource", "two atomic resources", "one check-then-apply resource"}[k]
}

// profile is what a random run may contain.
type profile struct {
	kind     resourceKind
	noPauses bool // no pause, no held message, no restart: only clocks can fail
}

// randomRun builds a valid random scenario for profile p: it tracks who is
// paused or crashed and which messages are held, so every action is one
// Replay must accept under every strategy.
func randomRun(seed uint64, p profile) Scenario {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	clients := []string{"A", "B", "C"}
	crashed := map[string]bool{}
	paused := map[string]bool{}
	var held []string
	sc := Scenario{ID: fmt.Sprintf("random-%d", seed), Resources: []string{Row42}, Clients: clients, NonAtomic: p.kind == oneNonAtomic}
	if p.kind == twoAtomic {
		sc.Resources = append(sc.Resources, Row43)
	}
	if r.IntN(4) == 0 {
		sc.FromReply = []string{"C"}
	}
	n := 4 + r.IntN(22)
	for i := 0; i < n; i++ {
		var alive []string
		for _, c := range clients {
			if !crashed[c] {
				alive = append(alive, c)
			}
		}
		var a Action
		switch k := r.IntN(100); {
		case k < 8:
			a = tick(r.IntN(15))
		case k < 12:
			a = jump(r.IntN(12))
		case k < 15 && !p.noPauses:
			a = restart()
		case k < 21 && len(held) > 0:
			j := r.IntN(len(held))
			a = deliver(held[j])
			held = slices.Delete(held, j, j+1)
		case len(alive) == 0:
			a = tick(1 + r.IntN(5))
		default:
			c := alive[r.IntN(len(alive))]
			switch k2 := r.IntN(100); {
			case k2 < 22:
				a = Action{Kind: ActAcquire, Client: c, Lease: r.IntN(14) - 1}
				if r.IntN(3) == 0 {
					a.Nodes = r.Perm(RedlockNodes)[:1+r.IntN(RedlockNodes)]
					for j := range a.Nodes {
						a.Nodes[j]++
					}
				}
			case k2 < 29:
				a = Action{Kind: ActRenew, Client: c, Lease: 1 + r.IntN(12)}
			case k2 < 34:
				a = release(c)
			case k2 < 58:
				a = writeTo(c, fmt.Sprintf("%s-%d", c, i), sc.Resources[r.IntN(len(sc.Resources))])
			case k2 < 62:
				a = Action{Kind: ActRead, Client: c, Resource: sc.Resources[r.IntN(len(sc.Resources))]}
			case k2 < 68:
				a = check(c)
			case k2 < 82 && !p.noPauses:
				a = pause(c, r.IntN(14))
			case k2 < 90 && paused[c]:
				a = Action{Kind: ActResume, Client: c}
			case k2 < 94:
				a = crash(c)
			default:
				a = tick(r.IntN(8))
			}
			if (a.Kind == ActAcquire || a.Kind == ActWrite) && !p.noPauses && r.IntN(4) == 0 {
				a.Hold = fmt.Sprintf("m%d", i)
				held = append(held, a.Hold)
			}
			switch a.Kind {
			case ActPause:
				paused[c] = true
			case ActCrash:
				crashed[c], paused[c] = true, false
			case ActTick:
			default:
				paused[c] = false
			}
		}
		sc.Steps = append(sc.Steps, Step{Action: a})
	}
	return sc
}

// readsFirst is run with one habit added: right after each acquire, the
// client presents its token to every resource before anything else
// happens. Held replies are delivered at once, so the client always knows
// whether it got the lock.
func readsFirst(sc Scenario) Scenario {
	out := sc
	out.Steps = nil
	for _, st := range sc.Steps {
		a := st.Action
		if a.Kind == ActDeliver && slices.ContainsFunc(sc.Steps, func(s Step) bool { return s.Action.Kind == ActAcquire && s.Action.Hold == a.Message }) {
			continue
		}
		if a.Kind == ActAcquire {
			a.Hold = ""
		}
		out.Steps = append(out.Steps, Step{Action: a})
		if a.Kind == ActAcquire {
			for _, r := range sc.Resources {
				out.Steps = append(out.Steps, Step{Action: Action{Kind: ActRead, Client: a.Client, Resource: r}})
			}
		}
	}
	return out
}

func has(sc Scenario, k ActionKind) bool {
	return slices.ContainsFunc(sc.Steps, func(s Step) bool { return s.Action.Kind == k })
}

func holds(sc Scenario) bool {
	return slices.ContainsFunc(sc.Steps, func(s Step) bool { return s.Action.Hold != "" })
}

// propertyRuns is how many random runs each `go test` replays under every
// strategy.
const propertyRuns = 10000

// TestRandomRunsKeepTheInvariants replays random runs under every row and
// every resource kind, checks each with Check, and states what each row
// must and must not do.
func TestRandomRunsKeepTheInvariants(t *testing.T) {
	corrupted := map[Strategy]int{}
	clockOnly := map[Strategy]int{} // corrupted with no pause, no held message, no restart
	stuck := map[Strategy]int{}
	pausedCorruption := 0 // consensus-unfenced runs with a pause, corrupted
	for seed := uint64(0); seed < propertyRuns; seed++ {
		p := profile{kind: resourceKind(seed % 3), noPauses: seed%5 == 0}
		sc := randomRun(seed, p)
		for _, st := range Strategies() {
			frames := replayChecked(t, sc, st, seed, p)
			v := VerdictOf(frames)
			overwrote := slices.ContainsFunc(frames, func(f Frame) bool { return f.Event.Stale == Overwrote })
			switch {
			case v == Stuck && st.TTL() && !(st == LeaseFencing && has(sc, ActRestart)):
				t.Fatalf("seed %d (%v): %s got stuck, which only a lock without TTL or a single node's counter reset can do\n%+v", seed, p, st, sc.Steps)
			case v == Corrupted && st == NoTTL && !has(sc, ActRestart) && !holds(sc):
				t.Fatalf("seed %d (%v): a lock without TTL corrupted with no restart and nothing held up\n%+v", seed, p, sc.Steps)
			case overwrote && st == Consensus && p.kind != oneNonAtomic:
				t.Fatalf("seed %d (%v): consensus with atomic fencing let a stale write overwrite a newer holder's\n%+v", seed, p, sc.Steps)
			case overwrote && st == LeaseFencing && p.kind != oneNonAtomic && !has(sc, ActRestart):
				t.Fatalf("seed %d (%v): atomic fencing on one node let a stale write overwrite a newer one with no restart\n%+v", seed, p, sc.Steps)
			}
			switch v {
			case Corrupted:
				corrupted[st]++
				if p.noPauses {
					clockOnly[st]++
				}
				if st == ConsensusUnfenced && has(sc, ActPause) {
					pausedCorruption++
				}
			case Stuck:
				stuck[st]++
			}
		}
		// With the habit of presenting the token first, an atomic fenced
		// resource on a replicated service is never corrupted, and on one
		// node only a restart can corrupt it.
		if p.kind != oneNonAtomic {
			rf := readsFirst(sc)
			for _, st := range []Strategy{Consensus, LeaseFencing} {
				v := VerdictOf(replayChecked(t, rf, st, seed, p))
				if v == Corrupted && (st == Consensus || !has(rf, ActRestart)) {
					t.Fatalf("seed %d (%v): %s corrupted although every holder presented its token first\n%+v", seed, p, st, rf.Steps)
				}
			}
		}
	}
	// The checker can fail: each row's weakness shows up in random runs.
	for _, st := range []Strategy{NoTTL, Lease, Redlock, LeaseFencing, ConsensusUnfenced, Consensus} {
		if corrupted[st] == 0 {
			t.Errorf("no run corrupted under %s in %d runs: %v", st, propertyRuns, corrupted)
		}
	}
	if clockOnly[Redlock] == 0 {
		t.Errorf("no run corrupted Redlock without a pause: a clock jump should, %v", clockOnly)
	}
	if pausedCorruption == 0 {
		t.Error("no pause corrupted a consensus lock used without fencing")
	}
	if stuck[NoTTL] == 0 || stuck[LeaseFencing] == 0 {
		t.Errorf("stuck runs %v: want some without TTL and some after a single node's counter reset", stuck)
	}
	t.Logf("%d random runs per strategy; corrupted: %v (without pauses: %v); stuck: %v", propertyRuns, corrupted, clockOnly, stuck)
}

// replayChecked replays and checks one run, turning a panic into a failure
// that names the seed.
func replayChecked(t *testing.T, sc Scenario, st Strategy, seed uint64, p profile) (frames []Frame) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("seed %d (%v) under %s: panic %v\n%+v", seed, p, st, r, sc.Steps)
		}
	}()
	frames, err := Replay(sc, st)
	if err != nil {
		t.Fatalf("seed %d (%v) under %s: %v\n%+v", seed, p, st, err, sc.Steps)
	}
	if err := Check(frames); err != nil {
		t.Fatalf("seed %d (%v) under %s: invariant broken: %v\n%+v", seed, p, st, err, sc.Steps)
	}
	return frames
}
