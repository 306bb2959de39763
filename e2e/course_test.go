//go:build !js

package e2e

import (
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The course (view=course) and free play's exercises (exercise=ID), by
// real keys and clicks.

// tabTo presses Tab until keyboard focus is on the first element matching
// css: it is reached by the keyboard alone.
func tabTo(tb *tab, css string) {
	tb.t.Helper()
	for range 300 {
		tb.key(kb.Tab)
		if eval[bool](tb, `document.activeElement?.matches(`+"`"+css+"`"+`) ?? false`) {
			return
		}
	}
	tb.t.Fatalf("Tab never reaches %s", css)
}

// The course lists every scenario in the chapter's order, then the
// matrix; a lesson's link, followed by the keyboard, opens its scenario in
// predict mode; predicting the run's verdict marks the lesson done, which
// a reload keeps and the reset clears.
func TestCourseLessonsOpenInPredictModeAndKeepProgress(t *testing.T) {
	t.Parallel()
	var want []string
	for _, sc := range core.Scenarios() {
		want = append(want, sc.ID)
	}
	want = append(want, "matrix")
	for _, l := range state.Langs {
		tb := newTab(t)
		tb.open(siteURL + "?view=course&lang=" + string(l))
		got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="course-lesson"]')].map(e => e.dataset.value)`)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: the lessons are %v, want %v", l, got, want)
		}
		for _, v := range axeCheck(t, tb) {
			t.Errorf("%s: course: axe %s (%s): %s at %s", l, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
		}
	}

	// Progress lives in the browser's storage, which other tests' tabs
	// share (predict mode marks a lesson done): a browser context of
	// its own starts with none.
	tb := newIsolatedTab(t)
	tb.open(siteURL + "?view=course&lang=en")
	tb.waitHook("course-status", "todo")
	tabTo(tb, `[data-testid="course-open"]`)
	tb.key(kb.Enter)
	tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="app"]').dataset.view === "demo"`)
	if s := tb.search(); !strings.Contains(s, "quiz=1") {
		t.Fatalf("the lesson opened %q, not predict mode", s)
	}
	tb.waitHook("quiz-switch", "on")
	// Walk the run to its verdict, answering every question with 1.
	for i := 0; ; i++ {
		if i > 20 {
			t.Fatal("the verdict was never asked")
		}
		tb.key(kb.End)
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null`)
		ask := eval[string](tb, `document.querySelector('[data-testid="quiz-question"]').dataset.ask`)
		tb.key("1")
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') === null && document.querySelector('[data-testid="quiz-feedback"]') !== null`)
		if ask == string(course.AskVerdict) {
			break
		}
	}
	tb.open(siteURL + "?view=course&lang=en")
	tb.waitJS(`document.querySelector('[data-testid="course-progress"]')?.dataset.done === "1"`)
	if got := eval[string](tb, `document.querySelector('[data-testid="course-lesson"][data-value="gc-pause"] [data-testid="course-status"]').dataset.value`); got != "done" {
		t.Errorf("after its verdict the chapter's lesson is %q", got)
	}
	// The reset asks first; focus is on its confirmation.
	tabTo(tb, `[data-testid="course-reset"]`)
	tb.key(kb.Enter)
	focusMoves(t, tb, "course-reset-yes", "after the reset")
	if got := eval[string](tb, `document.querySelector('[data-testid="course-progress"]').dataset.done`); got != "1" {
		t.Errorf("before it is confirmed, the reset leaves %s lessons done", got)
	}
	tb.key(kb.Enter)
	tb.waitJS(`document.querySelector('[data-testid="course-progress"]').dataset.done === "0"`)
	focusMoves(t, tb, "course-reset", "after the reset is confirmed")
	tb.open(siteURL + "?view=course&lang=en")
	if got := eval[string](tb, `document.querySelector('[data-testid="course-progress"]').dataset.done`); got != "0" {
		t.Errorf("after the reset and a reload, %s lessons are done", got)
	}
}

// In free play with exercise=stuck-with-fencing, the goal is shown; a run
// that does not meet it is unsolved with the model's reason, and the
// action that completes it, added with the editor, solves it. The hint is
// the search's.
func TestExerciseIsJudgedByTheModel(t *testing.T) {
	t.Parallel()
	e, _ := course.ExerciseByID("stuck-with-fencing")
	for _, l := range state.Langs {
		tb := newTab(t)
		tb.open(siteURL + "?view=play&exercise=" + e.ID + "&script=A:acquire,A:pause:10,A:acquire,A:write:A&lang=" + string(l))
		if got, want := tb.text("exercise-goal"), words.ExerciseGoal(l, e); got != want {
			t.Errorf("%s: the goal reads %q, want %q", l, got, want)
		}
		tb.waitHook("exercise-status", "unsolved")
		addAction(tb, "A", "restart", "", false)
		tb.waitHook("exercise-status", "unsolved")
		sc, err := core.ParseScript("A:acquire,A:pause:10,A:acquire,A:write:A,restart")
		if err != nil {
			t.Fatal(err)
		}
		j, err := e.Judge(sc)
		if err != nil || j.Solved || j.Miss != course.MissVerdict {
			t.Fatalf("the model judges the run %+v %v", j, err)
		}
		if got, want := tb.text("exercise-status"), words.ExerciseVerdict(l, e, j); got != want {
			t.Errorf("%s: the reason reads %q, want %q", l, got, want)
		}
		addAction(tb, "A", "acquire", "", true)
		tb.waitHook("exercise-status", "solved")
		tb.waitJS(`/\d/.test(document.querySelector('[data-testid="exercise-hint"]').textContent)`)
		res, err := e.Shortest(7)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := tb.text("exercise-hint"), words.T(l, "exercise.hint", res.Length); got != want {
			t.Errorf("%s: the hint reads %q, want %q", l, got, want)
		}
		for _, v := range axeCheck(t, tb) {
			t.Errorf("%s: exercise: axe %s (%s): %s at %s", l, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
		}
	}
	// An unknown exercise gets the usual notice and changes nothing.
	tb := newTab(t)
	tb.open(siteURL + "?view=play&exercise=fly&lang=en")
	if tb.hook("exercise-status") != "<missing>" {
		t.Error("an unknown exercise shows a status")
	}
	if got := tb.hook("url-notice"); got != state.ParamExercise {
		t.Errorf("url-notice names %q, want exercise", got)
	}
}

// The course's same-token-retry lesson, walked as a learner would, in both
// languages: the lesson turns on the fence refusing A's late write; in
// predict mode its last step shows B's own older write B-1 landing over
// B-2, and its note says so. A learner who reasons from that note and
// answers ✗ corrupted is told the legend's verdict, ✓ safe, and why: ↺,
// one holder's writes out of order, which the verdict does not count. A
// learner who answers ✓ is told the same ↺. The words are the catalogue's,
// and the live region says them too. The verdict question's definitions,
// the table's legend, are beside it.
func TestCourseSameTokenRetryLessonSaysWhyItsVerdictIsSafe(t *testing.T) {
	t.Parallel()
	sc, _ := core.ScenarioByID("same-token-retry")
	st := sc.Contrast[0]
	frames, err := core.Replay(sc, st)
	if err != nil {
		t.Fatal(err)
	}
	turns, ok := course.QuestionAt(frames, 7)
	if !ok || turns.Ask != course.AskWrite || turns.Client != "A" || turns.Answer != course.ChoiceRefused {
		t.Fatalf("the lesson's step 8 asks %+v", turns)
	}
	v := course.VerdictQuestion(frames)
	lesson := `[data-testid="course-lesson"][data-value="same-token-retry"]`
	for _, l := range state.Langs {
		tb := newIsolatedTab(t)
		for _, c := range []struct{ choice, key, feedback string }{
			{string(core.Corrupted), "3", "wrong"},
			{string(core.Safe), "1", "right"},
		} {
			tb.open(siteURL + "?view=course&lang=" + string(l))
			if got, want := eval[string](tb, `document.querySelector('`+lesson+` [data-testid="course-question"]').textContent`),
				words.T(l, "course.turns-on", words.QuestionText(l, turns)); got != want {
				t.Errorf("%s: the lesson turns on %q, want %q", l, got, want)
			}
			tb.do(chromedp.Click(chromedp.CSS(lesson + ` [data-testid="course-open"]`)))
			tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="app"]').dataset.view === "demo"`)
			if s := tb.search(); !strings.Contains(s, "scenario=same-token-retry") || !strings.Contains(s, "quiz=1") {
				t.Fatalf("%s: the lesson opened %q", l, s)
			}
			// Walk to the verdict, answering each step's question with 1.
			for i := 0; ; i++ {
				if i > 20 {
					t.Fatalf("%s: the verdict was never asked", l)
				}
				tb.key(kb.End)
				tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null`)
				if eval[string](tb, `document.querySelector('[data-testid="quiz-question"]').dataset.ask`) == string(course.AskVerdict) {
					break
				}
				tb.key("1")
				tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') === null && document.querySelector('[data-testid="quiz-feedback"]') !== null`)
			}
			// What the learner reasons from: the last step, B-1 over B-2
			// (predict mode holds back what judges the run: nothing here).
			if got, want := tb.text("step-note"), words.HeldNote(l, frames, len(frames)); got != want || want != words.Note(l, frames, len(frames)) {
				t.Errorf("%s: at the verdict the note reads %q, want %q", l, got, want)
			}
			if got, want := tb.text("quiz-question"), words.QuestionText(l, v); got != want {
				t.Errorf("%s: the verdict question reads %q, want %q", l, got, want)
			}
			// The definitions it names are beside it, each verdict's on a
			// line of its own.
			if c.choice == string(core.Corrupted) {
				if got := eval[string](tb, `document.querySelector('[data-testid="quiz-defs"]').innerText`); got != words.T(l, "verdict.defs") {
					t.Errorf("%s: the verdict's definitions read %q", l, got)
				}
				if lines := eval[int](tb, `(() => { const p = document.querySelector('[data-testid="quiz-defs"]');
					return Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)); })()`); lines < 5 {
					t.Errorf("%s: the five lines of definitions take %d lines", l, lines)
				}
				for _, v := range axeCheck(t, tb) {
					t.Errorf("%s: the verdict asked: axe %s (%s): %s at %s", l, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
				}
			}
			tb.key(c.key)
			tb.waitHook("quiz-feedback", c.feedback)
			got, want := tb.text("quiz-feedback"), words.Feedback(l, v, c.choice, frames)
			if got != want {
				t.Errorf("%s, answered %s: the feedback reads %q, want %q", l, c.choice, got, want)
			}
			if note := words.T(l, "matrix.note.reordered"); !strings.Contains(got, note) || !strings.Contains(got, words.T(l, "verdict.safe")) {
				t.Errorf("%s, answered %s: the feedback %q does not name ✓ safe and ↺", l, c.choice, got)
			}
			if said := tb.text("announcer"); !strings.Contains(said, want) {
				t.Errorf("%s, answered %s: the live region says %q, not the feedback", l, c.choice, said)
			}
		}
	}
}
