package course

import (
	"math/rand/v2"
	"testing"

	"dlock/core"
)

// Every question of every scenario under every row, and of random runs,
// has a reason, and the reason agrees with the answer: the rule is one
// that gives that answer, and the values it compared say so (1 < 2 for a
// refused token, a lease's end at or before the clock for one that ended).
func TestEveryAnswerHasAReasonThatGivesIt(t *testing.T) {
	runs := core.Scenarios()
	r := rand.New(rand.NewPCG(11, 11))
	for _, st := range core.Strategies() {
		for range 8 {
			sc, err := core.RandomRun(r, core.SearchOptions{Strategy: st, MaxDepth: 12, Peek: true, Renew: true, Partial: true, TwoResources: true}, 12)
			if err != nil {
				t.Fatal(err)
			}
			runs = append(runs, sc)
		}
	}
	rules := map[Rule]int{}
	for _, sc := range runs {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(frames); i++ {
				q, ok := QuestionAt(frames, i)
				if !ok {
					continue
				}
				w := WhyOf(frames, q)
				rules[w.Rule]++
				if why := disagrees(q, w); why != "" {
					t.Errorf("%s under %s, frame %d, %s answered %s: %+v: %s", sc.ID, st, i, q.Ask, q.Answer, w, why)
				}
			}
			v := VerdictQuestion(frames)
			w := WhyOf(frames, v)
			rules[w.Rule]++
			if why := disagrees(v, w); why != "" {
				t.Errorf("%s under %s, the verdict %s: %+v: %s", sc.ID, st, v.Answer, w, why)
			}
		}
	}
	for _, rule := range []Rule{RuleTokenBelow, RuleTokenNotBelow, RuleNoCheck, RuleCheckedEarlier, RuleVersionMatches, RuleVersionMoved,
		RuleFree, RuleReleased, RuleLeaseEnded, RuleHeld, RuleLockDelay, RuleMajority, RuleNoMajority, RuleLeaseRuns, RuleNoTTL,
		RuleLeaderRestarted, RuleFromReply, RuleLateGrant, RuleRefusedEarlier, RuleInForce, RuleRenewTooLate, RuleOwnClockValid,
		RuleOwnClockPast, RuleOverwrite, RuleLostUpdate, RuleStuckCrash, RuleStuckToken, RuleLateLanded, RuleLateRefused, RuleNothingLate} {
		if rules[rule] == 0 {
			t.Errorf("no answer has the reason %s: it is not checked", rule)
		}
	}
	t.Logf("reasons given: %v", rules)
}

// disagrees says how w does not give q's answer, or "".
func disagrees(q Question, w Why) string {
	gives := map[Rule]string{
		RuleTokenBelow: ChoiceRefused, RuleTokenNotBelow: ChoiceAccepted, RuleNoCheck: ChoiceAccepted, RuleCheckedEarlier: ChoiceAccepted,
		RuleVersionMatches: ChoiceAccepted, RuleVersionMoved: ChoiceRefused, RuleNoVersion: ChoiceRefused,
		RuleLockDelay: ChoiceRefused, RuleHeld: ChoiceRefused,
		RuleFromReply: ChoiceGranted, RuleFromRequest: ChoiceGranted, RuleLateGrant: ChoiceLate, RuleRefusedEarlier: ChoiceRefused,
		RuleInForce: ChoiceRenewed, RuleRenewTooLate: ChoiceRefused, RuleNotHolder: ChoiceRefused,
		RuleOwnClockValid: ChoiceValid, RuleOwnClockPast: ChoiceExpired,
		RuleOverwrite: string(core.Corrupted), RuleLostUpdate: string(core.Corrupted), RuleStuckCrash: string(core.Stuck), RuleStuckToken: string(core.Stuck),
		RuleLateLanded: string(core.AtRisk), RuleLateRefused: string(core.Safe), RuleNothingLate: string(core.Safe),
	}
	switch q.Ask {
	case AskGrant:
		for _, r := range []Rule{RuleFree, RuleReleased, RuleLeaseEnded, RuleForgot, RuleMajority} {
			gives[r] = ChoiceGranted
		}
		gives[RuleNoMajority] = ChoiceRefused
	case AskRenew:
		gives[RuleMajority], gives[RuleNoMajority] = ChoiceRenewed, ChoiceRefused
	case AskHeard, AskCheck:
		gives[RuleNoTTL] = ChoiceGranted
		if q.Ask == AskCheck {
			gives[RuleNoTTL] = ChoiceValid
		}
	case AskHolder:
		holds, gone := w.Other, ChoiceNone
		if q.Answer != ChoiceNone {
			gone = q.Answer
		}
		for _, r := range []Rule{RuleLeaseRuns, RuleNoTTL, RuleLeaderRestarted, RuleMajority} {
			gives[r] = holds
		}
		for _, r := range []Rule{RuleLeaseEnded, RuleForgot, RuleNoMajority} {
			if w.Rule == r && w.Other == q.Answer {
				return "says the holder is gone, yet it holds"
			}
			gives[r] = gone
		}
	}
	if got, ok := gives[w.Rule]; !ok || got != q.Answer {
		return "the rule gives " + got
	}
	switch w.Rule {
	case RuleTokenBelow:
		if w.Token >= w.Max {
			return "the token is not below"
		}
	case RuleTokenNotBelow:
		if w.Token < w.Max {
			return "the token is below"
		}
	case RuleVersionMatches:
		if w.Version != w.Row {
			return "the versions differ"
		}
	case RuleVersionMoved:
		if w.Version == w.Row {
			return "the versions are equal"
		}
	case RuleLeaseEnded, RuleRenewTooLate, RuleLateGrant, RuleOwnClockPast:
		if w.Until > w.Now || w.Until == core.Never {
			return "the lease had not ended"
		}
	case RuleHeld:
		if w.Until != core.Never && w.Until <= w.Now {
			return "the lease had ended"
		}
	case RuleLeaseRuns, RuleInForce, RuleOwnClockValid, RuleLockDelay, RuleFromRequest:
		if w.Until <= w.Now {
			return "it had ended"
		}
	case RuleMajority:
		if 2*w.Nodes <= w.Of {
			return "no majority"
		}
	case RuleNoMajority:
		if 2*w.Nodes > w.Of {
			return "a majority"
		}
	case RuleStuckToken:
		if w.Max <= w.Token || w.Resource == "" {
			return "no resource has seen a larger token"
		}
	case RuleCheckedEarlier, RuleRefusedEarlier:
		if w.Step == 0 {
			return "no step"
		}
	}
	if q.Ask == AskVerdict && w.Rule != RuleNothingLate && w.Step == 0 {
		return "no step decided it"
	}
	return ""
}

// The reasons of the book's story, and of the runs the lessons turn on,
// are the rules the chapter states.
func TestTheBooksReasons(t *testing.T) {
	for _, c := range []struct {
		scenario string
		st       core.Strategy
		frame    int
		want     Why
	}{
		{"gc-pause", core.LeaseFencing, 6, Why{Rule: RuleTokenBelow, Client: "A", Resource: "row-42", Token: 1, Max: 2}},
		{"gc-pause", core.LeaseFencing, 4, Why{Rule: RuleLeaseEnded, Client: "B", Other: "A", Until: 10, Now: 10}},
		{"gc-pause", core.Lease, 6, Why{Rule: RuleNoCheck, Client: "A", Resource: "row-42", Token: 1, Max: 2}},
		{"same-token-retry", core.Consensus, 8, Why{Rule: RuleTokenNotBelow, Client: "B", Resource: "row-42", Token: 2, Max: 2}},
		{"heartbeat", core.Lease, 5, Why{Rule: RuleHeld, Client: "B", Other: "A", Until: 16, Now: 6}},
		{"lock-delay", core.Consensus, 4, Why{Rule: RuleLockDelay, Client: "B", Other: "A", Until: 15, Now: 12}},
		{"restore-from-backup", core.Consensus, 10, Why{Rule: RuleTokenBelow, Client: "A", Resource: "row-42", Token: 1, Max: 2}},
	} {
		sc, _ := core.ScenarioByID(c.scenario)
		frames, err := core.Replay(sc, c.st)
		if err != nil {
			t.Fatal(err)
		}
		q, ok := QuestionAt(frames, c.frame)
		if !ok {
			t.Fatalf("%s under %s asks nothing before frame %d", c.scenario, c.st, c.frame)
		}
		w := WhyOf(frames, q)
		w.Version, w.Row = 0, 0
		if w != c.want {
			t.Errorf("%s under %s, frame %d: %+v, want %+v", c.scenario, c.st, c.frame, w, c.want)
		}
	}
	sc, _ := core.ScenarioByID("restore-from-backup")
	frames, _ := core.Replay(sc, core.Consensus)
	if w := WhyOf(frames, VerdictQuestion(frames)); w != (Why{Rule: RuleStuckToken, Step: 10, Client: "A", Token: 1, Max: 2, Resource: "row-42", Also: core.AtRisk}) {
		t.Errorf("restore-from-backup's verdict: %+v", w)
	}
	sc, _ = core.ScenarioByID("same-token-retry")
	frames, _ = core.Replay(sc, core.Consensus)
	q, _ := QuestionAt(frames, 8)
	if q.Value != "B-1" || q.Token != 2 || q.Delivered != core.MsgWrite || q.Since != 5 {
		t.Errorf("same-token-retry's last write question names %+v", q)
	}
}
