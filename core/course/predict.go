package course

import (
	"slices"

	"dlock/core"
)

// Predict mode asks the reader, before a step that decides something,
// what it will decide, and grades the answer by the model's own frame.
// The questions and their answers are read from the frames, never written
// per scenario: every scenario, every row, a script of free play and a run
// the search found have them.

// Ask is what a question asks about a step.
type Ask string

// What a question can ask.
const (
	// AskWrite: will the resource apply the client's write? Choices
	// accepted and refused. Asked of a write sent at once, and of a held
	// write or a checked apply when it is delivered.
	AskWrite Ask = "write"
	// AskGrant: will the lock service grant the client the lock? Choices
	// granted and refused. Asked of an acquire; of one whose answer is
	// held, it is the service's decision, which the client learns later.
	AskGrant Ask = "grant"
	// AskHeard: what does the client make of the answer to its acquire,
	// delivered late? Choices granted (it believes it holds the lock),
	// late (granted, but its lease has ended by its own reckoning) and
	// refused.
	AskHeard Ask = "heard"
	// AskRenew: will the lock service renew the client's lease? Choices
	// renewed and refused. Asked only where grants expire (LockView.TTL):
	// a lock without TTL has no lease to renew.
	AskRenew Ask = "renew"
	// AskCheck: what will the client find when it checks its own lease?
	// Choices valid and expired.
	AskCheck Ask = "check"
	// AskHolder: who holds the lock after the step, by the lock service
	// (under Redlock, by a majority of its nodes: Question.Majority)?
	// Choices the clients and none. Asked where time passes, or the
	// service restarts or fails over, while someone holds it.
	AskHolder Ask = "holder"
	// AskVerdict: what is the run's verdict, by the definitions of the
	// verdicts (Safe, AtRisk, Corrupted, Stuck)? Choices the four
	// verdicts. It asks for the verdict as defined, not whether the data
	// came out as the reader would wish: a run whose one holder's writes
	// were applied out of order (Frame.Reordered) can be safe.
	AskVerdict Ask = "verdict"
)

// The choices' machine words, beside the clients' names and the verdicts.
const (
	ChoiceAccepted = "accepted"
	ChoiceRefused  = "refused"
	ChoiceGranted  = "granted"
	ChoiceLate     = "late"
	ChoiceRenewed  = "renewed"
	ChoiceValid    = "valid"
	ChoiceExpired  = "expired"
	ChoiceNone     = "none"
)

// Question is one question of predict mode: asked before frames[Frame] is
// shown, and answered by it.
type Question struct {
	Frame int
	Ask   Ask
	// Client is who acts (the writer, the acquirer, the one renewing or
	// checking); "" for the holder and the verdict.
	Client string
	// Resource is the resource a write goes to (AskWrite).
	Resource string
	// Value, Token and Version are, for a write (AskWrite), the value it
	// writes and the token or version it carries (0 where it carries
	// none): they name which write is asked about.
	Value   string
	Token   int64
	Version int64
	// Delivered is, for a write that arrives late (AskWrite), what held it:
	// the network (MsgWrite), or the resource, which checked it and now
	// applies it (MsgApply); "" for a write sent now. Since is the step
	// (1-based) at which it was sent, or checked.
	Delivered core.MessageKind
	Since     int
	// Majority: the lock service is Redlock's nodes, and the holder is
	// the one a majority of them hold the lock for (AskHolder).
	Majority bool
	// Choices are two to four machine words, in the order the page shows
	// them; Answer is the one right choice.
	Choices []string
	Answer  string
}

// Right reports whether choice is the right answer.
func (q Question) Right(choice string) bool { return choice == q.Answer }

// QuestionAt is the question asked before frames[i] (1 ≤ i < len(frames)),
// about the step that leads to it; false where that step decides nothing
// to ask about (a pause, a write not sent, a message held, a read, a
// renewal of a lock without TTL, which has no lease to renew, a sync).
func QuestionAt(frames []core.Frame, i int) (Question, bool) {
	if i < 1 || i >= len(frames) {
		return Question{}, false
	}
	f := frames[i]
	e := f.Event
	q := Question{Frame: i, Client: e.Client}
	two := func(a Ask, yes, no string, ok bool) (Question, bool) {
		q.Ask, q.Choices, q.Answer = a, []string{yes, no}, no
		if ok {
			q.Answer = yes
		}
		return q, true
	}
	written := func() (Question, bool) {
		switch e.Result {
		case core.ResultAccepted, core.ResultStale, core.ResultRejected:
			q.Resource, q.Value, q.Token, q.Version = e.Resource, e.Value, e.Token, e.Version
			if e.Kind == core.ActDeliver {
				q.Delivered, q.Since = e.Delivered, sentAt(frames, i)
			}
			return two(AskWrite, ChoiceAccepted, ChoiceRefused, e.Result != core.ResultRejected)
		}
		return Question{}, false
	}
	switch e.Kind {
	case core.ActWrite:
		return written()
	case core.ActAcquire:
		switch {
		case f.Lock.Lockless:
			return Question{}, false // a read of versions decides nothing
		case e.Result == core.ResultGranted, e.Result == core.ResultRefused:
			return two(AskGrant, ChoiceGranted, ChoiceRefused, e.Result == core.ResultGranted)
		case e.Result == core.ResultHeld:
			return two(AskGrant, ChoiceGranted, ChoiceRefused, e.Grant != 0)
		}
	case core.ActRenew:
		if !f.Lock.TTL {
			return Question{}, false // no lease to renew
		}
		if e.Result == core.ResultRenewed || e.Result == core.ResultRefused {
			return two(AskRenew, ChoiceRenewed, ChoiceRefused, e.Result == core.ResultRenewed)
		}
	case core.ActCheck:
		if e.Result == core.ResultValid || e.Result == core.ResultExpired {
			return two(AskCheck, ChoiceValid, ChoiceExpired, e.Result == core.ResultValid)
		}
	case core.ActDeliver:
		switch e.Delivered {
		case core.MsgWrite, core.MsgApply:
			return written()
		case core.MsgRenew:
			if f.Lock.TTL && (e.Result == core.ResultRenewed || e.Result == core.ResultRefused) {
				return two(AskRenew, ChoiceRenewed, ChoiceRefused, e.Result == core.ResultRenewed)
			}
		case core.MsgReply:
			answers := map[core.Result]string{core.ResultGranted: ChoiceGranted, core.ResultLateGrant: ChoiceLate, core.ResultRefused: ChoiceRefused}
			if a, ok := answers[e.Result]; ok {
				q.Ask, q.Choices, q.Answer = AskHeard, []string{ChoiceGranted, ChoiceLate, ChoiceRefused}, a
				return q, true
			}
		}
	case core.ActTick, core.ActRestart, core.ActFailover:
		if before := frames[i-1].Lock; before.Holder != "" && !before.Lockless {
			q.Client, q.Majority = "", len(f.Lock.Nodes) > 1
			return holderQuestion(q, frames, before.Holder, f.Lock.Holder), true
		}
	}
	return Question{}, false
}

// sentAt is the step (1-based) at which the message frames[i] delivers was
// held: sent into the network, or checked by the resource; 0 if none was.
func sentAt(frames []core.Frame, i int) int {
	id := frames[i].Event.Message
	for j := i - 1; j >= 1; j-- {
		if frames[j].Event.Message == id && frames[j].Event.Kind != core.ActDeliver {
			return frames[j].Step
		}
	}
	return 0
}

// holderQuestion asks who holds the lock after the step: the holder before
// it, none, the holder after it, and other clients, at most four, in the
// run's order of clients with none last.
func holderQuestion(q Question, frames []core.Frame, before, after string) Question {
	q.Ask, q.Answer = AskHolder, after
	if after == "" {
		q.Answer = ChoiceNone
	}
	want := []string{before}
	if after != "" && after != before {
		want = append(want, after)
	}
	var clients []string
	for _, c := range frames[0].Clients {
		clients = append(clients, c.Name)
	}
	for _, c := range clients {
		if len(want) >= 3 {
			break
		}
		if !slices.Contains(want, c) {
			want = append(want, c)
		}
	}
	for _, c := range clients {
		if slices.Contains(want, c) {
			q.Choices = append(q.Choices, c)
		}
	}
	q.Choices = append(q.Choices, ChoiceNone)
	return q
}

// VerdictQuestion is the question asked at the end of the run: what is its
// verdict, by the verdicts' definitions? It is answered by the run's
// verdict (VerdictOf).
func VerdictQuestion(frames []core.Frame) Question {
	return Question{Frame: len(frames) - 1, Ask: AskVerdict,
		Choices: []string{string(core.Safe), string(core.AtRisk), string(core.Corrupted), string(core.Stuck)}, Answer: string(core.VerdictOf(frames))}
}
