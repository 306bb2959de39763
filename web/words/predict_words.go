package words

import "dlock/core"

// QuestionText says what predict mode asks before a step (core.Question).
func QuestionText(l Lang, q core.Question) string {
	switch q.Ask {
	case core.AskWrite:
		return T(l, "quiz.ask.write", q.Client, q.Resource)
	case core.AskHolder, core.AskVerdict:
		return T(l, "quiz.ask."+string(q.Ask))
	}
	return T(l, "quiz.ask."+string(q.Ask), q.Client)
}

// ChoiceText says one of a question's choices: a client by its name, a
// verdict by the verdict's words, the others by what they mean for the
// question asked.
func ChoiceText(l Lang, q core.Question, choice string) string {
	switch {
	case q.Ask == core.AskVerdict:
		return T(l, "verdict."+choice)
	case q.Ask == core.AskHolder && choice != core.ChoiceNone:
		return choice
	case q.Ask == core.AskHeard:
		return T(l, "quiz.choice.heard."+choice)
	}
	return T(l, "quiz.choice."+choice)
}
