package core

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// randomScenario builds a valid random scenario: it tracks who is paused or
// crashed and which messages are held, so every action is one Replay must
// accept under every strategy.
func randomScenario(seed uint64) (Scenario, bool) {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	clients := []string{"A", "B", "C"}
	paused := map[string]bool{}
	crashed := map[string]bool{}
	var held []string
	restarted := false
	sc := Scenario{ID: fmt.Sprintf("random-%d", seed), Resource: "r", Clients: clients}
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
			a = Action{Kind: ActTick, Ticks: r.IntN(15)}
		case k < 11:
			a = Action{Kind: ActRestart}
			restarted = true
		case k < 17 && len(held) > 0:
			j := r.IntN(len(held))
			a = Action{Kind: ActDeliver, Message: held[j]}
			held = append(held[:j], held[j+1:]...)
		case len(alive) == 0:
			a = Action{Kind: ActTick, Ticks: 1 + r.IntN(5)}
		default:
			c := alive[r.IntN(len(alive))]
			switch k2 := r.IntN(100); {
			case k2 < 22:
				a = Action{Kind: ActAcquire, Client: c, Lease: r.IntN(14) - 1}
			case k2 < 30:
				a = Action{Kind: ActRenew, Client: c, Lease: 1 + r.IntN(12)}
			case k2 < 35:
				a = Action{Kind: ActRelease, Client: c}
			case k2 < 62:
				a = Action{Kind: ActWrite, Client: c, Value: fmt.Sprintf("%s-%d", c, i)}
			case k2 < 68:
				a = Action{Kind: ActCheck, Client: c}
			case k2 < 82:
				a = Action{Kind: ActPause, Client: c, Ticks: r.IntN(14)}
			case k2 < 90 && paused[c]:
				a = Action{Kind: ActResume, Client: c}
			case k2 < 94:
				a = Action{Kind: ActCrash, Client: c}
			default:
				a = Action{Kind: ActTick, Ticks: r.IntN(8)}
			}
			if (a.Kind == ActAcquire || a.Kind == ActWrite) && r.IntN(4) == 0 {
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
		sc.Steps = append(sc.Steps, Step{Action: a, Note: "n"})
	}
	return sc, restarted
}

// propertyRuns is how many random scenarios each `go test` replays under
// every strategy.
const propertyRuns = 10000

func TestRandomRunsKeepTheInvariants(t *testing.T) {
	corrupted := map[Strategy]int{}
	stuck := 0
	for seed := uint64(0); seed < propertyRuns; seed++ {
		sc, restarted := randomScenario(seed)
		for _, st := range Strategies() {
			frames, err := replayNoPanic(sc, st)
			if err != nil {
				t.Fatalf("seed %d under %s: %v\n%+v", seed, st, err, sc.Steps)
			}
			if err := Check(frames); err != nil {
				t.Fatalf("seed %d under %s: invariant broken: %v\n%+v", seed, st, err, sc.Steps)
			}
			v := VerdictOf(frames)
			switch {
			case v == Corrupted && st == Consensus:
				t.Fatalf("seed %d: fencing with a durable counter let a late write through\n%+v", seed, sc.Steps)
			case v == Corrupted && st == LeaseFencing && !restarted:
				t.Fatalf("seed %d: fencing let a late write through without a counter reset\n%+v", seed, sc.Steps)
			case v == StuckVerdict && st.TTL():
				t.Fatalf("seed %d: %s got stuck although leases expire", seed, st)
			}
			if v == Corrupted {
				corrupted[st]++
			}
			if v == StuckVerdict {
				stuck++
			}
		}
	}
	// The checker can fail: without fencing, random runs do destroy data.
	if corrupted[Lease] == 0 || corrupted[NoTTL] == 0 {
		t.Fatalf("no corruption found without fencing in %d runs: the checker cannot fail (%v)", propertyRuns, corrupted)
	}
	if stuck == 0 {
		t.Fatalf("no run got stuck without TTL in %d runs", propertyRuns)
	}
	t.Logf("%d random runs per strategy; corrupted: %v; stuck without TTL: %d", propertyRuns, corrupted, stuck)
}

// replayNoPanic turns a panic into a failure that names it.
func replayNoPanic(sc Scenario, st Strategy) (frames []Frame, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return Replay(sc, st)
}
