package timeline

import (
	"math/rand/v2"
	"testing"

	"dlock/core"
)

// mustReplay replays sc under st, failing the test where the model cannot.
func mustReplay(t testing.TB, sc core.Scenario, st core.Strategy) []core.Frame {
	t.Helper()
	frames, err := core.Replay(sc, st)
	if err != nil {
		t.Fatalf("%s under %s: %v", sc.ID, st, err)
	}
	return frames
}

// scenario is the built-in scenario called id.
func scenario(id string) core.Scenario {
	sc, ok := core.ScenarioByID(id)
	if !ok {
		panic("no scenario " + id)
	}
	return sc
}

// The built-in scenarios the tests lay out.
func gcPause() core.Scenario        { return scenario(core.GCPauseID) }
func delayedWrite() core.Scenario   { return scenario("delayed-write") }
func slowGrant() core.Scenario      { return scenario("slow-grant") }
func nonAtomicCheck() core.Scenario { return scenario("non-atomic-check") }
func clockJump() core.Scenario      { return scenario("clock-jump") }
func counterReset() core.Scenario   { return scenario("counter-reset") }
func heartbeat() core.Scenario      { return scenario("heartbeat") }

// Under the consensus rows the failover scenario's failover, 5 ticks after
// A's grant, is a leader change that restarts A's lease at its full length
// plus the election timeout: on the timeline A's one lease runs to
// 5+10+1 = 16, marked where it would have ended (t=10) and at which step
// the failover restarted it.
func TestALeaderChangeStretchesTheLeaseOnTheTimeline(t *testing.T) {
	want := 5 + core.BookLease + core.ElectionTimeout
	for _, st := range []core.Strategy{core.Consensus, core.ConsensusUnfenced} {
		tl := New(mustReplay(t, scenario("failover"), st))
		if len(tl.Leases) != 1 || tl.Leases[0].To != want || tl.Leases[0].WouldEnd != core.BookLease || tl.Leases[0].FailoverStep != 5 || tl.Leases[0].Ended != LeaseExpired {
			t.Errorf("%s: the timeline's lease %+v: want it to end at t=%d where it would have ended at t=%d", st, tl.Leases, want, core.BookLease)
		}
	}
}

// Every run, built in or drawn from the search's alphabet, is laid out
// with one span per frame, each from the clock before the step to the
// clock after it, and every span on a lane within the run's clocks.
func TestEveryRunHasASpanPerFrame(t *testing.T) {
	runs := core.Scenarios()
	r := rand.New(rand.NewPCG(5, 5))
	for _, st := range core.Strategies() {
		for range 10 {
			sc, err := core.RandomRun(r, core.SearchOptions{Strategy: st, Peek: true, Renew: true, Partial: true, TwoResources: true}, 12)
			if err != nil {
				t.Fatal(err)
			}
			runs = append(runs, sc)
		}
	}
	for _, sc := range runs {
		for _, st := range core.Strategies() {
			frames := mustReplay(t, sc, st)
			tl := New(frames)
			if len(tl.Steps) != len(frames) {
				t.Fatalf("%s under %s: %d spans for %d frames", sc.ID, st, len(tl.Steps), len(frames))
			}
			for i, s := range tl.Steps {
				if s.Step != frames[i].Step || s.To != frames[i].Clock || i > 0 && s.From != frames[i-1].Clock {
					t.Fatalf("%s under %s: frame %d at t=%d spans %+v", sc.ID, st, frames[i].Step, frames[i].Clock, s)
				}
			}
			last := frames[len(frames)-1].Clock
			for _, lane := range [][]Span{tl.Leases, tl.Pauses, tl.Crashes} {
				for _, s := range lane {
					if s.From < 0 || s.From > s.To || s.To > last || s.ToStep != 0 && s.ToStep < s.FromStep {
						t.Fatalf("%s under %s: a span out of the run (t=0 to %d): %+v", sc.ID, st, last, s)
					}
				}
			}
		}
	}
}
