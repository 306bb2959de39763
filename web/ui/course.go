package ui

import (
	"slices"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The course (view=course): the chapter's argument as an ordered path,
// every scenario in the chapter's order (core.Scenarios), then the matrix.
// Each lesson says its point (the scenario's own one line), the question
// it turns on (course.QuestionAt of the step that decides its run,
// course.DecidedAt, or of a safe run's last refusal), a link that opens it in predict mode, and the exercises
// of its rows. Progress, the lessons whose verdict the reader predicted
// and their scores, is kept in the browser's localStorage and sent
// nowhere; the reset clears it.

// courseKey is the localStorage key of the course's progress.
const courseKey = "dlock-course"

// lessonScore is a lesson done: the answers right of those given, in the
// last walk through it in predict mode.
type lessonScore struct {
	Right int `json:"right"`
	Asked int `json:"asked"`
}

// courseProgress is the course's progress, by scenario id.
type courseProgress struct {
	Lessons map[string]lessonScore `json:"lessons"`
}

// done reports whether the lesson of scenario id is done.
func (p courseProgress) done(id string) (lessonScore, bool) {
	s, ok := p.Lessons[id]
	return s, ok
}

// totals are the lessons done and their answers, right of asked.
func (p courseProgress) totals() (done, right, asked int) {
	for _, s := range p.Lessons {
		done++
		right += s.Right
		asked += s.Asked
	}
	return done, right, asked
}

// loadProgress reads the course's progress from the browser (none natively).
func loadProgress(ctx app.Context) courseProgress {
	var p courseProgress
	if app.IsClient {
		_ = ctx.LocalStorage().Get(courseKey, &p)
	}
	return p
}

// saveLesson records the lesson of scenario id as done with score.
func saveLesson(ctx app.Context, id string, score lessonScore) {
	if !app.IsClient {
		return
	}
	p := loadProgress(ctx)
	if p.Lessons == nil {
		p.Lessons = map[string]lessonScore{}
	}
	p.Lessons[id] = score
	_ = ctx.LocalStorage().Set(courseKey, p)
}

// lesson is one lesson of the course: a scenario run under a row, or the
// matrix (sc nil).
type lesson struct {
	sc        *core.Scenario
	st        core.Strategy
	question  course.Question
	exercises []course.Exercise
}

// lessonQuestion is the question a run turns on: the one asked before
// the step that decides it (course.DecidedAt), or, where that step asks
// nothing, its verdict. Nothing decides a safe run before its last step:
// what keeps it safe is the last check that refused something (a write
// the resource refused, an acquire the lock service refused), so its
// question is that step's, or, where nothing was refused, the last step's.
func lessonQuestion(frames []core.Frame) course.Question {
	step := course.DecidedAt(frames)
	if core.VerdictOf(frames) == core.Safe {
		for i := len(frames) - 1; i >= 1; i-- {
			if refusedByACheck(frames[i].Event) {
				step = i + 1
				break
			}
		}
	}
	if q, ok := course.QuestionAt(frames, step-1); ok {
		return q
	}
	return course.VerdictQuestion(frames)
}

// refusedByACheck reports whether e is a write the resource's check
// refused, or an acquire the lock service refused.
func refusedByACheck(e core.Event) bool {
	switch {
	case e.Kind == core.ActWrite, e.Kind == core.ActDeliver && (e.Delivered == core.MsgWrite || e.Delivered == core.MsgApply):
		return e.Result == core.ResultRejected
	case e.Kind == core.ActAcquire:
		return e.Result == core.ResultRefused
	}
	return false
}

// courseLessons are the course's lessons: every scenario in the chapter's
// order under the first row of its contrast, each with the exercises of
// its contrast's rows; then the matrix, with the exercises of rows no
// scenario contrasts.
func courseLessons(runs *state.Runs) []lesson {
	var out []lesson
	used := map[core.Strategy]bool{}
	for _, sc := range runs.Scenarios() {
		st := sc.Contrast[0]
		l := lesson{sc: &sc, st: st}
		if r := runs.Run(sc, st); r.Err == nil {
			l.question = lessonQuestion(r.Frames)
		}
		for _, e := range course.Exercises() {
			if slices.Contains(sc.Contrast[:], e.Strategy) {
				l.exercises = append(l.exercises, e)
				used[e.Strategy] = true
			}
		}
		out = append(out, l)
	}
	table := lesson{}
	for _, e := range course.Exercises() {
		if !used[e.Strategy] {
			table.exercises = append(table.exercises, e)
		}
	}
	return append(out, table)
}

// coursePanel is the course view.
type coursePanel struct {
	app.Compo
	Lang state.Lang
	Path string
	Live bool
	Runs *state.Runs
	Link *pageLink

	progress courseProgress
}

func (c *coursePanel) OnMount(ctx app.Context) { c.progress = loadProgress(ctx) }

func (c *coursePanel) onReset(ctx app.Context, e app.Event) {
	if app.IsClient {
		ctx.LocalStorage().Del(courseKey)
	}
	c.progress = courseProgress{}
}

func (c *coursePanel) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

// exerciseHref is a link to free play with exercise e, its row, no run yet.
func (c *coursePanel) exerciseHref(e course.Exercise) string {
	return hrefOf(c.Path, state.Settings{View: state.ViewPlay, Strategy: e.Strategy, Exercise: e.ID, Step: 1, Lang: c.Lang,
		Scenario: core.GCPauseID})
}

func (c *coursePanel) Render() app.UI {
	lessons := courseLessons(c.Runs)
	done, right, asked := c.progress.totals()
	return el("section.course data-testid=course").Aria("labelledby", "course-title").Body(
		elText("h2#course-title", c.t("course.title")),
		elText("p.course-intro", c.t("course.intro")),
		elBody("div.course-progress",
			el("p.course-score role=status data-testid=course-progress").DataSet("done", done).DataSet("right", right).
				DataSet("asked", asked).Text(c.t("course.progress", done, len(lessons)-1, right, asked)),
			el("button.btn type=button data-testid=course-reset").Aria("disabled", !c.Live).
				Text(c.t("course.reset")).OnClick(c.Link.Safe("course", c.onReset)),
		),
		el("ol.course-lessons").Aria("label", c.t("course.lessons")).Body(
			app.Range(lessons).Slice(func(i int) app.UI { return c.lesson(lessons[i]) }),
		),
	)
}

// lesson draws one lesson.
func (c *coursePanel) lesson(l lesson) app.UI {
	var title, point, question, link string
	var status app.UI = el("p.course-status")
	id := "matrix"
	if l.sc != nil {
		id = l.sc.ID
		title, point = c.t(l.sc.Title), c.t(l.sc.Shows)
		question = words.QuestionText(c.Lang, l.question)
		link = hrefOf(c.Path, state.Settings{View: state.ViewDemo, Scenario: l.sc.ID, Strategy: l.st, Step: 1, Lang: c.Lang, Quiz: true})
		value, text := "todo", c.t("course.todo")
		if s, ok := c.progress.done(l.sc.ID); ok {
			value, text = "done", c.t("course.done", s.Right, s.Asked)
		}
		status = el("p.course-status data-testid=course-status").DataSet("value", value).Text(text)
	} else {
		title, point = c.t("view.matrix"), c.t("course.table.point")
		question = c.t("course.table.question")
		link = hrefOf(c.Path, state.Settings{View: state.ViewMatrix, Scenario: core.GCPauseID, Strategy: state.BookStrategy, Step: 1, Lang: c.Lang})
	}
	open := c.t("course.open", title)
	if l.sc == nil {
		open = c.t("course.open.table")
	}
	return el("li.course-lesson data-testid=course-lesson").DataSet("value", id).Body(
		elText("h3", title),
		elText("p.course-point data-testid=course-point", point),
		elText("p.course-question data-testid=course-question", c.t("course.turns-on", question)),
		el("a.course-open data-testid=course-open").Attr("href", link).Text(open),
		app.If(len(l.exercises) > 0, func() app.UI {
			return el("ul.course-exercises").Aria("label", c.t("exercise.list")).Body(
				app.Range(l.exercises).Slice(func(i int) app.UI {
					e := l.exercises[i]
					return el("li").Body(el("a data-testid=course-exercise").DataSet("value", e.ID).
						Attr("href", c.exerciseHref(e)).Text(c.t("exercise.label") + ": " + words.ExerciseGoal(c.Lang, e)))
				}))
		}),
		status,
	)
}
