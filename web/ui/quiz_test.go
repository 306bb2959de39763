package ui

import (
	stdhtml "html"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// bookQuiz is the chapter's run in predict mode at step, fenced or not,
// in English, and its frames.
func bookQuiz(t *testing.T, runs *state.Runs, step int, fenced bool) (state.Settings, []core.Frame) {
	t.Helper()
	s := state.Defaults()
	s.Strategy, s.Step, s.Lang, s.Quiz = state.BookRow(fenced), step, state.English, true
	r := runs.Run(s.ScenarioData(runs), s.Strategy)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	return s, r.Frames
}

// At step 6 of the chapter's run, → asks whether row-42 takes A's late
// write and the step stays; "refused" is right with fencing, and shows
// step 7; without fencing it is wrong, and the answer is "accepted". A
// question answered is not asked again.
func TestPredictModeAsksBeforeTheStepAndGradesByTheRun(t *testing.T) {
	runs := state.NewRuns()
	for _, c := range []struct {
		fenced bool
		right  int
	}{{true, 1}, {false, 0}} {
		s, frames := bookQuiz(t, runs, 6, c.fenced)
		var q quiz
		if got := q.forward(s, frames, state.CmdNext); got != s {
			t.Errorf("fenced %t: → at step 6 moved to step %d", c.fenced, got.Step)
		}
		a := q.asking
		if a == nil || a.Ask != course.AskWrite || a.Client != "A" || a.Resource != "row-42" || a.Frame != 6 {
			t.Fatalf("fenced %t: → at step 6 asks %+v", c.fenced, a)
		}
		// With the question open, nothing moves forward.
		if got := q.forward(s, frames, state.CmdLast); got.Step != 6 {
			t.Errorf("fenced %t: End with a question open moved to %d", c.fenced, got.Step)
		}
		if _, ok := q.answer("granted"); ok || q.scores[runKey(s)].Asked != 0 {
			t.Errorf("fenced %t: a choice the question has not was taken", c.fenced)
		}
		step, ok := q.answer(course.ChoiceRefused)
		if sc := q.scores[runKey(s)]; !ok || step != 7 || sc.Right != c.right || sc.Asked != 1 || sc.Of != 6 || q.asking != nil {
			t.Errorf("fenced %t: answering refused shows step %d, scores %+v", c.fenced, step, sc)
		}
		want := course.ChoiceRefused
		if !c.fenced {
			want = course.ChoiceAccepted
		}
		if q.last == nil || q.last.q.Answer != want {
			t.Errorf("fenced %t: the answer shown is %+v, want %s", c.fenced, q.last, want)
		}
		// Back at step 6, the step answered is shown at once.
		q.follow(noCtx, s, s, byCommand)
		if got := q.forward(s, frames, state.CmdNext); got.Step != 7 || q.asking != nil {
			t.Errorf("fenced %t: → again at step 6 goes to %d, asking %+v", c.fenced, got.Step, q.asking)
		}
	}
}

// End never skips a question: from the first step it stops before the
// first one (the acquire of frame 1), then before the next unanswered.
// A step with nothing to ask (the pause, frame 3) is shown at once.
func TestPredictModeNeverSkipsAQuestion(t *testing.T) {
	runs := state.NewRuns()
	s, frames := bookQuiz(t, runs, 1, true)
	var q quiz
	if got := q.forward(s, frames, state.CmdLast); got.Step != 1 || q.asking == nil || q.asking.Frame != 1 {
		t.Fatalf("End at step 1 goes to %d, asking %+v", got.Step, q.asking)
	}
	for _, choice := range []string{course.ChoiceGranted, course.ChoiceAccepted} {
		step, _ := q.answer(choice)
		was := s
		s.Step = step
		q.follow(noCtx, was, s, byCommand)
		s = q.forward(s, frames, state.CmdLast)
	}
	if s.Step != 4 || q.asking == nil || q.asking.Frame != 4 || q.scores[runKey(s)].Right != 2 {
		t.Errorf("after two answers End stops at %d asking %+v (%+v)", s.Step, q.asking, q.scores[runKey(s)])
	}
	// A move elsewhere closes the question.
	was := s
	s.Step = 3
	q.follow(noCtx, was, s, byCommand)
	if q.asking != nil {
		t.Error("a step back leaves the question open")
	}
	// Off, predict mode takes no command.
	d := &Demo{s: s, runs: runs}
	d.s.Quiz = false
	if _, ok := d.quiz.take(d.s, d.runs, state.CmdNext); ok {
		t.Error("predict mode off still takes →")
	}
	d.s.Quiz = true
	if got, ok := d.quiz.take(d.s, d.runs, state.CmdPrev); ok {
		t.Errorf("predict mode takes ← (to %d)", got.Step)
	}
	if got, ok := d.quiz.take(d.s, d.runs, state.CmdNext); !ok || got.Step != 4 || d.quiz.asking != nil {
		t.Errorf("→ at step 3, before the pause, goes to %d, asking %+v", got.Step, d.quiz.asking)
	}
}

// The keys 1–4 name the open question's choices, in the order shown; a
// key past them, or with no question open, names none.
func TestTheKeysOneToFourAnswer(t *testing.T) {
	choices := []string{"A", "B", course.ChoiceNone}
	for key, want := range map[string]string{"1": "A", "2": "B", "3": course.ChoiceNone} {
		if got, ok := choiceKey(choices, key); !ok || got != want {
			t.Errorf("key %s names %q, want %q", key, got, want)
		}
	}
	for _, key := range []string{"4", "0", "5", "a", "12"} {
		if got, ok := choiceKey(choices, key); ok {
			t.Errorf("key %q names %q", key, got)
		}
	}
	if _, ok := choiceKey(nil, "1"); ok {
		t.Error("key 1 answers with no question open")
	}
}

// drawn is the page d draws, mounted as the page would mount it, in
// settings the test gives it (a Demo mounted itself reads its own).
type drawn struct {
	app.Compo
	d *Demo
}

func (c *drawn) Render() app.UI { return c.d.Render() }

// The page draws the question with its choices and hooks, the timeline
// only as far as the step shown, and then the feedback and the score, in
// both languages.
func TestThePageDrawsTheQuestionThenTheFeedback(t *testing.T) {
	runs := state.NewRuns()
	for _, l := range state.Langs {
		s, frames := bookQuiz(t, runs, 6, true)
		s.Lang = l
		d := &Demo{s: s, runs: runs}
		d.mode.live = true
		d.s = d.quiz.forward(s, frames, state.CmdNext)
		html := app.HTMLString(mounted(t, &drawn{d: d}))
		for _, want := range []string{
			`data-testid="quiz-question"`, `data-ask="write"`, `data-testid="quiz-choice"`,
			`data-value="accepted"`, `data-value="refused"`, `aria-keyshortcuts="1"`,
			`data-testid="quiz-score" data-value="0/0"`, `data-testid="quiz-switch" data-value="on"`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("%s, asking: the page lacks %s", l, want)
			}
		}
		if strings.Contains(html, `data-testid="quiz-feedback"`) {
			t.Errorf("%s: feedback before an answer", l)
		}
		if strings.Contains(html, `data-step="7"`) {
			t.Errorf("%s: the timeline draws step 7 before the answer", l)
		}
		if l == state.English && !strings.Contains(stdhtml.UnescapeString(html), "Will row-42 accept A's write of “A-STALE” with token 1?") {
			t.Errorf("the question is not worded")
		}
		step, _ := d.quiz.answer(course.ChoiceRefused)
		d.s.Step = step
		html = app.HTMLString(mounted(t, &drawn{d: d}))
		for _, want := range []string{`data-testid="quiz-feedback"`, `data-value="right"`, `data-testid="quiz-score" data-value="1/1"`, `>7 / 7<`, `data-step="7"`} {
			if !strings.Contains(html, want) {
				t.Errorf("%s, answered: the page lacks %s", l, want)
			}
		}
		if strings.Contains(html, `data-testid="quiz-question"`) {
			t.Errorf("%s: the question stays after its answer", l)
		}
	}
	// Out of predict mode nothing of it is drawn but its switch, off.
	d := &Demo{s: state.Defaults(), runs: runs}
	html := app.HTMLString(mounted(t, &drawn{d: d}))
	if strings.Contains(html, `data-testid="quiz"`) || !strings.Contains(html, `data-testid="quiz-switch" data-value="off"`) {
		t.Error("out of predict mode, the page draws it, or not its switch")
	}
}

// At the last step, → asks the run's verdict, which the badge holds back
// until it is answered: the chapter's run is safe with fencing, corrupted
// without. The step stays the last; the verdict is asked once.
func TestPredictModeAsksTheVerdictAtTheEnd(t *testing.T) {
	runs := state.NewRuns()
	for _, c := range []struct {
		fenced        bool
		verdict, seal string
	}{{true, string(core.Safe), "protected"}, {false, string(core.Corrupted), "destroyed"}} {
		s, _ := bookQuiz(t, runs, 7, c.fenced)
		d := &Demo{s: s, runs: runs}
		d.mode.live = true
		html := app.HTMLString(mounted(t, &drawn{d: d}))
		if !strings.Contains(html, `data-testid="quiz-hint"`) || !strings.Contains(html, `data-value="running"`) || strings.Contains(html, `data-value="`+c.seal+`"`) {
			t.Errorf("fenced %t: before the verdict is asked, the badge says it, or no hint says it will be asked", c.fenced)
		}
		got, ok := d.quiz.take(d.s, d.runs, state.CmdNext)
		a := d.quiz.asking
		if !ok || got.Step != 7 || a == nil || a.Ask != course.AskVerdict || a.Answer != c.verdict || len(a.Choices) != 4 {
			t.Fatalf("fenced %t: → at the last step goes to %d, asking %+v", c.fenced, got.Step, a)
		}
		html = app.HTMLString(mounted(t, &drawn{d: d}))
		if !strings.Contains(html, `data-ask="verdict"`) || !strings.Contains(html, `data-value="`+string(core.Stuck)+`"`) {
			t.Errorf("fenced %t: the verdict question or its choices are not drawn", c.fenced)
		}
		if step, ok := d.quiz.answer(c.verdict); !ok || step != 7 || d.quiz.scores[runKey(d.s)].Right != 1 {
			t.Errorf("fenced %t: the verdict answered shows step %d, %+v", c.fenced, step, d.quiz.scores[runKey(d.s)])
		}
		html = app.HTMLString(mounted(t, &drawn{d: d}))
		if !strings.Contains(html, `data-value="`+c.seal+`"`) || strings.Contains(html, `data-testid="quiz-hint"`) {
			t.Errorf("fenced %t: once answered, the badge does not say %s, or the hint stays", c.fenced, c.seal)
		}
		if _, ok := d.quiz.take(d.s, d.runs, state.CmdLast); !ok || d.quiz.asking != nil {
			t.Errorf("fenced %t: the verdict is asked again: %+v", c.fenced, d.quiz.asking)
		}
	}
}

// The course's same-token-retry lesson (consensus with fencing) ends safe,
// though B's own older write has just overwritten its newer one (↺): the
// verdict's feedback says so beside the answer, right or wrong.
func TestTheVerdictFeedbackOfAReorderedRunSaysWhatItDoesNotCount(t *testing.T) {
	runs := state.NewRuns()
	for _, choice := range []string{string(core.Corrupted), string(core.Safe)} {
		s := state.Defaults()
		s.Scenario, s.Strategy, s.Lang, s.Quiz = "same-token-retry", core.Consensus, state.English, true
		r := runs.Run(s.ScenarioData(runs), s.Strategy)
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		s.Step = len(r.Frames)
		d := &Demo{s: s, runs: runs}
		d.mode.live = true
		if _, ok := d.quiz.take(d.s, d.runs, state.CmdNext); !ok || d.quiz.asking == nil || d.quiz.asking.Ask != course.AskVerdict {
			t.Fatalf("→ at the last step asks %+v", d.quiz.asking)
		}
		// Asked by the table's definitions, it shows them.
		asking := stdhtml.UnescapeString(app.HTMLString(mounted(t, &drawn{d: d})))
		if !strings.Contains(asking, `data-testid="quiz-legend"`) || !strings.Contains(asking, words.T(state.English, "verdict.defs")) ||
			!strings.Contains(asking, "By the table's definitions, what is this run's verdict?") {
			t.Error("the verdict question does not name the table's definitions, or does not show them")
		}
		if _, ok := d.quiz.answer(choice); !ok {
			t.Fatalf("%s is not a choice", choice)
		}
		html := app.HTMLString(mounted(t, &drawn{d: d}))
		if !strings.Contains(html, "one holder&#39;s own writes applied out of order (not counted in the verdict)") ||
			!strings.Contains(html, "the answer is “✓ safe”") && choice != string(core.Safe) {
			t.Errorf("answered %s: the feedback does not say the answer and what the verdict does not count", choice)
		}
	}
}

// The question open, and the answer shown, belong to their run and step:
// a change that lands there keeps them, whatever caused it (play's step
// that stops before a question, the language switched); one that leaves
// them, or predict mode, closes them.
func TestAQuestionStaysWhereItWasAsked(t *testing.T) {
	runs := state.NewRuns()
	s, frames := bookQuiz(t, runs, 6, true)
	for _, c := range []struct {
		name string
		edit func(state.Settings) state.Settings
		by   cause
		stay bool
	}{
		{"play's step onto it", func(s state.Settings) state.Settings { return s }, byPlay, true},
		{"the language", func(s state.Settings) state.Settings { s.Lang = state.Japanese; return s }, byCommand, true},
		{"a step back", func(s state.Settings) state.Settings { s.Step--; return s }, byCommand, false},
		{"another row", func(s state.Settings) state.Settings { s.Strategy = core.Lease; return s }, byLink, false},
		{"predict mode off", func(s state.Settings) state.Settings { s.Quiz = false; return s }, byLink, false},
	} {
		var q quiz
		was := s
		was.Step = 5
		asked := q.forward(s, frames, state.CmdNext)
		if q.asking == nil || asked.Step != 6 {
			t.Fatalf("%s: → at step 6 asks nothing", c.name)
		}
		q.follow(noCtx, was, c.edit(asked), c.by)
		if (q.asking != nil) != c.stay {
			t.Errorf("%s: the question open is %v, want it kept %t", c.name, q.asking, c.stay)
		}
	}
}

// A lesson in predict mode holds back what would answer its questions
// until the verdict is predicted: the scenario's story (its question stands
// there), the notes' judgements, the recording on real software and the
// closing moral. At the last step, the verdict still to ask, the step
// controls stay live and a button asks it. The lesson's frame says where
// it is in the course and links the next lesson; once the verdict is
// predicted, the story, the whole note and the moral are back, and the
// lesson's end says its score and links the next lesson again.
func TestALessonHoldsItsAnswersBackUntilTheVerdict(t *testing.T) {
	runs := state.NewRuns()
	l := state.English
	sc, _ := core.ScenarioByID(core.GCPauseID)
	s := lessonSettings(sc, l)
	r := runs.Run(sc, s.Strategy)
	s.Step = len(r.Frames)
	d := &Demo{s: s, runs: runs}
	d.mode.live = true
	d.start()
	held := stdhtml.UnescapeString(app.HTMLString(mounted(t, &drawn{d: d})))
	next := core.Scenarios()[1]
	for _, want := range []string{
		words.T(l, "gc-pause.asks"), words.HeldNote(l, r.Frames, s.Step), `data-testid="quiz-verdict-open"`,
		"Lesson 1 of " + itoa(len(core.Scenarios())), `data-testid="lesson-next" data-value="` + next.ID + `"`,
		words.T(l, "lesson.next", words.T(l, next.Title)), `data-testid="lesson-course"`,
	} {
		if !strings.Contains(held, want) {
			t.Errorf("before the verdict, the lesson lacks %q", want)
		}
	}
	// (The printed handout, not on the screen, keeps the whole story.)
	for _, gone := range []string{`data-testid="scenario-shows" data-value="asks"`, `data-testid="step-note">` + words.HeldNote(l, r.Frames, s.Step) + "<"} {
		if !strings.Contains(held, gone) {
			t.Errorf("before the verdict, the lesson lacks %q", gone)
		}
	}
	if strings.Contains(held, words.T(l, sc.Shows)) || strings.Contains(held, `data-testid="closing"`) {
		t.Error("before the verdict, the lesson tells its story or its moral")
	}
	for _, id := range []string{"btn-next", "btn-advance", "dock-next", "btn-last"} {
		if !strings.Contains(held, `data-testid="`+id+`" aria-disabled="false"`) && !regexp.MustCompile(`aria-disabled="false"[^>]*data-testid="`+id+`"`).MatchString(held) {
			t.Errorf("at the last step, %s does not ask the verdict: it is disabled", id)
		}
	}
	d.quiz.take(d.s, d.runs, state.CmdNext)
	d.quiz.answer(string(core.Safe))
	done := stdhtml.UnescapeString(app.HTMLString(mounted(t, &drawn{d: d})))
	for _, want := range []string{
		words.T(l, sc.Shows), words.Note(l, r.Frames, s.Step), `data-testid="closing"`, `data-testid="quiz-done"`,
		`data-testid="lesson-next-end" data-value="` + next.ID + `"`, words.T(l, "quiz.why", words.Why(l, course.WhyOf(r.Frames, course.VerdictQuestion(r.Frames)))),
	} {
		if !strings.Contains(done, want) {
			t.Errorf("after the verdict, the lesson lacks %q", want)
		}
	}
	if strings.Contains(done, words.T(l, "gc-pause.asks")) || strings.Contains(done, `data-testid="quiz-verdict-open"`) {
		t.Error("after the verdict, the lesson still asks")
	}
	// The last lesson's next is the table.
	last := core.Scenarios()[len(core.Scenarios())-1]
	d = &Demo{s: lessonSettings(last, l), runs: runs}
	d.mode.live = true
	if html := app.HTMLString(mounted(t, &drawn{d: d})); !strings.Contains(html, `data-testid="lesson-next" data-value="matrix"`) {
		t.Error("the last lesson does not lead to the table")
	}
	// Out of predict mode there is no lesson.
	d = &Demo{s: state.Defaults(), runs: runs}
	if html := app.HTMLString(mounted(t, &drawn{d: d})); strings.Contains(html, `data-testid="lesson"`) {
		t.Error("out of predict mode, the page shows a lesson's frame")
	}
}
