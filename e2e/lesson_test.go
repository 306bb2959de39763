//go:build !js

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A lesson walked as a student walks it: on a phone by taps alone, on a
// laptop by keys, on a projector in front of a class.

// touch makes the phone's screen a touch screen: no mouse to hover with,
// a finger to tap with (CSS's pointer: coarse and hover: none).
func (tb *tab) touch() {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
		tb.t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "pointer", Value: "coarse"}, {Name: "hover", Value: "none"}},
	}); err != nil {
		tb.t.Fatal(err)
	}
}

// tap scrolls the first element matching css into the middle of the
// screen, as a finger would, and taps it: a touch that starts and ends on
// its middle.
func (tb *tab) tap(css string) {
	tb.t.Helper()
	type point struct{ X, Y float64 }
	var at point
	deadline := time.Now().Add(5 * time.Second)
	for {
		at = eval[point](tb, `(() => { const e = document.querySelector(`+"`"+css+"`"+`);
			if (!e) return {x: -1, y: -1};
			e.scrollIntoView({block: "center"});
			const r = e.getBoundingClientRect();
			return r.width > 0 ? {x: r.left + r.width / 2, y: r.top + r.height / 2} : {x: -1, y: -1}; })()`)
		if at.X >= 0 {
			break
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("nothing to tap at %s", css)
		}
		time.Sleep(50 * time.Millisecond)
	}
	settle(tb)
	finger := []*input.TouchPoint{{X: at.X, Y: at.Y}}
	for _, typ := range []input.DispatchTouchEventType{input.DispatchTouchEventTypeTouchStart, input.DispatchTouchEventTypeTouchEnd} {
		points := finger
		if typ == input.DispatchTouchEventTypeTouchEnd {
			points = []*input.TouchPoint{}
		}
		if _, err := chromedp.Call(tb.ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points}); err != nil {
			tb.t.Fatal(err)
		}
	}
}

// visible is the text the page's main element shows on the screen: its
// rendered text (nothing hidden, nothing in a closed details), less what
// only a screen reader is told (the live region, visually hidden).
func visible(tb *tab) string {
	tb.t.Helper()
	return eval[string](tb, `(() => { const m = document.querySelector('main[data-testid="app"]');
		let t = m.innerText;
		for (const e of m.querySelectorAll('.sr-only')) { const s = e.innerText.trim(); if (s) t = t.split(s).join(''); }
		return t; })()`)
}

// atTop reports whether the page is, or within a second comes to be,
// scrolled to its top: a page opened by a link is brought there once the
// browser has drawn it.
func atTop(tb *tab) bool {
	tb.t.Helper()
	_, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](`scrollY === 0`, chromedp.WithPollingTimeout(time.Second)))
	return err == nil
}

// judging are the words that say a verdict, or what a run means for the
// data, in each language (web/words' own list, for the held notes).
var judging = map[state.Lang][]string{
	state.Japanese: {"安全", "危うい", "破壊", "行き詰ま", "守られ", "壊れた"},
	state.English:  {"safe", "at risk", "corrupt", "stuck", "destroyed"},
}

// judgedIn is the first word of judging in s, or "".
func judgedIn(l state.Lang, s string) string {
	low := strings.ToLower(s)
	for _, w := range judging[l] {
		if strings.Contains(low, w) {
			return w
		}
	}
	return ""
}

// sentences splits a note into its sentences and clauses long enough to
// say something of their own.
func sentences(l state.Lang, note string) []string {
	var out []string
	for _, s := range regexp.MustCompile(`[。.:;!?]\s*|\(|\)|(|)`).Split(note, -1) {
		s = strings.TrimSpace(s)
		if l == state.Japanese && len([]rune(s)) >= 8 || l == state.English && len(s) >= 16 {
			out = append(out, s)
		}
	}
	return out
}

// No answer is on the screen before its question. Every lesson of the
// course is walked in predict mode, in both languages, from its entry in
// the course by its link, and from each lesson to the next by the link
// at its end, answering every question by its key. Before each question,
// what the screen shows (the open recording on real software too) must
// not say its answer: not the note, the action or the reason the answer
// reveals (save what an earlier step already said), and before the verdict
// no word of a verdict, not the scenario's story, not its moral. The badge
// holds the verdict back; the recording on real software is held back
// until the verdict, and shown after. The course's entries say what each
// lesson asks and none of its story.
func TestNoAnswerIsOnScreenBeforeItsQuestion(t *testing.T) {
	t.Parallel()
	scenarios := core.Scenarios()
	for _, l := range state.Langs {
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			// Nineteen lessons, in a browser context of its own (the
			// progress it records is its own).
			tb := newTabFor(t, 4*tabTimeout, browser, chromedp.WithNewBrowserContext())
			tb.viewport(1280, 800)
			tb.open(siteURL + "?view=course&lang=" + string(l))
			for _, sc := range scenarios {
				entry := eval[string](tb, `(() => { const e = document.querySelector('[data-testid="course-lesson"][data-value="`+sc.ID+`"]').cloneNode(true);
					e.querySelectorAll('.course-exercises').forEach(x => x.remove()); return e.textContent; })()`)
				if strings.Contains(entry, words.T(l, sc.Shows)) || !strings.Contains(entry, words.T(l, sc.ID+".asks")) {
					t.Errorf("%s: the course's entry tells the story, or not what it asks: %q", sc.ID, entry)
				}
				if w := judgedIn(l, entry); w != "" {
					t.Errorf("%s: the course's entry says %q: %q", sc.ID, w, entry)
				}
			}
			tb.do(chromedp.Click(chromedp.CSS(`[data-testid="course-lesson"][data-value="` + scenarios[0].ID + `"] [data-testid="course-open"]`)))
			for i, sc := range scenarios {
				tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="lesson-of"]')?.textContent === ` +
					fmt.Sprintf("%q", words.T(l, "lesson.of", i+1, len(scenarios))))
				if got := tb.hook("scenario-picker"); got != sc.ID || !strings.Contains(tb.search(), "quiz=1") {
					t.Fatalf("lesson %d opened %s at %q, not %s in predict mode", i+1, got, tb.search(), sc.ID)
				}
				walkLesson(t, tb, l, sc)
				if i+1 < len(scenarios) {
					tb.do(chromedp.Click(chromedp.CSS(`[data-testid="lesson-next-end"]`)))
				} else if got := eval[string](tb, `document.querySelector('[data-testid="lesson-next-end"]').dataset.value`); got != "matrix" {
					t.Errorf("the last lesson leads to %q, not the table", got)
				}
			}
		})
	}
}

// walkLesson walks the lesson of sc, open at its first step, to its
// verdict, checking before each question that the screen does not answer
// it (TestNoAnswerIsOnScreenBeforeItsQuestion).
func walkLesson(t *testing.T, tb *tab, l state.Lang, sc core.Scenario) {
	t.Helper()
	frames, err := core.Replay(sc, sc.Contrast[0])
	if err != nil {
		t.Fatal(err)
	}
	story, moral := words.T(l, sc.Shows), words.T(l, "moral."+sc.ID)
	if sc.ID == core.GCPauseID {
		moral = words.T(l, "legend")
	}
	if !atTop(tb) {
		t.Errorf("%s opens scrolled to %v, not at its top", sc.ID, eval[float64](tb, `scrollY`))
	}
	// The recording on real software, opened (it stays open from one
	// lesson to the next), is held back.
	if !eval[bool](tb, `document.querySelector('[data-testid="real-panel"]').open`) {
		tb.do(chromedp.Click(chromedp.CSS(`[data-testid="real-panel"] > summary`)))
	}
	tb.waitJS(`document.querySelector('[data-testid="real-held"]') !== null`)
	said := map[string]bool{} // what earlier steps said: not news
	for _, s := range sentences(l, words.Note(l, frames, 1)) {
		said[s] = true
	}
	for n := 0; ; n++ {
		if n > 30 {
			t.Fatalf("%s: the verdict was never asked", sc.ID)
		}
		before := visible(tb)
		step := tb.hook("step-counter")
		if strings.Contains(before, story) || moral != "" && strings.Contains(before, moral) {
			t.Errorf("%s, step %s: the screen tells the story or the moral before the verdict", sc.ID, step)
		}
		if got := tb.hook("outcome-badge"); got != "running" {
			t.Errorf("%s, step %s: the badge says %q before the verdict", sc.ID, step, got)
		}
		tb.key(kb.ArrowRight)
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null || document.querySelector('[data-testid="step-counter"]').dataset.value !== "` + step + `"`)
		ask := eval[string](tb, `document.querySelector('[data-testid="quiz-question"]')?.dataset.ask ?? ""`)
		if ask == string(course.AskVerdict) {
			if w := judgedIn(l, before); w != "" {
				t.Errorf("%s: before the verdict is asked, the screen says %q", sc.ID, w)
			}
			tb.key("1")
			tb.waitJS(`document.querySelector('[data-testid="quiz-feedback"]')?.dataset.answer !== undefined && document.querySelector('[data-testid="quiz-done"]') !== null`)
			after := visible(tb)
			why := tb.text("quiz-why")
			if !strings.Contains(after, why) || why == "" {
				t.Errorf("%s: the verdict's reason is not on the screen", sc.ID)
			}
			if !strings.Contains(after, story) || tb.hook("scenario-shows") != "story" {
				t.Errorf("%s: after the verdict, the story is not told", sc.ID)
			}
			tb.waitJS(`document.querySelector('[data-testid="real-held"]') === null`)
			return
		}
		if ask != "" {
			tb.key("1")
			tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') === null && document.querySelector('[data-testid="quiz-feedback"]') !== null`)
			// (A reason an earlier answer gave, word for word, is a fact
			// the reader was told then.)
			why := tb.text("quiz-why")
			if why == "" || !strings.Contains(visible(tb), why) {
				t.Errorf("%s, step %s: the answer's reason is not on the screen", sc.ID, step)
			} else if !said[why] && strings.Contains(before, why) {
				t.Errorf("%s, step %s: the reason %q was on the screen before its question", sc.ID, step, why)
			}
			said[why] = true
		}
		note := tb.text("step-note")
		action := eval[string](tb, `document.querySelector('[data-stepped="action-run"]').innerText`)
		for _, s := range sentences(l, note) {
			if ask != "" && !said[s] && strings.Contains(before, s) {
				t.Errorf("%s, step %s: %q, which the answer shows, was on the screen before its question", sc.ID, step, s)
			}
			said[s] = true
		}
		if ask != "" && !said[action] && strings.Contains(before, action) {
			t.Errorf("%s, step %s: the action %q was on the screen before its question", sc.ID, step, action)
		}
		said[action] = true
	}
}

// On a phone, in Japanese, by taps alone: the course's lesson opens at its
// top and says where it is in the course; each question comes with the
// words for a finger, choices a finger can hit; at the last step the
// button that asks the verdict is live, and so is ▶; the verdict asked
// shows its definitions; answered, the lesson says its own score and links
// the next lesson; and the course then counts it done with that score.
func TestALessonIsFinishedByTapsOnAPhone(t *testing.T) {
	t.Parallel()
	const id = "restore-from-backup"
	sc, _ := core.ScenarioByID(id)
	frames, err := core.Replay(sc, sc.Contrast[0])
	if err != nil {
		t.Fatal(err)
	}
	l := state.Japanese
	n := 0
	for i, s := range core.Scenarios() {
		if s.ID == id {
			n = i + 1
		}
	}
	tb := newIsolatedTab(t)
	tb.asPhone()
	tb.touch()
	tb.open(siteURL + "?view=course&lang=ja")
	tb.tap(`[data-testid="course-lesson"][data-value="` + id + `"] [data-testid="course-open"]`)
	tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="app"]').dataset.view === "demo"`)
	if !atTop(tb) {
		t.Errorf("the lesson opens scrolled to %v", eval[float64](tb, `scrollY`))
	}
	if got, want := tb.text("lesson-of"), words.T(l, "lesson.of", n, len(core.Scenarios())); got != want {
		t.Errorf("the lesson says %q, want %q", got, want)
	}
	if top := eval[float64](tb, `document.querySelector('[data-testid="lesson-course"]').getBoundingClientRect().bottom`); top > 844 {
		t.Errorf("the way back to the course is off the screen, at %v", top)
	}
	right, asked := 0, 0
	for i := 0; ; i++ {
		if i > 30 {
			t.Fatal("the verdict was never asked")
		}
		step := tb.hook("step-counter")
		if step == fmt.Sprint(len(frames)) && tb.hook("quiz-question") == "<missing>" {
			break
		}
		tb.tap(`[data-testid="dock-next"]`)
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null || document.querySelector('[data-testid="step-counter"]').dataset.value !== "` + step + `"`)
		if tb.hook("quiz-question") == "<missing>" {
			continue
		}
		if got := eval[string](tb, `document.querySelector('[data-testid="quiz-keys"]').innerText`); got != words.T(l, "quiz.keys.touch") {
			t.Errorf("on a touch screen the question says %q", got)
		}
		if h := eval[float64](tb, `Math.min(...[...document.querySelectorAll('[data-testid="quiz-choice"]')].map(b => b.getBoundingClientRect().height))`); h < 44 {
			t.Errorf("a choice is %.0f px tall, less than a finger", h)
		}
		answer := eval[string](tb, `document.querySelector('[data-testid="quiz-choice"]').dataset.value`)
		frame := eval[int](tb, `+document.querySelector('[data-testid="quiz-question"]').dataset.frame`)
		q, _ := course.QuestionAt(frames, frame)
		tb.tap(`[data-testid="quiz-choice"]`)
		tb.waitJS(`document.querySelector('[data-testid="quiz-feedback"]') !== null && document.querySelector('[data-testid="quiz-question"]') === null`)
		asked++
		if q.Right(answer) {
			right++
		}
		if got, want := tb.text("quiz-why"), words.T(l, "quiz.why", words.Why(l, course.WhyOf(frames, q))); got != want {
			t.Errorf("step %d: the reason reads %q, want %q", frame, got, want)
		}
	}
	// The last step: the verdict is still to be asked, by a live control.
	for _, id := range []string{"dock-next", "btn-next", "btn-advance"} {
		if got := eval[string](tb, `document.querySelector('[data-testid="`+id+`"]').getAttribute('aria-disabled')`); got != "false" {
			t.Errorf("at the last step %s is aria-disabled=%s", id, got)
		}
	}
	if got := eval[string](tb, `document.querySelector('[data-testid="quiz-hint"]').innerText`); got != words.T(l, "quiz.hint.verdict.touch") {
		t.Errorf("at the last step the hint reads %q", got)
	}
	tb.tap(`[data-testid="quiz-verdict-open"]`)
	tb.waitJS(`document.querySelector('[data-testid="quiz-question"]')?.dataset.ask === "verdict"`)
	if got := eval[string](tb, `document.querySelector('[data-testid="quiz-defs"]').innerText`); got != words.T(l, "verdict.defs") {
		t.Errorf("the verdict's definitions read %q", got)
	}
	// △ at risk, as the note's old words had it: wrong, and told why.
	tb.tap(`[data-testid="quiz-choice"][data-value="at-risk"]`)
	tb.waitHook("quiz-feedback", "wrong")
	asked++
	v := course.VerdictQuestion(frames)
	why := tb.text("quiz-why")
	if want := words.T(l, "quiz.why", words.Why(l, course.WhyOf(frames, v))); why != want {
		t.Errorf("the verdict's reason reads %q, want %q", why, want)
	}
	if !strings.Contains(why, words.T(l, "verdict.stuck")) || !strings.Contains(why, "ステップ 10") {
		t.Errorf("the reason %q does not say why stuck ranks above at risk", why)
	}
	score := fmt.Sprintf("%d/%d", right, asked)
	tb.waitHook("quiz-score", score)
	if got, want := tb.text("quiz-done"), words.T(l, "lesson.done", right, asked); got != want {
		t.Errorf("the lesson's end says %q, want %q", got, want)
	}
	next := core.Scenarios()[n]
	if got := eval[string](tb, `document.querySelector('[data-testid="lesson-next-end"]').dataset.value`); got != next.ID {
		t.Errorf("the lesson's end leads to %q, want %s", got, next.ID)
	}
	tb.tap(`[data-testid="lesson-course"]`)
	tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.view === "course" && document.querySelector('[data-testid="course-progress"]')?.dataset.done === "1"`)
	status := `document.querySelector('[data-testid="course-lesson"][data-value="` + id + `"] [data-testid="course-status"]')`
	if got, want := eval[string](tb, status+`.textContent`), words.T(l, "course.done", right, asked); got != want {
		t.Errorf("the course says %q of the lesson, want %q", got, want)
	}
}

// The score is the lesson's own: a lesson walked after another starts at
// 0/0. A later walk in part, opened at the last question, does not replace
// the whole walk the course keeps, and the course says so neither.
func TestALessonKeepsItsOwnBestScore(t *testing.T) {
	t.Parallel()
	tb := newIsolatedTab(t)
	tb.open(siteURL + "?scenario=gc-pause&strategy=lease-fencing&quiz=1&lang=en")
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
	whole := tb.hook("quiz-score")
	// The next lesson, by its link: its own score.
	tb.click("lesson-next-end")
	tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && location.search.includes("scenario=check-then-write")`)
	tb.waitHook("quiz-score", "0/0")
	// The first lesson again, at its last step: one question only.
	tb.open(siteURL + "?scenario=gc-pause&strategy=lease-fencing&quiz=1&lang=en&step=7")
	tb.key(kb.ArrowRight)
	tb.waitJS(`document.querySelector('[data-testid="quiz-question"]')?.dataset.ask === "verdict"`)
	tb.key("3")
	tb.waitHook("quiz-feedback", "wrong")
	tb.open(siteURL + "?view=course&lang=en")
	status := `document.querySelector('[data-testid="course-lesson"][data-value="gc-pause"] [data-testid="course-status"]')`
	var right, asked int
	fmt.Sscanf(whole, "%d/%d", &right, &asked)
	if got, want := eval[string](tb, status+`.textContent`), words.T(state.English, "course.done", right, asked); got != want {
		t.Errorf("after a walk in part, the course says %q, want the whole walk's %q", got, want)
	}
	// A lesson walked only in part says so.
	tb.open(siteURL + "?scenario=delayed-write&strategy=lease-fencing&quiz=1&lang=en&step=7")
	tb.key(kb.ArrowRight)
	tb.waitJS(`document.querySelector('[data-testid="quiz-question"]')?.dataset.ask === "verdict"`)
	tb.key("1")
	tb.waitJS(`document.querySelector('[data-testid="quiz-feedback"]') !== null`)
	tb.open(siteURL + "?view=course&lang=en")
	partial := `document.querySelector('[data-testid="course-lesson"][data-value="delayed-write"] [data-testid="course-status"]')`
	if got := eval[string](tb, partial+`.dataset.value`); got != "partial" {
		t.Errorf("a lesson walked in part is %q", got)
	}
}

// The projector view, at 1280×720, keeps the timeline's labels at 14 px or
// more while a question, its feedback, the verdict's definitions and its
// answer are open, keeps the step controls and the verdict's answer on the
// screen, and does not move the timeline sideways when a question opens.
func TestTheProjectorKeepsTheTimelineLegibleWhileAsking(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.viewport(1280, 720)
	type box struct{ Min, Left, Bottom, Stepper float64 }
	const measure = `(() => { const labels = [...document.querySelectorAll('[data-testid="timeline"] .tl-ev-label, [data-testid="timeline"] .tl-axis')]
		.filter(e => e.getBoundingClientRect().width > 0);
		const px = labels.map(e => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a);
		const svg = document.querySelector('[data-testid="timeline"] svg.timeline-svg').getBoundingClientRect();
		const st = document.querySelector('.stepper').getBoundingClientRect();
		return {min: labels.length ? Math.min(...px) : 0, left: svg.left, bottom: svg.bottom, stepper: st.bottom}; })()`
	for _, c := range []struct{ query, what string }{
		{"?scenario=restore-from-backup&strategy=consensus&quiz=1&present=1&lang=ja&step=9", "restore-from-backup, ja"},
		{"?scenario=same-token-retry&strategy=consensus&quiz=1&present=1&lang=en&step=8", "same-token-retry, en"},
		{"?quiz=1&present=1&lang=en&step=6", "the chapter's story, en"},
	} {
		tb.open(siteURL + c.query)
		settle(tb)
		was := eval[box](tb, measure)
		tb.key(kb.ArrowRight)
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null`)
		settle(tb)
		asking := eval[box](tb, measure)
		if !onScreen(tb, `[data-testid="quiz-question"]`, `[data-testid="quiz-choice"]`) {
			t.Errorf("%s: the question or a choice is not on the screen", c.what)
		}
		tb.key("1")
		tb.waitJS(`document.querySelector('[data-testid="quiz-why"]') !== null`)
		if !onScreen(tb, `[data-testid="quiz-feedback"]`, `[data-testid="quiz-why"]`) {
			t.Errorf("%s: the feedback or its reason is not on the screen", c.what)
		}
		tb.key(kb.End)
		tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null || document.querySelector('[data-testid="quiz-verdict-open"]') !== null`)
		for tb.hook("quiz-verdict-open") == "<missing>" && eval[string](tb, `document.querySelector('[data-testid="quiz-question"]')?.dataset.ask ?? ""`) != "verdict" {
			tb.key("1")
			tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') === null`)
			tb.key(kb.End)
			tb.waitJS(`document.querySelector('[data-testid="quiz-question"]') !== null || document.querySelector('[data-testid="quiz-verdict-open"]') !== null`)
		}
		if tb.hook("quiz-verdict-open") != "<missing>" {
			tb.key(kb.ArrowRight)
			tb.waitJS(`document.querySelector('[data-testid="quiz-question"]')?.dataset.ask === "verdict"`)
		}
		settle(tb)
		verdict := eval[box](tb, measure)
		if !onScreen(tb, `[data-testid="quiz-question"]`, `[data-testid="quiz-choice"]`, `[data-testid="quiz-defs"]`) {
			t.Errorf("%s: the verdict question, a choice or the definitions are not on the screen", c.what)
		}
		// The verdict answered: its feedback, its reason and the next
		// lesson above the whole run, the ↺ note of same-token-retry too.
		tb.key("1")
		tb.waitJS(`document.querySelector('[data-testid="quiz-feedback"]')?.dataset.ask === "verdict"`)
		settle(tb)
		answered := eval[box](tb, measure)
		if !onScreen(tb, `[data-testid="quiz-feedback"]`, `[data-testid="quiz-why"]`, `[data-testid="lesson-next-end"]`) {
			t.Errorf("%s: the verdict's feedback, its reason or the next lesson is not on the screen", c.what)
		}
		for _, m := range []struct {
			when string
			b    box
		}{{"before the question", was}, {"asking", asking}, {"asking the verdict", verdict}, {"the verdict answered", answered}} {
			if m.b.Min < 14 {
				t.Errorf("%s, %s: a timeline label is %.1f px", c.what, m.when, m.b.Min)
			}
			if m.b.Bottom > 720 || m.b.Stepper > 720 {
				t.Errorf("%s, %s: the timeline (bottom %.0f) or the steps (bottom %.0f) are off the screen", c.what, m.when, m.b.Bottom, m.b.Stepper)
			}
		}
		if d := asking.Left - was.Left; d > 1 || d < -1 {
			t.Errorf("%s: the timeline moves %.0f px sideways when a question opens", c.what, d)
		}
	}
}

// onScreen reports whether every element matching each css is whole on
// the screen and not scrolled out of the box that holds it.
func onScreen(tb *tab, css ...string) bool {
	tb.t.Helper()
	return eval[bool](tb, `(() => { const sels = `+fmt.Sprintf("%q", strings.Join(css, ", "))+`;
		return [...document.querySelectorAll(sels)].every(e => {
			const r = e.getBoundingClientRect();
			if (r.height === 0 || r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) return false;
			// Nothing drawn over it (a bar pinned above it).
			for (const [x, y] of [[r.left + 2, r.top + 2], [r.right - 2, r.bottom - 2], [r.left + 2, r.bottom - 2]]) {
				const top = document.elementFromPoint(x, y);
				if (!top || !(e.contains(top) || top.contains(e))) return false;
			}
			for (let p = e.parentElement; p; p = p.parentElement) {
				const s = getComputedStyle(p);
				if (s.overflowY === 'visible') continue;
				const b = p.getBoundingClientRect();
				if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) return false;
			}
			return true; }); })()`)
}

// An exercise says which row it judges once the page shows another; a run
// that meets it is recorded, and the course marks it; an exercise with no
// run yet says nothing is judged, not "not yet" in red; a deliver offers
// the messages held, and the hold box is cleared once an action is added.
func TestExercisesSayTheirRowRecordSolutionsAndOfferHeldMessages(t *testing.T) {
	t.Parallel()
	e, _ := course.ExerciseByID("corrupt-lease")
	tb := newIsolatedTab(t)
	tb.viewport(1280, 800)
	tb.open(siteURL + "?view=play&exercise=" + e.ID + "&lang=en")
	tb.waitHook("exercise-status", "empty")
	if got, want := tb.text("exercise-status"), words.T(state.English, "exercise.empty"); got != want {
		t.Errorf("an empty exercise says %q, want %q", got, want)
	}
	if c := eval[string](tb, `getComputedStyle(document.querySelector('[data-testid="exercise-status"]')).color`); c == "rgb(163, 22, 27)" {
		t.Error("an empty exercise is in red")
	}
	tb.open(siteURL + "?view=play&exercise=" + e.ID + "&strategy=lease&script=A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A&lang=en")
	tb.waitHook("exercise-status", "solved")
	if got := tb.text("exercise-row"); got != "" {
		t.Errorf("under the exercise's own row, it says %q", got)
	}
	tb.key("f")
	tb.waitJS(`document.querySelector('[data-testid="exercise-row"]')?.textContent !== ""`)
	if got, want := tb.text("exercise-row"), words.T(state.English, "exercise.other-row", words.T(state.English, "strategy.lease"), words.T(state.English, "strategy.lease-fencing")); got != want {
		t.Errorf("with fencing flipped, the exercise says %q, want %q", got, want)
	}
	// A deliver offers what is held: m2, the write held at item 2.
	tb.open(siteURL + "?view=play&strategy=lease&script=A:acquire,A:write:v@m2&lang=en")
	tb.pick("play-verb", "deliver")
	tb.waitJS(`document.querySelector('[data-testid="play-arg"]')?.tagName === "SELECT"`)
	if got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="play-arg"] option')].map(o => o.value)`); len(got) != 1 || got[0] != "m2" {
		t.Errorf("a deliver offers %q, want m2", got)
	}
	// Said as the network's panel says it, once.
	held, err := core.ParseScript("A:acquire,A:write:v@m2")
	if err != nil {
		t.Fatal(err)
	}
	frames, err := core.Replay(held, core.Lease)
	if err != nil {
		t.Fatal(err)
	}
	last := frames[len(frames)-1]
	if got, want := eval[string](tb, `document.querySelector('[data-testid="play-arg"] option').textContent`), words.MessageText(state.English, last, last.Network[0]); got != want {
		t.Errorf("the held message is offered as %q, want %q", got, want)
	}
	tb.click("play-add")
	tb.waitJS(`location.search.includes("deliver%3Am2")`)
	// Held, an action is added, and the box is clear for the next.
	tb.pick("play-verb", "write")
	tb.click("play-arg")
	tb.key("v2")
	tb.click("play-hold")
	tb.waitJS(`document.querySelector('[data-testid="play-hold"]').checked`)
	tb.click("play-add")
	tb.waitHook("play-items", "4")
	if got := eval[string](tb, `document.querySelector('[data-testid="play-item"]:last-of-type').dataset.value`); got != "A:write:v2@m4" {
		t.Errorf("the held write is written %q", got)
	}
	if eval[bool](tb, `document.querySelector('[data-testid="play-hold"]').checked`) {
		t.Error("the hold box stays ticked after the action is added")
	}
	tb.open(siteURL + "?view=course&lang=en")
	tb.waitJS(`document.querySelector('[data-testid="course-progress"]')?.dataset.solved === "1"`)
	tb.click("course-reset")
	tb.waitJS(`document.querySelector('[data-testid="course-reset-yes"]') !== null`)
	for _, v := range axeCheck(t, tb) {
		t.Errorf("the reset asked: axe %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
	}
	tb.click("course-reset-no")
	tb.waitJS(`document.querySelector('[data-testid="course-reset"]') !== null`)
	if n := eval[int](tb, `document.querySelectorAll('[data-testid="course-solved"][data-value="`+e.ID+`"]').length`); n != 1 {
		t.Errorf("the course marks the solved exercise %d times", n)
	}
	if n, want := eval[int](tb, `document.querySelectorAll('[data-testid="course-exercise"]').length`), len(course.Exercises()); n != want {
		t.Errorf("the course lists %d exercise links for %d exercises", n, want)
	}
	// An exercise far down the course opens at the top of free play, its
	// goal in sight.
	eval[bool](tb, `(document.querySelectorAll('[data-testid="course-exercise"]')[`+fmt.Sprint(len(course.Exercises())-1)+`].scrollIntoView({block: "center"}), true)`)
	if eval[float64](tb, `scrollY`) < 400 {
		t.Fatal("the course's last exercise is in sight at its top: the test proves nothing")
	}
	eval[bool](tb, `(document.querySelectorAll('[data-testid="course-exercise"]')[`+fmt.Sprint(len(course.Exercises())-1)+`].click(), true)`)
	tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.view === "play" && document.querySelector('[data-testid="exercise-goal"]') !== null`)
	if !atTop(tb) {
		t.Errorf("the exercise opens scrolled to %v", eval[float64](tb, `scrollY`))
	}
	if !onScreen(tb, `[data-testid="exercise-goal"]`) {
		t.Error("the exercise's goal is not on the screen")
	}
}

// By the keyboard, the button that asks the verdict is reached by Tab and
// pressed by Enter; focus, on the button that goes, moves to the first
// choice, and the verdict asked passes axe.
func TestTheVerdictIsAskedFromItsButtonByKeyboard(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?quiz=1&lang=en&step=7")
	tabTo(tb, `[data-testid="quiz-verdict-open"]`)
	tb.key(kb.Enter)
	tb.waitJS(`document.querySelector('[data-testid="quiz-question"]')?.dataset.ask === "verdict"`)
	focusMoves(t, tb, "quiz-choice", "after the verdict's button")
	if got := eval[string](tb, `document.activeElement?.dataset.value ?? ""`); got != string(core.Safe) {
		t.Errorf("focus is on the choice %q, want the first", got)
	}
	for _, v := range axeCheck(t, tb) {
		t.Errorf("the verdict asked: axe %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
	}
	tb.key(kb.Enter)
	tb.waitHook("quiz-feedback", "right")
	for _, v := range axeCheck(t, tb) {
		t.Errorf("the lesson done: axe %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
	}
}
