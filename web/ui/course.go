package ui

import (
	"slices"
	"strconv"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The course (view=course): the chapter's argument as an ordered path,
// every scenario in the chapter's order (core.Scenarios), then the matrix.
// Each lesson says what it asks (the scenario's question, not its story,
// which would answer it), the question it turns on (course.QuestionAt of the
// step that decides its run, course.DecidedAt, or of a safe run's last
// refusal), a link that opens it in predict mode, and the exercises of its
// rows, each listed once. Progress, the lessons whose verdict the reader
// predicted with their best score and the exercises solved, is kept in the
// browser's localStorage and sent nowhere; the reset, confirmed, clears
// it. A lesson opened shows its frame (lessonNav): where it is in the
// course, the way back, the next lesson.

// courseKey is the localStorage key of the course's progress.
const courseKey = "dlock-course"

// lessonScore is a walk through a run in predict mode: the answers right
// of those given, of the questions the run asks (Of; 0 in a record kept
// before it was counted, which was a whole walk).
type lessonScore struct {
	Right int `json:"right"`
	Asked int `json:"asked"`
	Of    int `json:"of,omitempty"`
}

// complete reports whether the walk answered every question of the run:
// one begun at a later step, or with a question left open and the step
// moved past it, did not.
func (s lessonScore) complete() bool { return s.Of == 0 || s.Asked >= s.Of }

// better reports whether s is worth keeping over was: a whole walk over
// one in part; of two whole walks, the one with more right answers for
// the questions; of two in part, the latest.
func (s lessonScore) better(was lessonScore) bool {
	switch {
	case s.complete() != was.complete():
		return s.complete()
	case !s.complete():
		return true
	}
	return s.Right*max(was.Of, was.Asked) > was.Right*max(s.Of, s.Asked)
}

// courseProgress is the course's progress: the lessons walked, by scenario
// id, and the exercises solved, by id.
type courseProgress struct {
	Lessons   map[string]lessonScore `json:"lessons"`
	Exercises map[string]bool        `json:"exercises,omitempty"`
}

// done reports whether the lesson of scenario id is done.
func (p courseProgress) done(id string) (lessonScore, bool) {
	s, ok := p.Lessons[id]
	return s, ok
}

// totals are the lessons done, walked whole, and their answers, right of
// asked.
func (p courseProgress) totals() (done, right, asked int) {
	for _, s := range p.Lessons {
		if !s.complete() {
			continue
		}
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

// saveLesson records a walk through the lesson of scenario id, with
// score, unless the record kept is better (lessonScore.better): a walk in
// part never replaces a whole one.
func saveLesson(ctx app.Context, id string, score lessonScore) {
	if !app.IsClient {
		return
	}
	p := loadProgress(ctx)
	if was, ok := p.Lessons[id]; ok && !score.better(was) {
		return
	}
	if p.Lessons == nil {
		p.Lessons = map[string]lessonScore{}
	}
	p.Lessons[id] = score
	_ = ctx.LocalStorage().Set(courseKey, p)
}

// saveSolved records exercise id as solved.
func saveSolved(ctx app.Context, id string) {
	if !app.IsClient {
		return
	}
	p := loadProgress(ctx)
	if p.Exercises[id] {
		return
	}
	if p.Exercises == nil {
		p.Exercises = map[string]bool{}
	}
	p.Exercises[id] = true
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
	q, ok := course.QuestionAt(frames, step-1)
	if !ok {
		return course.VerdictQuestion(frames)
	}
	if q.Ask == course.AskGrant && core.VerdictOf(frames) == core.Stuck {
		// A grant that leaves the lock stuck is granted as any other: what
		// the run turns on is its token, and the resource's answer to it,
		// the holder's next write.
		for i := step; i < len(frames); i++ {
			if w, ok := course.QuestionAt(frames, i); ok && w.Ask == course.AskWrite && w.Client == q.Client {
				return w
			}
		}
	}
	return q
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
// its contrast's rows not listed in an earlier lesson; then the matrix,
// with the exercises of rows no scenario contrasts.
func courseLessons(runs *state.Runs) []lesson {
	var out []lesson
	used := map[string]bool{}
	for _, sc := range runs.Scenarios() {
		st := sc.Contrast[0]
		l := lesson{sc: &sc, st: st}
		if r := runs.Run(sc, st); r.Err == nil {
			l.question = lessonQuestion(r.Frames)
		}
		for _, e := range course.Exercises() {
			if slices.Contains(sc.Contrast[:], e.Strategy) && !used[e.ID] {
				l.exercises = append(l.exercises, e)
				used[e.ID] = true
			}
		}
		out = append(out, l)
	}
	table := lesson{}
	for _, e := range course.Exercises() {
		if !used[e.ID] {
			table.exercises = append(table.exercises, e)
		}
	}
	return append(out, table)
}

// lessonSettings are the settings a lesson opens in: its scenario under
// the first row of its contrast, at the first step, in predict mode.
func lessonSettings(sc core.Scenario, l state.Lang) state.Settings {
	return state.Settings{View: state.ViewDemo, Scenario: sc.ID, Strategy: sc.Contrast[0], Step: 1, Lang: l, Quiz: true}
}

// tableSettings are the settings of the course's last lesson, the matrix.
func tableSettings(l state.Lang) state.Settings {
	return state.Settings{View: state.ViewMatrix, Scenario: core.GCPauseID, Strategy: state.BookStrategy, Step: 1, Lang: l}
}

// lessonAt is the lesson the page shows, where it shows one (a scenario
// in predict mode in the one-run view, not embedded): its place in the
// course, from 1, and the number of lessons with a scenario.
func (p pageView) lessonAt() (n, of int, ok bool) {
	if p.s.View != state.ViewDemo || !p.s.Quiz || p.s.Embed {
		return 0, 0, false
	}
	scenarios := p.runs.Scenarios()
	for i, sc := range scenarios {
		if sc.ID == p.sc.ID {
			return i + 1, len(scenarios), true
		}
	}
	return 0, 0, false
}

// lessonNav is a lesson's frame, above it: the way back to the course,
// where it is in the course, and the next lesson.
func (p pageView) lessonNav() app.UI {
	n, of, ok := p.lessonAt()
	if !ok {
		return el("nav.lesson-slot")
	}
	course := state.Settings{View: state.ViewCourse, Scenario: core.GCPauseID, Strategy: state.BookStrategy, Step: 1, Lang: p.s.Lang}
	return el("nav.lesson data-testid=lesson").Aria("label", p.t("lesson.label")).Body(
		el("a.lesson-course data-testid=lesson-course").Attr("href", p.href(course)).Text(p.t("lesson.course")),
		elText("span.lesson-of data-testid=lesson-of", p.t("lesson.of", n, of)),
		p.nextLesson("lesson-next"),
	)
}

// nextLesson is the link to the lesson after the one shown, or, after the
// last scenario, to the table.
func (p pageView) nextLesson(testid string) app.UI {
	n, _, _ := p.lessonAt()
	scenarios := p.runs.Scenarios()
	link := el("a.lesson-next").DataSet("testid", testid)
	if n < len(scenarios) {
		next := scenarios[n]
		return link.DataSet("value", next.ID).Attr("href", p.href(lessonSettings(next, p.s.Lang))).
			Text(p.t("lesson.next", p.t(next.Title)))
	}
	return link.DataSet("value", "matrix").Attr("href", p.href(tableSettings(p.s.Lang))).Text(p.t("lesson.next.table"))
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
	// confirming: the reset was pressed, and asks to be confirmed.
	confirming bool
}

func (c *coursePanel) OnMount(ctx app.Context) { c.progress = loadProgress(ctx) }

// onReset asks to confirm the reset, where the reset button was; focus
// moves to the confirmation.
func (c *coursePanel) onReset(ctx app.Context, e app.Event) {
	c.confirming = true
	if app.IsClient {
		focusWhenDrawn("course-reset-yes")
	}
}

// onConfirm clears the progress, or with keep, does not; focus goes back
// to the reset button.
func (c *coursePanel) onConfirm(keep bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if !keep {
			if app.IsClient {
				ctx.LocalStorage().Del(courseKey)
			}
			c.progress = courseProgress{}
		}
		c.confirming = false
		if app.IsClient {
			focusWhenDrawn("course-reset")
		}
	}
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
	solved := 0
	for _, e := range course.Exercises() {
		if c.progress.Exercises[e.ID] {
			solved++
		}
	}
	var reset app.UI = el("button.btn type=button data-testid=course-reset").Aria("disabled", !c.Live).
		Text(c.t("course.reset")).OnClick(c.Link.Safe("course", c.onReset))
	if c.confirming {
		reset = el("div.course-confirm role=group").Aria("labelledby", "course-confirm").Body(
			elText("span#course-confirm", c.t("course.reset.confirm")),
			el("button.btn.danger type=button data-testid=course-reset-yes").Text(c.t("course.reset.yes")).
				OnClick(c.Link.Safe("course", c.onConfirm(false))),
			el("button.btn type=button data-testid=course-reset-no").Text(c.t("course.reset.no")).
				OnClick(c.Link.Safe("course", c.onConfirm(true))),
		)
	}
	return el("section.course data-testid=course").Aria("labelledby", "course-title").Body(
		elText("h2#course-title", c.t("course.title")),
		elText("p.course-intro", c.t("course.intro")),
		elBody("div.course-progress",
			el("p.course-score role=status data-testid=course-progress").DataSet("done", done).DataSet("right", right).
				DataSet("asked", asked).DataSet("solved", solved).
				Text(c.t("course.progress", done, len(lessons)-1, right, asked)+c.t("course.exercises", solved, len(course.Exercises()))),
			reset,
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
		// What the lesson asks, not its story: the story answers it.
		title, point = c.t(l.sc.Title), c.t(l.sc.ID+".asks")
		question = words.QuestionText(c.Lang, l.question)
		link = hrefOf(c.Path, lessonSettings(*l.sc, c.Lang))
		value, text := "todo", c.t("course.todo")
		if s, ok := c.progress.done(l.sc.ID); ok && s.complete() {
			value, text = "done", c.t("course.done", s.Right, s.Asked)
		} else if ok {
			value, text = "partial", c.t("course.partial", s.Right, s.Asked, s.Of)
		}
		status = el("p.course-status data-testid=course-status").DataSet("value", value).Text(text)
	} else {
		title, point = c.t("view.matrix"), c.t("course.table.point")
		question = c.t("course.table.question")
		link = hrefOf(c.Path, tableSettings(c.Lang))
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
					solved := c.progress.Exercises[e.ID]
					return el("li").Body(
						el("a data-testid=course-exercise").DataSet("value", e.ID).DataSet("solved", strconv.FormatBool(solved)).
							Attr("href", c.exerciseHref(e)).Text(c.t("exercise.label")+": "+words.ExerciseGoal(c.Lang, e)),
						app.If(solved, func() app.UI {
							return el("span.course-solved data-testid=course-solved").DataSet("value", e.ID).Text(" " + c.t("course.solved"))
						}),
					)
				}))
		}),
		status,
	)
}
