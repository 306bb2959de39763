//go:build !js

package e2e

import (
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// markSel is the timeline mark of a step.
func markSel(step int) string {
	return `[data-testid="timeline-event"][data-step="` + strconv.Itoa(step) + `"]`
}

// The timeline is a control: a click on a mark opens its step, the arrow
// keys move between the marks, Enter opens the focused one, and pointing or
// focusing shows the step's note under the drawing, which is also the
// mark's accessible description. Shown whole, its later marks open their
// steps too.
func TestTheTimelineIsAControl(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?fencing=off&lang=en&step=7")
	// The fifth mark's column, clicked where its dot is drawn.
	tb.do(chromedp.Click(chromedp.CSS(markSel(5) + " circle")))
	tb.waitHook("step-counter", "5")
	tb.waitSearch("fencing=off&step=5&lang=en")
	if got := tb.hook("timeline-current"); got != "5" {
		t.Errorf("the highlighted step is %s", got)
	}
	// The pointer leaves the drawing: resting where it clicked, it would
	// show the tip of whichever mark a change of layout brings under it,
	// which is what pointing does, not what the keys below test.
	tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	// Focus the second mark, move to the third with →, open it with Enter.
	eval[bool](tb, `(document.querySelector('`+markSel(2)+`').focus(), true)`)
	tb.key(kb.ArrowRight)
	if got := eval[string](tb, `document.activeElement.dataset.step ?? ""`); got != "3" {
		t.Fatalf("→ on the second mark focused %q", got)
	}
	if got := tb.hook("step-counter"); got != "5" {
		t.Errorf("→ on a mark moved the step to %s", got)
	}
	tip := eval[string](tb, `document.getElementById("tl-tip")?.hidden === false ? document.getElementById("tl-tip").textContent : ""`)
	tb.key(kb.Enter)
	tb.waitHook("step-counter", "3")
	note := tb.text("step-note")
	if !strings.Contains(tip, note) || !strings.HasPrefix(tip, "3. t=") {
		t.Errorf("the focused mark's tip reads %q; the step's note is %q", tip, note)
	}
	desc := eval[string](tb, `(() => { const m = document.querySelector('`+markSel(3)+`'); return document.getElementById(m.getAttribute("aria-describedby")).textContent; })()`)
	if desc != note {
		t.Errorf("the mark is described by %q, not its note %q", desc, note)
	}
	// Under the drawing, on the screen: the step moved the drawing, and the
	// tip follows it by the next frame.
	var pos []float64
	for deadline := time.Now().Add(time.Second); ; time.Sleep(20 * time.Millisecond) {
		pos = eval[[]float64](tb, `(() => { const t = document.getElementById("tl-tip").getBoundingClientRect(), s = document.querySelector('[data-testid="timeline"] svg.timeline-svg').getBoundingClientRect(); return [t.top - s.bottom, t.left, innerWidth - t.right]; })()`)
		if under := pos[0] >= 0 && pos[0] <= 20 && pos[1] >= 0 && pos[2] >= 0; under || time.Now().After(deadline) {
			break
		}
	}
	if pos[0] < 0 || pos[0] > 20 || pos[1] < 0 || pos[2] < 0 {
		t.Errorf("the tip is not under the drawing, on screen: %v", pos)
	}
	// Escape hides it; pointing at the second mark shows that one's.
	tb.key(kb.Escape)
	if shown := eval[bool](tb, `document.getElementById("tl-tip").hidden === false`); shown {
		t.Error("Escape leaves the tip")
	}
	box := eval[[]float64](tb, `(() => { const r = document.querySelector('`+markSel(2)+` .tl-hit').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box[0], box[1]))
	tb.waitJS(`document.getElementById("tl-tip").hidden === false && document.getElementById("tl-tip").dataset.step === "2"`)
	if got := tb.hook("step-counter"); got != "3" {
		t.Errorf("pointing at a mark moved the step to %s", got)
	}
	// At step 3 the fifth mark is not drawn; shown whole, it is, faded,
	// and a click on it opens its step.
	if n := eval[int](tb, `document.querySelectorAll('`+markSel(5)+`').length`); n != 0 {
		t.Errorf("at step 3 the fifth mark is drawn")
	}
	// The pointer leaves the mark (its tip lies over the controls below).
	tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	tb.waitJS(`document.getElementById("tl-tip").hidden === true`)
	tb.click("timeline-future-toggle")
	tb.waitHook("timeline-future-toggle", "on")
	tb.waitSearch("fencing=off&future=1&step=3&lang=en")
	if faded := eval[bool](tb, `document.querySelector('`+markSel(5)+`').classList.contains("tl-later")`); !faded {
		t.Error("shown whole, a later mark is not faded")
	}
	tb.do(chromedp.Click(chromedp.CSS(markSel(5) + " circle")))
	tb.waitHook("step-counter", "5")
}

// Play steps the run by itself and stops at its end; Space pauses it, and
// so does a step key; the pace sets how fast.
func TestPlayStepsByItself(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?fencing=off&lang=en&pace=2")
	if got := tb.hook("btn-play"); got != "paused" {
		t.Fatalf("the page opens %s", got)
	}
	tb.click("btn-play")
	tb.waitHook("btn-play", "playing")
	tb.waitHook("step-counter", "3")
	// Space, with focus on the page rather than a control, pauses, and
	// does not scroll it (the page takes the key: its default is
	// prevented).
	eval[bool](tb, `(document.activeElement.blur(), addEventListener("keydown", e => { if (e.key === " ") window.spaceTaken = e.defaultPrevented; }), true)`)
	tb.key(" ")
	tb.waitHook("btn-play", "paused")
	at := tb.hook("step-counter")
	time.Sleep(1500 * time.Millisecond)
	if got := tb.hook("step-counter"); got != at {
		t.Errorf("paused at step %s, the page moved on to %s", at, got)
	}
	if !eval[bool](tb, `window.spaceTaken === true`) {
		t.Error("Space was left to scroll the page")
	}
	// Space again plays; a step key pauses.
	tb.key(" ")
	tb.waitHook("btn-play", "playing")
	tb.key(kb.ArrowLeft)
	tb.waitHook("btn-play", "paused")
	// From there to the end, where it stops.
	tb.key(" ")
	tb.waitHook("step-counter", "7")
	tb.waitHook("btn-play", "paused")
	if got := tb.text("announcer"); !strings.Contains(got, "7") && got == "" {
		t.Errorf("the live region reads %q", got)
	}
	tb.waitSearch("fencing=off&pace=2&step=7&lang=en")
	// At 0.5× a step takes 3 s: from the start, none within 2 s.
	// The pace's select, by keyboard: from 2× up to 0.5×.
	eval[bool](tb, `(document.querySelector('[data-testid="play-pace"]').focus(), true)`)
	tb.key(kb.ArrowUp)
	tb.key(kb.ArrowUp)
	tb.waitHook("play-pace", "50")
	tb.waitSearch("fencing=off&pace=0.5&step=7&lang=en")
	tb.click("btn-play") // at the last step: from the first
	tb.waitHook("step-counter", "1")
	time.Sleep(2 * time.Second)
	if got := tb.hook("step-counter"); got != "1" {
		t.Errorf("at 0.5× the run reached step %s within 2 s", got)
	}
	tb.waitHook("step-counter", "2")
}

// autoplay=1 plays once the page is visible, and not for a reader who
// prefers reduced motion; the compare view plays both columns.
func TestAutoplay(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=compare&lang=en&autoplay=1&pace=2")
	tb.waitHook("step-counter", "3")
	if l, r := eval[string](tb, `document.querySelector('[data-column="left"]')?.dataset.testid ?? ""`), tb.hook("step-counter"); l == "" || r != "3" && r != "4" {
		t.Logf("compare columns: %q, step %s", l, r)
	}
	steps := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="timeline-current"]')].map(e => e.dataset.value)`)
	if len(steps) != 2 || steps[0] != steps[1] {
		t.Errorf("the two columns stand at steps %v", steps)
	}
	still := newTab(t)
	if _, err := chromedp.Call(still.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
	}); err != nil {
		t.Fatal(err)
	}
	still.open(siteURL + "?lang=en&autoplay=1&pace=2")
	time.Sleep(2 * time.Second)
	if got := still.hook("step-counter"); got != "1" {
		t.Errorf("under reduced motion autoplay moved to step %s", got)
	}
	if got := still.hook("btn-play"); got != "paused" {
		t.Errorf("under reduced motion the page is %s", got)
	}
	still.click("btn-play")
	still.waitHook("step-counter", "2")
}

// printPDF prints the page as headless Chromium does (Page.printToPDF) on
// paper of that size in inches, and returns its text (pdftotext).
func printPDF(tb *tab, width, height float64) string {
	tb.t.Helper()
	res, err := chromedp.Call(tb.ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: width, PaperHeight: height})
	if err != nil {
		tb.t.Fatalf("printing: %v", err)
	}
	pdf := res.Data
	dir := tb.t.TempDir()
	in := filepath.Join(dir, "page.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	// DLOCK_PDF_DIR keeps every PDF printed, named by its address in
	// base64 (docs/classroom's handouts are their first pages).
	if shots := os.Getenv("DLOCK_PDF_DIR"); shots != "" {
		os.WriteFile(filepath.Join(shots, base64.RawURLEncoding.EncodeToString([]byte(tb.search()))+".pdf"), pdf, 0o644)
	}
	// -raw: the text in the order it is drawn, which is the page's. Laid
	// out by position (the default), a Japanese line that wrapped in a
	// list item came back with its last characters lines away.
	out, err := exec.Command("pdftotext", "-raw", in, "-").Output()
	if err != nil {
		tb.t.Fatalf("pdftotext (Debian: poppler-utils): %v", err)
	}
	return string(out)
}

// squash is text with its white space (and the PDF's line breaks) gone,
// to compare text laid out on paper with text on the page.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

// inPrint reports whether every phrase of want is in a PDF's text: a
// line that wraps on paper comes back from pdftotext in pieces, not
// always in order (a title in two lines beside a badge), so the text is
// compared phrase by phrase, split at spaces and punctuation.
func inPrint(pdf, want string) bool {
	text := squash(pdf)
	phrases := strings.FieldsFunc(want, func(r rune) bool { return strings.ContainsRune(" \t\n、。()():,.—", r) })
	for _, p := range phrases {
		if len([]rune(p)) >= 2 && !strings.Contains(text, p) {
			return false
		}
	}
	return true
}

// pages is a PDF's text page by page (pdftotext ends each with a form
// feed).
func pages(pdf string) []string {
	return strings.Split(strings.TrimSuffix(pdf, "\f"), "\f")
}

// axis is the start of a printed timeline's axis (t=0 is drawn apart from
// it): no other text on the page reads so.
const axis = "t=1t=2t=3"

// pictureOnPageOne checks that the first page of a handout carries the
// picture: the timeline drawn (its axis, as many times as there are runs)
// and its whole legend; and that the handout fills no more than most pages.
func pictureOnPageOne(tb *tab, pdf, where string, runs, most int) {
	tb.t.Helper()
	pp := pages(pdf)
	if len(pp) > most {
		tb.t.Errorf("%s: the handout is %d pages", where, len(pp))
	}
	if n := strings.Count(squash(pp[0]), axis); n != runs {
		tb.t.Errorf("%s: page 1 holds %d timelines of %d", where, n, runs)
	}
	legend := eval[[]string](tb, `[...document.querySelectorAll(".timeline-legend li")].map(li => li.textContent)`)
	for _, item := range []string{legend[0], legend[len(legend)-1]} {
		if !inPrint(pp[0], item) {
			tb.t.Errorf("%s: page 1 lacks the legend's %q", where, item)
		}
	}
}

// The printed page is a handout: the title, the cards, the timeline with
// its legend, every step's action and note, the verdict, and no control,
// on A4 and on Letter, in the page's language. Its first page carries the
// run and its picture, the timeline and the whole legend, at any step,
// and the chapter's whole run fills two pages; two runs compared, side by
// side, too. The matrix prints as its table with its legend.
func TestThePrintedPageIsAHandout(t *testing.T) {
	t.Parallel()
	letter, a4 := [2]float64{8.5, 11}, [2]float64{8.27, 11.69}
	for _, lang := range []string{"en", "ja"} {
		tb := newTab(t)
		// Printed at the step shown: the steps so far; at the last, all.
		tb.open(siteURL + "?fencing=off&step=4&lang=" + lang)
		if n := eval[int](tb, `document.querySelectorAll('[data-testid="handout-step"]').length`); n != 4 {
			t.Errorf("%s: at step 4 the handout has %d steps", lang, n)
		}
		// The shorter paper, at a step before the end and at the first.
		pictureOnPageOne(tb, printPDF(tb, letter[0], letter[1]), lang+" at step 4 on Letter", 1, 2)
		tb.key(kb.Home)
		tb.waitHook("step-counter", "1")
		pictureOnPageOne(tb, printPDF(tb, letter[0], letter[1]), lang+" at step 1 on Letter", 1, 2)
		tb.key(kb.End)
		tb.waitHook("step-counter", "7")
		// The handout, hidden on screen, follows a step when the browser
		// is idle (or as printing starts).
		idle(tb)
		notes := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="handout-step"]')].map(li => li.textContent)`)
		if len(notes) != 7 {
			t.Fatalf("%s: at the last step the handout has %d steps", lang, len(notes))
		}
		labels := eval[[]string](tb, `[...document.querySelectorAll("button, select")].map(b => b.textContent.trim()).filter(s => s.length > 3)`)
		for _, paper := range [][2]float64{a4, letter} {
			pdf := printPDF(tb, paper[0], paper[1])
			pictureOnPageOne(tb, pdf, fmt.Sprintf("%s at step 7 on %v", lang, paper), 1, 2)
			for _, want := range append(notes, tb.text("handout-verdict"), eval[string](tb, `document.getElementById("demo-title").textContent`),
				eval[string](tb, `document.querySelector(".timeline-legend li").textContent`)) {
				if !inPrint(pdf, want) {
					t.Errorf("%s on %v: the PDF lacks %q", lang, paper, want)
				}
			}
			for _, label := range labels {
				if strings.Contains(squash(pdf), squash(label)) {
					t.Errorf("%s on %v: the PDF shows the control %q", lang, paper, label)
				}
			}
		}
	}
	// Two runs compared: both timelines on the first page, level, the
	// legend they share under them.
	for _, q := range []struct {
		lang  string
		paper [2]float64
	}{{"en", a4}, {"ja", letter}} {
		tb := newTab(t)
		tb.open(siteURL + "?view=compare&step=7&lang=" + q.lang)
		pictureOnPageOne(tb, printPDF(tb, q.paper[0], q.paper[1]), fmt.Sprintf("compared, %s on %v", q.lang, q.paper), 2, 2)
	}
	tb := newTab(t)
	tb.open(siteURL + "?view=matrix&lang=en")
	pdf := printPDF(tb, 8.27, 11.69)
	for _, want := range []string{tb.text("real-legend"), eval[string](tb, `document.querySelector('[data-testid="matrix-cell"] .verdict-words').textContent`),
		eval[string](tb, `document.querySelector('[data-testid="real-mark"]').textContent`)} {
		if !inPrint(pdf, want) {
			t.Errorf("the printed matrix lacks %q", want)
		}
	}
}
