//go:build !js

package e2e

import (
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

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
		if ask == string(core.AskVerdict) {
			break
		}
	}
	tb.open(siteURL + "?view=course&lang=en")
	tb.waitJS(`document.querySelector('[data-testid="course-progress"]')?.dataset.done === "1"`)
	if got := eval[string](tb, `document.querySelector('[data-testid="course-lesson"][data-value="gc-pause"] [data-testid="course-status"]').dataset.value`); got != "done" {
		t.Errorf("after its verdict the chapter's lesson is %q", got)
	}
	tabTo(tb, `[data-testid="course-reset"]`)
	tb.key(kb.Enter)
	tb.waitJS(`document.querySelector('[data-testid="course-progress"]').dataset.done === "0"`)
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
	e, _ := core.ExerciseByID("stuck-with-fencing")
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
		if err != nil || j.Solved || j.Miss != core.MissVerdict {
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
