//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Predict mode (quiz=1), by real keys and clicks.

// choice is the selector of a choice of the open question.
func choice(value string) string {
	return fmt.Sprintf(`[data-testid="quiz-choice"][data-value=%q]`, value)
}

// focusMoves waits (a second at most) for keyboard focus to reach the
// element with data-testid id: the page moves it once it has drawn the
// element, a task or a few after the change that draws it.
func focusMoves(t *testing.T, tb *tab, id, when string) {
	t.Helper()
	is := fmt.Sprintf(`document.activeElement?.dataset.testid === %q`, id)
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](is, chromedp.WithPollingTimeout(time.Second))); err != nil {
		t.Errorf("%s, focus is on %q, want %s", when, eval[string](tb, `document.activeElement?.dataset.testid ?? ""`), id)
	}
}

// asked waits for the question, and checks that the page has not moved
// on: the counter stays at step, and nothing of the step after it is on
// the timeline or in its transcript.
func asked(t *testing.T, tb *tab, step int) {
	t.Helper()
	tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null`)
	if got := tb.hook("step-counter"); got != fmt.Sprint(step) {
		t.Errorf("with the question open the counter is at %s, want %d", got, step)
	}
	next := fmt.Sprint(step + 1)
	if n := eval[int](tb, `document.querySelectorAll('[data-testid="timeline"] [data-step="`+next+`"]').length`); n != 0 {
		t.Errorf("the timeline shows %d marks of step %s before the answer", n, next)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid="transcript"] tbody tr').length`); n != step {
		t.Errorf("the transcript lists %d steps before the answer, want %d", n, step)
	}
}

// At step 6 of the chapter's run with fencing on, → asks whether row-42
// takes A's write and the counter stays; a click on "refused" is right,
// shows step 7 and scores 1/1. With fencing off, the same choice, by its
// key, is wrong and names "accepted". Both languages, every word from the
// catalogue.
func TestPredictModeAsksAndGrades(t *testing.T) {
	t.Parallel()
	for _, l := range state.Langs {
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			sc, _ := core.ScenarioByID(core.GCPauseID)
			frames, err := core.Replay(sc, core.LeaseFencing)
			if err != nil {
				t.Fatal(err)
			}
			q, _ := course.QuestionAt(frames, 6)
			tb := newTab(t)
			tb.open(siteURL + "?step=6&fencing=on&quiz=1&lang=" + string(l))
			tb.waitHook("quiz-score", "0/0")
			tb.key(kb.ArrowRight)
			asked(t, tb, 6)
			if got, want := tb.text("quiz-question"), words.QuestionText(l, q); got != want {
				t.Errorf("the question reads %q, want %q", got, want)
			}
			if got := eval[string](tb, `[...document.querySelectorAll('[data-testid="quiz-choice"]')].map(b => b.dataset.value).join(" ")`); got != "accepted refused" {
				t.Errorf("the choices are %q", got)
			}
			// The live region says the question.
			if said := tb.text("announcer"); !strings.Contains(said, words.QuestionText(l, q)) {
				t.Errorf("the live region says %q, not the question", said)
			}
			tb.do(chromedp.Click(chromedp.CSS(choice(course.ChoiceRefused))))
			tb.waitHook("quiz-feedback", "right")
			tb.waitHook("step-counter", "7")
			tb.waitHook("quiz-score", "1/1")
			if tb.hook("quiz-question") != "<missing>" {
				t.Error("the question stays after its answer")
			}
			focusMoves(t, tb, "quiz-feedback", "after the click")

			tb.open(siteURL + "?step=6&fencing=off&quiz=1&lang=" + string(l))
			tb.key(kb.ArrowRight)
			asked(t, tb, 6)
			tb.key("2") // refused
			tb.waitHook("quiz-feedback", "wrong")
			tb.waitHook("step-counter", "7")
			tb.waitHook("quiz-score", "0/1")
			if got := eval[string](tb, `document.querySelector('[data-testid="quiz-feedback"]').dataset.answer`); got != course.ChoiceAccepted {
				t.Errorf("the feedback's answer is %q, want accepted", got)
			}
			if got, want := tb.text("quiz-feedback"), words.ChoiceText(l, q, course.ChoiceAccepted); !strings.Contains(got, want) {
				t.Errorf("the feedback %q does not name %q", got, want)
			}
			for _, v := range axeCheck(t, tb) {
				t.Errorf("answered: axe %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
			}
		})
	}
}

// On a phone, ▶ in the bar pinned to the foot of the screen asks the
// question where the reader looks: once it is drawn, the question and its
// choices are on the screen, above that bar, and a tap on a choice
// answers it.
func TestPredictModeOnAPhoneShowsTheQuestion(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.asPhone()
	tb.open(siteURL + "?step=6&fencing=on&quiz=1&lang=ja")
	tb.waitHook("quiz-score", "0/0")
	if at := eval[float64](tb, `scrollY`); at != 0 {
		t.Fatalf("the page opens scrolled to %v", at)
	}
	tb.click("dock-next")
	asked(t, tb, 6)
	const shown = `(() => {
		const bar = document.querySelector('[data-testid="step-dock"]').getBoundingClientRect();
		const parts = [document.querySelector('[data-testid="quiz-question"]'), ...document.querySelectorAll('[data-testid="quiz-choice"]')];
		return parts.every((e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= bar.top; });
	})()`
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](shown, chromedp.WithPollingTimeout(3*time.Second))); err != nil {
		t.Errorf("the question is not on the screen above the bar: question at %v, bar's top at %v, scrolled %v",
			eval[float64](tb, `document.querySelector('[data-testid="quiz-question"]').getBoundingClientRect().top`),
			eval[float64](tb, `document.querySelector('[data-testid="step-dock"]').getBoundingClientRect().top`),
			eval[float64](tb, `scrollY`))
	}
	tb.do(chromedp.Click(chromedp.CSS(choice(course.ChoiceRefused))))
	tb.waitHook("quiz-feedback", "right")
	tb.waitHook("step-counter", "7")
}

// Keyboard only: the switch turns predict mode on, End stops before the
// first question, 1 answers it, Tab and Enter answer the next, and ←
// closes a question without answering it.
func TestPredictModeByKeyboardOnly(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?step=1&lang=en")
	tabTo(tb, `[data-testid="quiz-switch"]`)
	tb.key(kb.Enter)
	tb.waitHook("quiz-switch", "on")
	tb.waitSearch("fencing=on&quiz=1&step=1&lang=en")
	tb.key(kb.End)
	asked(t, tb, 1)
	if got := eval[string](tb, `document.querySelector('[data-testid="quiz-question"]').dataset.ask`); got != string(course.AskGrant) {
		t.Errorf("End at step 1 asks %q, want the grant", got)
	}
	for _, v := range axeCheck(t, tb) {
		t.Errorf("asking: axe %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
	}
	tb.key("1") // granted
	tb.waitHook("quiz-feedback", "right")
	tb.waitHook("step-counter", "2")
	tb.key(kb.ArrowRight)
	asked(t, tb, 2)
	// Tab reaches the choices, and Enter presses one.
	eval[bool](tb, `(document.querySelector('[data-testid="quiz-choice"]').focus(), true)`)
	tb.key(kb.Tab)
	if got := eval[string](tb, `document.activeElement?.dataset.value ?? ""`); got != course.ChoiceRefused {
		t.Fatalf("Tab from the first choice reaches %q", got)
	}
	tb.key(kb.Enter)
	tb.waitHook("quiz-feedback", "wrong")
	tb.waitHook("step-counter", "3")
	tb.waitHook("quiz-score", "1/2")
	focusMoves(t, tb, "quiz-feedback", "after Enter on a choice")
	// Step 3 to 4 asks nothing (a pause); 4 to 5 asks; ← closes it.
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "4")
	tb.key(kb.ArrowRight)
	asked(t, tb, 4)
	tb.key(kb.ArrowLeft)
	tb.waitHook("step-counter", "3")
	if tb.hook("quiz-question") != "<missing>" {
		t.Error("← leaves the question open")
	}
	tb.waitHook("quiz-score", "1/2")
}

// The projector view asks in large type, all of it on the screen; an
// embed asks and grades as the page does.
func TestPredictModeInTheProjectorViewAndAnEmbed(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.viewport(1280, 720)
	tb.open(siteURL + "?step=6&quiz=1&present=1&lang=en")
	tb.key(kb.ArrowRight)
	asked(t, tb, 6)
	type box struct{ Top, Bottom, Left, Right, Font float64 }
	for _, sel := range []string{`[data-testid="quiz-question"]`, choice(course.ChoiceAccepted), choice(course.ChoiceRefused)} {
		b := eval[box](tb, `(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect();
			return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, font: parseFloat(getComputedStyle(document.querySelector('`+sel+`')).fontSize)}; })()`)
		if b.Top < 0 || b.Bottom > 720 || b.Left < 0 || b.Right > 1280 || b.Bottom <= b.Top {
			t.Errorf("projector: %s is at %+v, not whole on the 1280×720 screen", sel, b)
		}
		if b.Font < 20 {
			t.Errorf("projector: %s is in %.1fpx type, want large", sel, b.Font)
		}
	}
	tb.key("2")
	tb.waitHook("quiz-feedback", "right")
	tb.waitHook("step-counter", "7")

	tb.open(siteURL + "?embed=1&step=6&fencing=off&quiz=1&lang=ja")
	tb.key(kb.ArrowRight)
	asked(t, tb, 6)
	tb.do(chromedp.Click(chromedp.CSS(choice(course.ChoiceAccepted))))
	tb.waitHook("quiz-feedback", "right")
	tb.waitHook("quiz-score", "1/1")
	tb.waitHook("step-counter", "7")
	for _, v := range axeCheck(t, tb) {
		t.Errorf("embed: axe %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
	}
}

// Before the app, the loader steps no run in predict mode: it has no
// model, and must not show a step before its question. (It keeps the keys
// for the app: TestKeysBeforeTheAppAreKeptWhereNoFrameIs.)
func TestPredictModeWaitsForTheApp(t *testing.T) {
	t.Parallel()
	tb := newTabBeforeLive(t)
	tb.do(chromedp.Navigate(siteURL + "?step=6&quiz=1&lang=en"))
	tb.waitJS(`document.querySelector('[data-testid="app"]')?.dataset.phase === "static"`)
	tb.key(kb.ArrowRight)
	tb.key(kb.End)
	settle(tb)
	if got := tb.hook("step-counter"); got != "6" {
		t.Errorf("before the app, → and End move the counter to %s", got)
	}
	if phase := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.phase`); phase != "static" {
		t.Errorf("before the app the page is %q, want static: the loader steps the run in predict mode", phase)
	}
	if s := tb.search(); !sameQuery(s, "step=6&quiz=1&lang=en") {
		t.Errorf("before the app the address became %q", s)
	}
}

// At the last step the badge holds the verdict back and says a question
// is coming; → asks whether the data is safe, with the four verdicts; the
// right answer, by its key, lets the badge say the verdict. With fencing
// off the same answer is wrong and names "corrupted".
func TestPredictModeAsksTheVerdictAtTheEnd(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	for _, c := range []struct {
		fencing, feedback, answer string
	}{{"on", "right", "safe"}, {"off", "wrong", "corrupted"}} {
		tb.open(siteURL + "?step=7&quiz=1&lang=en&fencing=" + c.fencing)
		tb.waitHook("quiz-score", "0/0")
		if got := tb.hook("outcome-badge"); got != "running" {
			t.Errorf("fencing %s: before the verdict is asked the badge says %q", c.fencing, got)
		}
		if tb.hook("quiz-hint") == "<missing>" {
			t.Errorf("fencing %s: no hint that the verdict is to be asked", c.fencing)
		}
		tb.key(kb.ArrowRight)
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null`)
		if got := eval[string](tb, `[...document.querySelectorAll('[data-testid="quiz-choice"]')].map(b => b.dataset.value).join(" ")`); got != "safe at-risk corrupted stuck" {
			t.Errorf("fencing %s: the verdict's choices are %q", c.fencing, got)
		}
		tb.key("1")
		tb.waitHook("quiz-feedback", c.feedback)
		if got := eval[string](tb, `document.querySelector('[data-testid="quiz-feedback"]').dataset.answer`); got != c.answer {
			t.Errorf("fencing %s: the feedback names %q, want %q", c.fencing, got, c.answer)
		}
		tb.waitJS(`document.querySelector('[data-testid="outcome-badge"]').dataset.value !== "running"`)
		if got := tb.hook("step-counter"); got != "7" {
			t.Errorf("fencing %s: after the verdict the counter is at %s", c.fencing, got)
		}
	}
}
