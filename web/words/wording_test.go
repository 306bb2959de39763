package words

import (
	"strings"
	"testing"

	"dlock/core"
)

// What the resource did is worded as what it did: on every step of every
// run, a refused write or read reads as refused and an applied one as
// accepted, in both languages, and never the other way round.
func TestResultWordsSayWhatTheResourceDid(t *testing.T) {
	refused := map[Lang][]string{Japanese: {"拒否"}, English: {"refused", "rejected"}}
	accepted := map[Lang][]string{Japanese: {"受理"}, English: {"accepted"}}
	says := func(s string, any []string) bool {
		for _, w := range any {
			if strings.Contains(s, w) {
				return true
			}
		}
		return false
	}
	seen := map[core.Result]bool{}
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range frames[1:] {
				ev := f.Event
				for _, l := range []Lang{Japanese, English} {
					got := ResultWords(l, ev)
					switch ev.Result {
					case core.ResultRejected:
						seen[ev.Result] = true
						if !says(got, refused[l]) || says(got, accepted[l]) {
							t.Errorf("%s/%s step %d (%s): a refusal reads %q", sc.ID, st, f.Step, l, got)
						}
					case core.ResultAccepted, core.ResultStale:
						seen[ev.Result] = true
						if !says(got, accepted[l]) || says(got, refused[l]) {
							t.Errorf("%s/%s step %d (%s): an applied write reads %q", sc.ID, st, f.Step, l, got)
						}
					}
				}
			}
		}
	}
	for _, r := range []core.Result{core.ResultRejected, core.ResultAccepted, core.ResultStale} {
		if !seen[r] {
			t.Errorf("no run has a %s event", r)
		}
	}
	// The book's last step, word for word.
	sc, ok := core.ScenarioByID(core.GCPauseID)
	if !ok {
		t.Fatalf("no scenario %q", core.GCPauseID)
	}
	fenced, _ := core.Replay(sc, core.LeaseFencing)
	unfenced, _ := core.Replay(sc, core.Lease)
	if got := ResultWords(English, fenced[6].Event); got != "fenced off (rejected)" {
		t.Errorf("the book's refused write: %q", got)
	}
	if got := ResultWords(Japanese, unfenced[6].Event); got != "受理 — 新しい持ち主の値を上書き" {
		t.Errorf("the book's destroying write: %q", got)
	}
}

// The search's account of a run at risk fits its row: in token order where
// a lock issues tokens, a race refused by the version where there is no
// lock. Each from a run the search finds.
func TestSearchSaysHowARunAtRiskCameAbout(t *testing.T) {
	for st, says := range map[core.Strategy]string{
		core.Consensus:  "token order",
		core.Optimistic: "its version would have been out of date",
	} {
		s, err := core.NewSearch(core.SearchOptions{Strategy: st, MaxDepth: 4, Goal: core.AtRisk})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Run(1000) {
		}
		r := s.Result()
		if !r.Found {
			t.Fatalf("%s: no run at risk in 4 actions", st)
		}
		if got := SearchHow(English, st, r.Verdict, r.Harm); !strings.Contains(got, says) {
			t.Errorf("%s: %q (%s) is told %q, want it to say %q", st, r.Script, r.Verdict, got, says)
		}
	}
}
