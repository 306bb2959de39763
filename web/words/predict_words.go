package words

import (
	"strings"

	"dlock/core"
	"dlock/core/course"
)

// QuestionText says what predict mode asks before a step (course.Question).
func QuestionText(l Lang, q course.Question) string {
	switch q.Ask {
	case course.AskWrite:
		key := "quiz.ask.write"
		if q.Delivered != "" {
			key += "." + string(q.Delivered) // held, or apply
		}
		return T(l, key, writeWhat(l, q), q.Resource, q.Since)
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
	key, n := "quiz.write.value", q.Token
	switch {
	case q.Value == "":
		key = "quiz.write"
	case q.Token != 0:
		key = "quiz.write.token"
	case q.Version != 0:
		key, n = "quiz.write.version", q.Version
	}
	return T(l, key, q.Client, q.Value, n)
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
// feedback. Every reason's message takes the same arguments, by index
// (whyArgs), and uses those its rule compared.
func Why(l Lang, w course.Why) string {
	key := "why." + string(w.Rule)
	switch {
	case w.Rule == course.RuleTokenNotBelow && w.Max == 0:
		key = "why.token-first"
	case w.Rule == course.RuleTokenNotBelow && w.Max == w.Token:
		key = "why.token-equal"
	case w.Rule == course.RuleHeld && w.Other == w.Client:
		key = "why.held.self"
	case w.Rule == course.RuleHeld && w.Until == core.Never:
		key = "why.held.no-ttl"
	case w.Rule == course.RuleNotHolder && w.Other == "":
		key = "why.not-holder.none"
	}
	said := T(l, key)
	if strings.Contains(said, "%") {
		said = T(l, key, w.Client, w.Other, w.Resource, w.Token, w.Max, w.Version, w.Row, w.Until, w.Now, w.From, w.Nodes, w.Of, w.Step, orOther(w))
	}
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
