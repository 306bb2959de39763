package ui

import (
	"slices"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Predict mode (state.Settings.Quiz, quiz=1): before a step that decides
// something, the page asks what it will decide instead of showing it, and
// the step counter stays where it was until the reader answers, by a
// click or with the keys 1–4. Then it says whether the answer was right,
// names the right one, and shows the step, whose note explains it. A
// running score counts the answers. At the last step, → asks the run's
// verdict, by the table's definitions (course.VerdictQuestion), which the
// header's badge holds back until it is answered; its feedback says what
// the verdict does not count where the run has ↺ (words.Feedback). Under
// each feedback, the rule that gave the answer (course.WhyOf, words.Why).
// Until the verdict is predicted, the page holds back what would give it
// away: the story (the scenario's question stands in its place), the
// notes' judgements (words.HeldNote), the recording on real software and
// the closing paragraph. What a question asks, its choices and its answer
// are core's, read from the run's frames; this only keeps which question
// is open and words it. Predict mode asks in the views of one run: the
// one-run view and free play of one row.

// quiz is predict mode's state, owned by the page (Demo.quiz). It is not
// in the address: a reload asks the open question again, and counts anew.
type quiz struct {
	// asking is the question open, until it is answered or the page
	// moves elsewhere; of the run run (runKey), asked at step at.
	asking *course.Question
	run    string
	// at is the step the open question, or the answer shown, belongs to:
	// both close once the page leaves it (follow).
	at int
	// answered holds the questions answered, by run and frame: a step
	// answered once is shown at once when the reader comes back to it.
	answered map[string]bool
	// last is the answer just given, shown until the page moves on.
	last *quizAnswer
	// scores count the answers given by run (runKey), right of asked, of
	// the questions the run asks: the run's own score, a lesson's
	// (course.go).
	scores map[string]lessonScore
	// page is where the page is, and show shows the step an answer
	// reveals.
	page func() state.Settings
	show func(ctx app.Context, s state.Settings)
}

// quizAnswer is an answer given to a question.
type quizAnswer struct {
	q      course.Question
	choice string
}

// runKey names a run of the page's settings: its view, scenario, row and
// script.
func runKey(s state.Settings) string {
	return string(s.View) + "|" + s.Scenario + "|" + string(s.Strategy) + "|" + s.Script
}

func questionKey(run string, frame int) string { return run + "|" + strconv.Itoa(frame) }

// verdictKey is the key of a run's verdict question among those answered.
func verdictKey(run string) string { return run + "|verdict" }

// keyOf is the key of question qu of run among those answered.
func keyOf(run string, qu course.Question) string {
	if qu.Ask == course.AskVerdict {
		return verdictKey(run)
	}
	return questionKey(run, qu.Frame)
}

// forward is where cmd (CmdNext or CmdLast) takes s, whose run is frames,
// in predict mode: to the first step whose question is not answered yet,
// which it asks (the step stays before it), or where cmd takes it. It
// never skips a question. At the last step it asks the run's verdict,
// once. With a question open, nothing moves.
func (q *quiz) forward(s state.Settings, frames []core.Frame, cmd state.Command) state.Settings {
	if q.asking != nil {
		return s
	}
	q.count(runKey(s), frames)
	if run := runKey(s); s.Step >= len(frames) {
		if !q.answered[verdictKey(run)] {
			vq := course.VerdictQuestion(frames)
			q.asking, q.run, q.at, q.last = &vq, run, s.Step, nil
		}
		return s
	}
	to := min(s.Step+1, len(frames))
	if cmd == state.CmdLast {
		to = len(frames)
	}
	run := runKey(s)
	// Step k shows frames[k-1]: the move from k to k+1 is frames[k]'s.
	for k := s.Step; k < to; k++ {
		if qu, ok := course.QuestionAt(frames, k); ok && !q.answered[questionKey(run, k)] {
			q.asking, q.run, q.at, q.last = &qu, run, k, nil
			s.Step = k
			return s
		}
	}
	s.Step = max(to, s.Step)
	return s
}

// answer answers the open question with choice: the step to show, its
// frame's (the verdict's is the last step, where it is asked), and false where no question is open or choice is not one of
// its choices.
func (q *quiz) answer(choice string) (step int, ok bool) {
	if q.asking == nil || !slices.Contains(q.asking.Choices, choice) {
		return 0, false
	}
	asked := *q.asking
	sc := q.scores[q.run]
	sc.Asked++
	if asked.Right(choice) {
		sc.Right++
	}
	q.scores[q.run] = sc
	if q.answered == nil {
		q.answered = map[string]bool{}
	}
	q.answered[keyOf(q.run, asked)] = true
	q.asking, q.last, q.at = nil, &quizAnswer{q: asked, choice: choice}, asked.Frame+1
	return asked.Frame + 1, true
}

// count notes how many questions the run frames asks, the verdict's
// among them, where its score is first kept.
func (q *quiz) count(run string, frames []core.Frame) {
	if q.scores == nil {
		q.scores = map[string]lessonScore{}
	}
	if sc := q.scores[run]; sc.Of == 0 {
		sc.Of = questionsIn(frames)
		q.scores[run] = sc
	}
}

// questionsIn is how many questions predict mode asks of the run frames:
// one before each step that decides something, and the verdict.
func questionsIn(frames []core.Frame) int {
	n := 1
	for i := 1; i < len(frames); i++ {
		if _, ok := course.QuestionAt(frames, i); ok {
			n++
		}
	}
	return n
}

// follow closes the question open, and the answer shown, once the page
// leaves the run and step they belong to, or predict mode. A change
// predict mode makes itself (a question opened, an answer's step shown)
// lands on them, so it keeps them, whatever else caused it: play's step
// that stops before a question keeps the question.
func (q *quiz) follow(ctx app.Context, was, now state.Settings, by cause) {
	if q.asking == nil && q.last == nil {
		return
	}
	if !now.Quiz || runKey(now) != q.run || now.Step != q.at {
		q.asking, q.last = nil, nil
	}
}

// take is where cmd takes a page in settings s in predict mode; false
// where predict mode does not take the command (it is off, the view shows
// no one run, the command is not a step forward, the run does not replay).
func (q *quiz) take(s state.Settings, runs *state.Runs, cmd state.Command) (state.Settings, bool) {
	if !s.Quiz || !oneRun(s) || (cmd != state.CmdNext && cmd != state.CmdLast) {
		return s, false
	}
	r := runs.Run(s.ScenarioData(runs), s.Strategy)
	if r.Err != nil {
		return s, false
	}
	return q.forward(s, r.Frames, cmd), true
}

// oneRun reports whether s shows one run: where predict mode asks.
func oneRun(s state.Settings) bool {
	return s.View == state.ViewDemo || (s.View == state.ViewPlay && s.Versus == "")
}

// reply answers the open question with choice, and shows its step. The
// run's verdict predicted in the one-run view, its lesson of the course
// is done. Focus on the choice, which goes, moves to the feedback that
// replaces it.
func (q *quiz) reply(ctx app.Context, choice string) {
	step, ok := q.answer(choice)
	if !ok {
		return
	}
	s := q.page()
	if q.last.q.Ask == course.AskVerdict && s.View == state.ViewDemo {
		saveLesson(ctx, s.Scenario, q.scores[runKey(s)])
	}
	s.Step = step
	q.show(ctx, s)
	if app.IsClient {
		active := app.Window().Get("document").Get("activeElement")
		if active.Truthy() && active.Get("dataset").Get("testid").String() == "quiz-choice" {
			focusWhenDrawn("quiz-feedback")
		}
	}
}

// focusWhenDrawn moves keyboard focus to the element with that data-testid
// once the page has drawn it (within a few frames).
func focusWhenDrawn(id string) {
	tries := 0
	var try func()
	try = func() {
		el := app.Window().Get("document").Call("querySelector", `[data-testid="`+id+`"]`)
		if el.Truthy() {
			el.Call("focus")
			return
		}
		if tries++; tries < 30 {
			afterBrowser(16, try)
		}
	}
	afterBrowser(0, try)
}

// quizShown is what the page draws of predict mode.
type quizShown struct {
	on     bool
	asking *course.Question
	last   *quizAnswer
	// score is the run's: its answers right of those given, of the
	// questions it asks.
	score lessonScore
	// verdict: the run's verdict question is answered, and the badge
	// may say the verdict.
	verdict bool
}

// shown is what the page draws of q, under settings s.
func (q *quiz) shown(s state.Settings) quizShown {
	run := runKey(s)
	return quizShown{on: s.Quiz && oneRun(s), asking: q.asking, last: q.last, score: q.scores[run],
		verdict: q.answered[verdictKey(run)]}
}

// holds reports whether predict mode holds back what would give the
// verdict away: it asks, and the verdict is still to be predicted.
func (qz quizShown) holds() bool { return qz.on && !qz.verdict }

// pending reports whether the verdict is still to be asked: at the last
// step, with no question open, a step forward asks it.
func (qz quizShown) pending(step, steps int) bool {
	return qz.holds() && qz.asking == nil && step >= steps
}

// quizSwitch is predict mode's control, beside play.
func (p pageView) quizSwitch() app.UI {
	if !p.single() {
		return nil
	}
	return el("button.btn.btn-quiz type=button data-testid=quiz-switch").
		DataSet("value", state.OnOff(p.s.Quiz)).Aria("pressed", p.s.Quiz).Aria("disabled", !p.live).
		Text(p.t("quiz.switch")).OnClick(p.link.Safe("quiz", func(ctx app.Context, e app.Event) {
		p.link.Change(ctx, func(s state.Settings) state.Settings {
			// On, it draws no step to come on the timeline.
			s.Quiz = !s.Quiz
			s.Future = s.Future && !s.Quiz
			return s
		})
	}))
}

// quizPanel is the open question and its choices, or the answer just
// given and why, what comes next (the verdict to ask, or the lesson's end
// and the next lesson), and the run's score. Its slots stay when what they
// hold goes (go-app matches children by position).
func (p pageView) quizPanel() app.UI {
	qz := p.quiz
	if !qz.on {
		return el("div.quiz-slot")
	}
	l := p.s.Lang
	var question app.UI = el("div.quiz-ask")
	if q := qz.asking; q != nil {
		question = elBody("div.quiz-ask",
			el("p.quiz-question#quiz-question data-testid=quiz-question").
				DataSet("ask", string(q.Ask)).DataSet("frame", q.Frame).
				Text(words.QuestionText(l, *q)),
			el("div.quiz-choices role=group").Aria("labelledby", "quiz-question").Aria("describedby", "quiz-keys").Body(
				app.Range(q.Choices).Slice(func(i int) app.UI {
					c := q.Choices[i]
					n := strconv.Itoa(i + 1)
					return el("button.btn.quiz-choice type=button data-testid=quiz-choice").
						DataSet("value", c).Aria("keyshortcuts", n).
						OnClick(p.link.Answer(c)).
						Body(elText("kbd", n), app.Text(" "+words.ChoiceText(l, *q, c)))
				}),
			),
			elBody("p.quiz-keys.muted#quiz-keys data-testid=quiz-keys", p.byPointer("quiz.keys")...),
			app.If(q.Ask == course.AskVerdict, p.verdictLegend),
		)
	}
	var feedback, why app.UI = el("p.quiz-feedback"), el("p.quiz-why")
	if a := qz.last; a != nil {
		value, text := "wrong", words.Feedback(l, a.q, a.choice, p.frames)
		if a.q.Right(a.choice) {
			value = "right"
		}
		feedback = el("p.quiz-feedback data-testid=quiz-feedback tabindex=-1").
			Class("quiz-"+value).DataSet("value", value).DataSet("answer", a.q.Answer).DataSet("choice", a.choice).DataSet("ask", a.q.Ask).
			Text(text)
		why = elText("p.quiz-why data-testid=quiz-why", p.t("quiz.why", words.Why(l, course.WhyOf(p.frames, a.q))))
	}
	var next app.UI = el("div.quiz-next")
	switch {
	case qz.pending(p.s.Step, len(p.frames)):
		// At the last step, the verdict is still to be asked: a control
		// that asks it, for a screen without → (a phone's).
		next = elBody("div.quiz-next",
			elBody("p.quiz-hint data-testid=quiz-hint", p.byPointer("quiz.hint.verdict")...),
			el("button.btn.primary.quiz-verdict-open type=button data-testid=quiz-verdict-open aria-keyshortcuts=ArrowRight").
				Text(p.t("quiz.verdict.open")).OnClick(p.askVerdict),
		)
	case qz.last != nil && qz.last.q.Ask == course.AskVerdict && p.s.View == state.ViewDemo && !p.s.Embed:
		// The lesson is done: its score, and where to go next.
		next = elBody("div.quiz-next",
			elText("p.quiz-done data-testid=quiz-done", p.t("lesson.done", qz.score.Right, qz.score.Asked)),
			p.nextLesson("lesson-next-end"),
		)
	}
	score := strconv.Itoa(qz.score.Right) + "/" + strconv.Itoa(qz.score.Asked)
	return el("section.quiz data-testid=quiz").Aria("label", p.t("quiz.label")).Body(
		question,
		feedback,
		why,
		next,
		el("p.quiz-score data-testid=quiz-score").DataSet("value", score).Text(p.t("quiz.score", qz.score.Right, qz.score.Asked)),
	)
}

// askVerdict asks the verdict, as → does at the last step; focus, on the
// button that goes, moves to the first choice.
func (p pageView) askVerdict(ctx app.Context, e app.Event) {
	p.link.Command(state.CmdNext)(ctx, e)
	if app.IsClient {
		focusWhenDrawn("quiz-choice")
	}
}

// byPointer is the words of key for a screen with keys and, key.touch,
// for a touch screen, each in a span the style sheet shows on its own.
func (p pageView) byPointer(key string) []app.UI {
	return []app.UI{elText("span.on-keys", p.t(key)), elText("span.on-touch", p.t(key+".touch"))}
}

// verdictLegend is the verdicts' definitions, beside the verdict question:
// each verdict with its own, a line each, how they rank, and, without a
// lock, what counts as a grant.
func (p pageView) verdictLegend() app.UI {
	defs := p.t("verdict.defs")
	if len(p.frames) > 0 && p.frames[0].Lock.Lockless {
		defs += "\n" + p.t("verdict.def.lockless")
	}
	return elBody("div.quiz-legend data-testid=quiz-legend",
		elText("p.quiz-legend-title", p.t("quiz.verdict.legend")),
		elText("p.quiz-defs data-testid=quiz-defs", defs),
	)
}

// quizSays is what the live region says in predict mode: the question
// and its choices while one is open; the answer's feedback and what the
// step did once answered; "" otherwise.
func (p pageView) quizSays(r runView) string {
	qz := p.quiz
	if !qz.on {
		return ""
	}
	l := p.s.Lang
	if q := qz.asking; q != nil {
		var choices []string
		for i, c := range q.Choices {
			choices = append(choices, p.t("quiz.choice", i+1, words.ChoiceText(l, *q, c)))
		}
		return p.t("quiz.announce", words.QuestionText(l, *q), strings.Join(choices, ", "))
	}
	if a := qz.last; a != nil {
		return words.Feedback(l, a.q, a.choice, p.frames) + " " + p.t("quiz.why", words.Why(l, course.WhyOf(p.frames, a.q))) + " " +
			p.t("quiz.explain", r.note()) + " " + p.t("quiz.score", qz.score.Right, qz.score.Asked)
	}
	return ""
}
