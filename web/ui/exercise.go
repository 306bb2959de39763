package ui

import (
	"time"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Exercises (state.Settings.Exercise, exercise=ID in free play): a goal
// above the editor, which the model judges the reader's run against after
// each change (course.Exercise.Judge), with the reason where the run does
// not meet it, and a hint from the search (course.Exercise.Shortest's
// search): how short a run that meets it can be. The goal, the judgement
// and the hint are all read from the exercise (core/course); nothing is
// written per exercise here. The judgement is of the exercise's row, which
// it names where the page shows the run under another (the fencing switch
// flipped); a run that meets it is recorded with the course's progress
// (course.go).

// hintDepth is the most actions the hint's search looks at.
const hintDepth = 7

// judgeRun judges script against e: the judgement, and false where the
// script cannot be replayed.
func judgeRun(runs *state.Runs, e course.Exercise, script string) (course.Judgement, bool) {
	sc, err := runs.Script(script)
	if err != nil {
		return course.Judgement{}, false
	}
	j, err := e.Judge(sc)
	return j, err == nil
}

// exercisePanel shows an exercise's goal, the model's judgement of the run
// written, and the hint once its search is done.
type exercisePanel struct {
	app.Compo
	Exercise string
	Script   string
	// Strategy is the row the page shows the run under.
	Strategy core.Strategy
	Lang     state.Lang
	Runs     *state.Runs
	Link     *pageLink

	hint *hintSearch
}

// hintSearch is the hint's search of one exercise, run in slices off the
// input path.
type hintSearch struct {
	id     string
	search *core.Search
	done   bool
	result core.SearchResult
}

func (c *exercisePanel) OnMount(ctx app.Context)  { c.startHint(ctx); c.record(ctx) }
func (c *exercisePanel) OnUpdate(ctx app.Context) { c.startHint(ctx); c.record(ctx) }

// record keeps the exercise as solved once a run meets it.
func (c *exercisePanel) record(ctx app.Context) {
	if e, ok := course.ExerciseByID(c.Exercise); ok {
		if j, ok := judgeRun(c.Runs, e, c.Script); ok && j.Solved {
			saveSolved(ctx, e.ID)
		}
	}
}
func (c *exercisePanel) OnDismount() { c.hint = nil }

// startHint starts the hint's search for the exercise shown, once.
func (c *exercisePanel) startHint(ctx app.Context) {
	if c.hint != nil && c.hint.id == c.Exercise {
		return
	}
	e, ok := course.ExerciseByID(c.Exercise)
	if !ok {
		c.hint = nil
		return
	}
	opts := e.Steps
	opts.Strategy, opts.Goal, opts.MaxDepth, opts.Without = e.Strategy, e.Goal, hintDepth, e.Without
	s, err := core.NewSearch(opts)
	if err != nil {
		c.hint = nil
		return
	}
	h := &hintSearch{id: e.ID, search: s}
	c.hint = h
	c.nextHint(ctx, h)
}

// nextHint runs one slice of h, then yields to the browser and comes back,
// until it is done or the panel has moved to another exercise.
func (c *exercisePanel) nextHint(ctx app.Context, h *hintSearch) {
	if c.hint != h || h.done {
		return
	}
	start := time.Now()
	for !h.done && time.Since(start) < searchSlice {
		h.done = h.search.Run(200)
	}
	if h.done {
		h.result = h.search.Result()
		if app.IsClient {
			ctx.Dispatch(func(app.Context) {})
		}
		return
	}
	if !app.IsClient {
		c.nextHint(ctx, h)
		return
	}
	afterBrowser(0, func() {
		ctx.Dispatch(func(ctx app.Context) { c.Link.Guard("hint", func() { c.nextHint(ctx, h) }) })
	})
}

func (c *exercisePanel) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *exercisePanel) Render() app.UI {
	e, ok := course.ExerciseByID(c.Exercise)
	if !ok {
		return el("section.exercise")
	}
	value, said := "unsolved", c.t("exercise.miss.script")
	if j, ok := judgeRun(c.Runs, e, c.Script); ok {
		said = words.ExerciseVerdict(c.Lang, e, j)
		if j.Solved {
			value = "solved"
		}
	}
	if scriptItems(c.Script) == nil {
		// Nothing written yet: nothing to judge.
		value, said = "empty", c.t("exercise.empty")
	}
	row := ""
	if c.Strategy != "" && c.Strategy != e.Strategy {
		// The page shows the run under another row (the fencing switch
		// flipped): the judgement is still the exercise's row's.
		row = c.t("exercise.other-row", c.t("strategy."+string(e.Strategy)), c.t("strategy."+string(c.Strategy)))
	}
	hint := c.t("exercise.hint.wait")
	if h := c.hint; h != nil && h.done {
		hint = c.t("exercise.hint.none", hintDepth)
		if h.result.Found {
			hint = c.t("exercise.hint", h.result.Length)
		}
	}
	return el("section.exercise data-testid=exercise").DataSet("value", e.ID).
		Aria("labelledby", "exercise-title").Body(
		elText("h2#exercise-title", c.t("exercise.label")),
		elText("p.exercise-goal data-testid=exercise-goal", words.ExerciseGoal(c.Lang, e)),
		el("p.exercise-status role=status data-testid=exercise-status").Class("exercise-"+value).
			DataSet("value", value).Text(said),
		elText("p.exercise-row data-testid=exercise-row", row),
		elText("p.muted.exercise-hint data-testid=exercise-hint", hint),
	)
}
