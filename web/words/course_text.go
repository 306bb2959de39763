package words

import (
	"strings"

	"dlock/core/course"
)

// ExerciseGoal says an exercise's goal: the verdict to reach under its
// row, the kinds of action it leaves out, and which of the chapter's
// assumptions it steps outside, read from the exercise itself.
func ExerciseGoal(l Lang, e course.Exercise) string {
	out := T(l, "exercise.goal."+string(e.Goal), T(l, "strategy."+string(e.Strategy)))
	if len(e.Without) > 0 {
		var verbs []string
		for _, k := range e.Without {
			verbs = append(verbs, T(l, "play.verb."+string(k)))
		}
		out += " " + T(l, "exercise.without", strings.Join(verbs, ", "))
	}
	if e.Steps.Peek {
		out += " " + T(l, "exercise.steps.peek")
	}
	if e.Steps.Partial {
		out += " " + T(l, "exercise.steps.partial")
	}
	return out
}

// ExerciseVerdict says the model's judgement of a run against e.
func ExerciseVerdict(l Lang, e course.Exercise, j course.Judgement) string {
	st := T(l, "strategy."+string(e.Strategy))
	switch {
	case j.Solved:
		return T(l, "exercise.solved", st, T(l, "verdict."+string(j.Verdict)))
	case j.Miss == course.MissAction:
		return T(l, "exercise.miss.action", j.Item, T(l, "play.verb."+string(j.Kind)))
	}
	return T(l, "exercise.miss.verdict", st, T(l, "verdict."+string(j.Verdict)), T(l, "verdict."+string(e.Goal)))
}
