package words

import (
	"dlock/core"
	"dlock/core/course"
)

// QuestionText says what predict mode asks before a step (course.Question).
func QuestionText(l Lang, q course.Question) string {
	switch q.Ask {
	case course.AskWrite:
		what := writeWhat(l, q)
		switch q.Delivered {
		case core.MsgWrite:
			return T(l, "quiz.ask.write.held", what, q.Resource, q.Since)
		case core.MsgApply:
			return T(l, "quiz.ask.write.apply", what, q.Resource, q.Since)
		}
		return T(l, "quiz.ask.write", what, q.Resource)
	case course.AskHolder:
		if q.Majority {
			return T(l, "quiz.ask.holder.majority")
		}
		return T(l, "quiz.ask.holder")
	case course.AskVerdict:
		return T(l, "quiz.ask.verdict")
	}
	return T(l, "quiz.ask."+string(q.Ask), q.Client)
}

// writeWhat names the write a question asks about: its writer, and its
// value and the token or version it carries where the question has them.
func writeWhat(l Lang, q course.Question) string {
	switch {
	case q.Value == "":
		return T(l, "quiz.write", q.Client)
	case q.Token != 0:
		return T(l, "quiz.write.token", q.Client, q.Value, q.Token)
	case q.Version != 0:
		return T(l, "quiz.write.version", q.Client, q.Value, q.Version)
	}
	return T(l, "quiz.write.value", q.Client, q.Value)
}

// ChoiceText says one of a question's choices: a client by its name, a
// verdict by the verdict's words, the others by what they mean for the
// question asked.
func ChoiceText(l Lang, q course.Question, choice string) string {
	switch {
	case q.Ask == course.AskVerdict:
		return T(l, "verdict."+choice)
	case q.Ask == course.AskHolder && choice != course.ChoiceNone:
		return choice
	case q.Ask == course.AskHeard:
		return T(l, "quiz.choice.heard."+choice)
	}
	return T(l, "quiz.choice."+choice)
}

// Feedback says what predict mode answers to choice, given to q: right or
// wrong, and the right answer. The verdict's, of the run frames, says too
// what its verdict does not count where the matrix marks it (↺, one
// holder's own writes applied out of order: reordered), whatever the
// choice: a reader who saw a holder's newer value overwritten by its own
// older write learns why the verdict can still be safe.
func Feedback(l Lang, q course.Question, choice string, frames []core.Frame) string {
	key := "quiz.wrong"
	if q.Right(choice) {
		key = "quiz.right"
	}
	said := T(l, key, ChoiceText(l, q, q.Answer))
	if q.Ask != course.AskVerdict || !reordered(frames) {
		return said
	}
	if l == Japanese {
		return said + "。" + T(l, "quiz.verdict.reordered", T(l, "matrix.note.reordered"))
	}
	return said + " " + T(l, "quiz.verdict.reordered", T(l, "matrix.note.reordered"))
}

// Why says the rule that gave an answer (course.WhyOf), with the values it
// compared, in one or two sentences: what predict mode shows under its
// feedback.
func Why(l Lang, w course.Why) string {
	key, args := "why."+string(w.Rule), []any(nil)
	switch w.Rule {
	case course.RuleTokenBelow:
		args = []any{w.Resource, w.Token, w.Max}
	case course.RuleTokenNotBelow:
		switch w.Max {
		case 0:
			key = "why.token-first"
		case w.Token:
			key = "why.token-equal"
		}
		args = []any{w.Resource, w.Token, w.Max}
	case course.RuleNoCheck:
		args = []any{w.Resource}
	case course.RuleCheckedEarlier:
		args = []any{w.Resource, w.Step}
	case course.RuleVersionMatches:
		args = []any{w.Resource, w.Version}
	case course.RuleVersionMoved:
		args = []any{w.Resource, w.Version, w.Row}
	case course.RuleNoVersion:
		args = []any{w.Resource, w.Client}
	case course.RuleReleased, course.RuleForgot:
		args = []any{w.Other}
	case course.RuleLeaseEnded, course.RuleLeaseRuns, course.RuleLockDelay, course.RuleLeaderRestarted:
		args = []any{w.Other, w.Until, w.Now}
	case course.RuleHeld:
		switch {
		case w.Other == w.Client:
			key, args = "why.held.self", []any{w.Client}
		case w.Until == core.Never:
			key, args = "why.held.no-ttl", []any{w.Other}
		default:
			args = []any{w.Other, w.Until, w.Now}
		}
	case course.RuleMajority, course.RuleNoMajority:
		args = []any{orOther(w), w.Nodes, w.Of}
	case course.RuleNoTTL:
		args = []any{orOther(w)}
	case course.RuleFromReply:
		args = []any{w.Client, w.From, w.Until}
	case course.RuleFromRequest, course.RuleLateGrant:
		args = []any{w.Client, w.From, w.Until, w.Now}
	case course.RuleRefusedEarlier:
		args = []any{w.Client, w.Step}
	case course.RuleInForce, course.RuleRenewTooLate:
		args = []any{w.Client, w.Until, w.Now}
	case course.RuleNotHolder:
		args = []any{w.Client, w.Other}
		if w.Other == "" {
			key, args = "why.not-holder.none", []any{w.Client}
		}
	case course.RuleOwnClockValid, course.RuleOwnClockPast:
		args = []any{w.Client, w.Now, w.Until}
	case course.RuleOverwrite:
		args = []any{w.Step, w.Client, w.Other, w.Resource}
	case course.RuleLostUpdate, course.RuleLateLanded, course.RuleLateRefused:
		args = []any{w.Step, w.Client, w.Resource}
	case course.RuleStuckCrash:
		args = []any{w.Step, w.Client}
	case course.RuleStuckToken:
		args = []any{w.Step, w.Client, w.Token, w.Resource, w.Max}
	}
	said := T(l, key, args...)
	if w.Also != "" {
		said += sentenceSep(l) + T(l, "why.worst", T(l, "verdict.corrupted"), T(l, "verdict.stuck"), T(l, "verdict.at-risk"))
	}
	return said
}

// orOther is the client a rule of the holder names: the client the
// question is about, or else the holder.
func orOther(w course.Why) string {
	if w.Client != "" {
		return w.Client
	}
	return w.Other
}

// sentenceSep is what goes between two sentences in l: nothing after
// Japanese's 。, a space in English.
func sentenceSep(l Lang) string {
	if l == Japanese {
		return ""
	}
	return " "
}
