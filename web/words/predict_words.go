package words

import (
	"dlock/core"
	"dlock/core/course"
)

// QuestionText says what predict mode asks before a step (course.Question).
func QuestionText(l Lang, q course.Question) string {
	switch q.Ask {
	case course.AskWrite:
		return T(l, "quiz.ask.write", q.Client, q.Resource)
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
