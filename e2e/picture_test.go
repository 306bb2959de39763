//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dlock/core"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axNames is every name and description in the page's accessibility tree.
func axNames(tb *tab) []string {
	tb.t.Helper()
	res, err := chromedp.Call(tb.ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		tb.t.Fatal(err)
	}
	// Asking for the tree turns the renderer's accessibility on, which
	// would slow every page of the browser the tests share from then on.
	if _, err := chromedp.Call(tb.ctx, accessibility.Disable, cdp.Empty{}); err != nil {
		tb.t.Fatal(err)
	}
	var out []string
	for _, n := range res.Nodes {
		if n.Ignored {
			continue
		}
		for _, v := range []*accessibility.Value{n.Name, n.Description} {
			if v != nil && len(v.Value) > 0 {
				out = append(out, string(v.Value))
			}
		}
	}
	return out
}

// axRoleNames is the name of every element of that role in the page's
// accessibility tree.
func axRoleNames(tb *tab, role string) []string {
	tb.t.Helper()
	res, err := chromedp.Call(tb.ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		tb.t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, accessibility.Disable, cdp.Empty{}); err != nil {
		tb.t.Fatal(err)
	}
	str := func(v *accessibility.Value) string {
		var s string
		if v != nil {
			json.Unmarshal([]byte(v.Value), &s)
		}
		return s
	}
	var out []string
	for _, n := range res.Nodes {
		if !n.Ignored && str(n.Role) == role {
			out = append(out, str(n.Name))
		}
	}
	return out
}

// The timeline tells the story in order: at step 1 of the chapter's run
// nothing of a later step is drawn, in the drawing, its table or the
// accessibility tree; at step 3 the marks of steps 2 and 3 are, and still
// nothing after. Shown whole (future=1), every step is drawn, the later
// ones faded.
func TestTheTimelineTellsTheStoryInOrder(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	for _, lang := range []string{"en", "ja"} {
		tb.open(siteURL + "?fencing=off&lang=" + lang)
		if n := eval[int](tb, `document.querySelectorAll('[data-testid="timeline"] [data-step]:not([data-step="1"])').length`); n != 0 {
			t.Errorf("%s: at step 1, %d elements of later steps are drawn", lang, n)
		}
		if rows := eval[int](tb, `document.querySelectorAll('[data-testid="transcript"] tbody tr').length`); rows != 1 {
			t.Errorf("%s: at step 1 the table lists %d events", lang, rows)
		}
		later := regexp.MustCompile(`\b[2-7]\. t=|A-value|A-STALE|B-value|acq [12]|refused|destroys|拒否|破壊`)
		for _, name := range axNames(tb) {
			if later.MatchString(name) {
				t.Errorf("%s: at step 1 the accessibility tree has %q", lang, name)
			}
		}
	}
	tb.open(siteURL + "?fencing=off&lang=en&step=3")
	steps := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="timeline-event"]')].map(e => e.dataset.step)`)
	if strings.Join(steps, " ") != "2 3" {
		t.Errorf("at step 3 the marks of steps %v are drawn", steps)
	}
	if n := eval[int](tb, `[...document.querySelectorAll('[data-testid="timeline"] [data-step]')].filter(e => +e.dataset.step > 3).length`); n != 0 {
		t.Errorf("at step 3, %d elements of later steps are drawn", n)
	}
	// The next step adds its mark, by key.
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "4")
	tb.waitJS(`document.querySelectorAll('[data-testid="timeline-event"]').length === 3`)
	tb.open(siteURL + "?fencing=off&lang=en&step=3&future=1")
	if got := tb.hook("timeline-future-toggle"); got != "on" {
		t.Errorf("future=1 shows the toggle %s", got)
	}
	faded := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="timeline-event"]')].map(e => e.dataset.step + (e.classList.contains("tl-later") ? "~" : ""))`)
	if strings.Join(faded, " ") != "2 3 4~ 5~ 6~ 7~" {
		t.Errorf("shown whole at step 3, the marks read %v", faded)
	}
}

// labelClashes lists the pairs of visible labels on the timeline that
// overlap, and the event labels drawn over a bar (a lease, a pause, a
// crash), with a pixel of tolerance.
const labelClashes = `(() => {
	const svg = document.querySelector('[data-testid="timeline"] svg.timeline-svg');
	const box = e => e.getBoundingClientRect();
	const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	const visible = e => getComputedStyle(e).display !== "none" && box(e).width > 0;
	const labels = [...svg.querySelectorAll(".tl-progress text, .tl-drawing text")].filter(visible);
	const bars = [...svg.querySelectorAll(".tl-lease rect, .tl-pause rect, .tl-crash rect")].filter(visible);
	const out = [];
	for (let i = 0; i < labels.length; i++) {
		for (let j = i + 1; j < labels.length; j++) {
			if (hit(box(labels[i]), box(labels[j]))) out.push(labels[i].textContent + " × " + labels[j].textContent);
		}
		if (!labels[i].classList.contains("tl-ev-label")) continue;
		for (const b of bars) {
			if (hit(box(labels[i]), box(b))) out.push(labels[i].textContent + " over a " + b.parentElement.getAttribute("class"));
		}
	}
	return out;
})()`

// The decisive moment has room: at step 7 of the chapter's run the marks
// of steps 4 to 7, which all happen at t=10, are at least a mark's hit
// width (24 px) apart; no two labels overlap, and no label of an event lies
// over a bar; the same holds at the end of every run under every row, in
// both languages; and the legend explains the tick marker.
func TestTheClimaxHasRoom(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	for _, q := range []string{"fencing=off&lang=en", "fencing=on&lang=ja"} {
		tb.open(siteURL + "?step=7&" + q)
		xs := eval[[]float64](tb, `[4, 5, 6, 7].map(s => { const r = document.querySelector('[data-testid="timeline-event"][data-step="' + s + '"] .tl-hit').getBoundingClientRect(); return r.left + 12; })`)
		for i := 1; i < len(xs); i++ {
			if d := xs[i] - xs[i-1]; d < 24 {
				t.Errorf("%s: the marks of steps %d and %d are %.0f px apart", q, i+3, i+4, d)
			}
		}
		if clashes := eval[[]string](tb, labelClashes); len(clashes) > 0 {
			t.Errorf("%s at step 7: %v", q, clashes)
		}
	}
	tb.open(siteURL + "?lang=en&scenario=heartbeat&step=4")
	if !strings.Contains(eval[string](tb, `document.querySelector('[data-testid="timeline-legend"]').textContent`), "▾+6: 6 ticks pass on every clock") {
		t.Error("the legend does not explain ▾+N")
	}
	// The end of every run, under the row whose labels name the climax
	// (lease) and the one that names the refusals (consensus), in the
	// language with the wider labels.
	// One page, its pickers choosing each run and End its last step.
	all := newTabFor(t, 3*tabTimeout, browser)
	all.open(siteURL + "?lang=ja")
	for _, sc := range core.Scenarios() {
		all.pick("scenario-picker", sc.ID)
		for _, st := range []core.Strategy{core.Lease, core.Consensus} {
			all.pick("strategy-picker", string(st))
			all.key(kb.End)
			all.waitHook("step-counter", strconv.Itoa(sc.Frames()))
			if clashes := eval[[]string](all, labelClashes); len(clashes) > 0 {
				t.Errorf("%s under %s, last step: %v", sc.ID, st, clashes)
			}
		}
	}
}

// The lane names stay in view: at partitioned-holder's last step, the
// timeline scrolled to it on a narrow screen, the names of the lanes are
// inside the timeline's visible box.
func TestLaneNamesStayInView(t *testing.T) {
	t.Parallel()
	for _, width := range []int64{390, 1280} {
		tb := newTab(t)
		tb.viewport(width, 844)
		tb.open(siteURL + "?scenario=partitioned-holder&strategy=consensus&step=10&lang=en")
		tb.waitJS(`(() => { const r = document.querySelector('[data-testid="timeline"] .timeline-scroll'); return r.scrollWidth <= r.clientWidth || r.scrollLeft > 0; })()`)
		got := eval[[]string](tb, `(() => {
			const frame = document.querySelector('[data-testid="timeline"] .timeline-frame').getBoundingClientRect();
			return [...document.querySelectorAll('[data-testid="timeline-names"] text')].filter(e => {
				const r = e.getBoundingClientRect();
				return r.width > 0 && r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom;
			}).map(e => e.textContent);
		})()`)
		if strings.Join(got, " ") != "A B lock row-42" {
			t.Errorf("at %d px the lane names in view are %v", width, got)
		}
	}
}

// On a phone, a tap on "Advance one step" leaves what changed in view: the
// step, its action and its result, pinned to the foot of the screen with
// the buttons that step on.
func TestAPhoneTapShowsWhatChanged(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.asPhone()
	tb.open(siteURL + "?fencing=on&step=6&lang=ja")
	tb.click("btn-advance")
	tb.waitHook("step-counter", "7")
	tb.waitHook("dock-result", "rejected")
	inView := `(() => { const r = document.querySelector('[data-testid="%s"]').getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`
	for _, id := range []string{"dock-result", "dock-counter", "dock-next"} {
		if !eval[bool](tb, fmt.Sprintf(inView, id)) {
			t.Errorf("after the tap, %s is not in view", id)
		}
	}
	if got, want := tb.text("dock-result"), tb.text("action-result"); got != want {
		t.Errorf("the pinned result reads %q, the action line's %q", got, want)
	}
	// What is on top at the result's place is the result: nothing covers it.
	if !eval[bool](tb, `(() => { const e = document.querySelector('[data-testid="dock-result"]'), r = e.getBoundingClientRect(); return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })()`) {
		t.Error("the pinned result is covered")
	}
	// Its ◀ steps back, by a tap too.
	tb.click("dock-prev")
	tb.waitHook("step-counter", "6")
	if got := tb.hook("dock-counter"); got != "6" {
		t.Errorf("the pinned counter reads %s", got)
	}
	// A wide screen has no pinned bar.
	wide := newTab(t)
	wide.open(siteURL + "?step=6&lang=en")
	if shown := eval[bool](wide, `getComputedStyle(document.querySelector('[data-testid="step-dock"]')).display !== "none"`); shown {
		t.Error("the pinned bar is shown at 1280 px")
	}
}

// inViewport reports, for each element the selector finds, whether it is
// wholly on screen.
func inViewport(tb *tab, sel string) []bool {
	tb.t.Helper()
	return eval[[]bool](tb, `[...document.querySelectorAll('`+sel+`')].map(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; })`)
}

// The projector view fits one 16:9 screen, at 1280×720 and 1920×1080: the
// page does not scroll; the cards, the action's result, the note, the step
// counter and the timeline are on screen, in one run, two side by side and
// free play; the current value and the result tag are at least 1.5 times
// their size off the projector, and one run's timeline labels 1.25 times,
// none over another; the fencing switch stays; P enters it,
// Escape and its button leave it, and a reload keeps it; the matrix fits the
// width, and the search can be started.
func TestProjectorView(t *testing.T) {
	t.Parallel()
	screens := [][2]int64{{1280, 720}, {1920, 1080}}
	// Each of these pages, opened once, fits both screens.
	fits := newTabFor(t, 3*tabTimeout, browser)
	for _, q := range []string{
		"fencing=on&step=7&lang=en",
		"fencing=off&step=7&lang=ja",
		"scenario=heartbeat-pause&step=9&lang=en",
		"scenario=partitioned-holder&strategy=consensus&step=10&lang=en",
		"scenario=clock-jump&strategy=redlock&step=9&lang=en",
		"scenario=two-resources&strategy=consensus&step=9&lang=ja",
		"scenario=same-token-retry&strategy=consensus&step=9&lang=en",
		"view=compare&step=7&lang=en",
		"view=compare&scenario=partitioned-holder&step=10&lang=ja",
		"view=compare&scenario=two-resources&step=9&lang=en",
		"view=play&script=A:acquire,A:write:x,A:pause:10,B:acquire,B:write:y,A:write:z&step=7&lang=en",
	} {
		fits.viewport(screens[0][0], screens[0][1])
		fits.open(siteURL + "?present=1&" + q)
		for _, size := range screens {
			// The same page on the larger screen: its layout is CSS alone.
			fits.viewport(size[0], size[1])
			where := fmt.Sprintf("%d×%d", size[0], size[1])
			if scroll := eval[[]float64](fits, `[document.documentElement.scrollWidth, document.documentElement.scrollHeight, innerWidth, innerHeight]`); scroll[0] > scroll[2] || scroll[1] > scroll[3] {
				t.Errorf("%s %s: the page scrolls (%v)", where, q, scroll)
			}
			for _, sel := range []string{".card", `[data-testid="action-result"]`, `[data-testid="step-note"]`, `[data-testid="step-counter"]`, `.timeline-svg`} {
				for i, in := range inViewport(fits, sel) {
					if !in {
						t.Errorf("%s %s: %s (%d) is not on screen", where, q, sel, i+1)
					}
				}
			}
			if h := eval[float64](fits, `Math.min(...[...document.querySelectorAll(".timeline-svg")].map(e => e.getBoundingClientRect().height))`); h < 0.1*float64(size[1]) {
				t.Errorf("%s %s: a timeline is %.0f px tall", where, q, h)
			}
			// Drawn wide, its larger labels still clear each other and the
			// bars.
			if clashes := eval[[]string](fits, labelClashes); len(clashes) > 0 {
				t.Errorf("%s %s: %v", where, q, clashes)
			}
		}
	}
	for _, size := range screens {
		tb := newTabFor(t, 3*tabTimeout, browser)
		tb.viewport(size[0], size[1])
		where := fmt.Sprintf("%d×%d", size[0], size[1])
		// One run and two side by side: every current value and result tag
		// 1.5 times its size off the projector, at the same screen; one
		// run's timeline, with room across to spare, shows its labels a
		// quarter larger or more.
		for _, v := range []struct {
			q, projected string
			labels       bool
		}{
			{"fencing=on&lang=en&step=7", "fencing=on&present=1&step=7&lang=en", true},
			{"view=compare&lang=en&step=7", "view=compare&fencing=on&present=1&step=7&lang=en", false},
		} {
			tb.open(siteURL + "?" + v.q)
			const sizes = `["resource-data", "action-result"].flatMap(id => [...document.querySelectorAll('[data-testid="' + id + '"]')].map(e => parseFloat(getComputedStyle(e).fontSize)))`
			const label = `[...document.querySelectorAll(".timeline-svg .tl-ev-label")].map(e => e.getBoundingClientRect().height)`
			plain, plainLabels := eval[[]float64](tb, sizes), eval[[]float64](tb, label)
			eval[bool](tb, `(document.activeElement.blur(), true)`)
			tb.key("p")
			tb.waitHook("btn-present", "on")
			tb.waitSearch(v.projected)
			big := eval[[]float64](tb, sizes)
			if len(big) != len(plain) || len(plain) == 0 {
				t.Fatalf("%s %s: sizes %v projected, %v without", where, v.q, big, plain)
			}
			half := len(plain) / 2 // the values, then the tags
			for i := range plain {
				what := "a current value"
				if i >= half {
					what = "a result tag"
				}
				if big[i] < 1.5*plain[i] {
					t.Errorf("%s %s: %s is %.1f px projected, %.1f px without", where, v.q, what, big[i], plain[i])
				}
			}
			if !v.labels {
				continue
			}
			bigLabels := eval[[]float64](tb, label)
			if len(bigLabels) != len(plainLabels) || len(plainLabels) == 0 {
				t.Fatalf("%s %s: labels %v projected, %v without", where, v.q, bigLabels, plainLabels)
			}
			for i := range plainLabels {
				if bigLabels[i] < 1.25*plainLabels[i] {
					t.Errorf("%s %s: a timeline label is %.1f px tall projected, %.1f px without", where, v.q, bigLabels[i], plainLabels[i])
				}
			}
		}
		tb.open(siteURL + "?fencing=on&present=1&step=7&lang=en")
		if !eval[bool](tb, `getComputedStyle(document.querySelector('[data-testid="fencing-switch"]')).display !== "none"`) {
			t.Errorf("%s: the fencing switch is hidden", where)
		}
		// The way back: Escape, and the button; P again.
		tb.open(siteURL + "?present=1&step=3&lang=en")
		tb.key(kb.Escape)
		tb.waitHook("btn-present", "off")
		tb.waitSearch("step=3&lang=en&fencing=on")
		tb.key("P")
		tb.waitHook("btn-present", "on")
		tb.waitSearch("fencing=on&present=1&step=3&lang=en")
		tb.do(chromedp.Reload())
		tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="app"]').classList.contains("present")`)
		tb.click("present-exit")
		tb.waitHook("btn-present", "off")
		// The matrix, at the width of the screen, and every row of it on
		// the screen, its heads by their short names on one line each,
		// their full names still read out.
		for _, lang := range []string{"en", "ja"} {
			tb.open(siteURL + "?present=1&view=matrix&lang=" + lang)
			if w := eval[[]float64](tb, `[document.querySelector(".matrix").getBoundingClientRect().right, document.querySelector('[data-testid="app"]').getBoundingClientRect().right, document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] || w[2] > w[3] {
				t.Errorf("%s %s: the matrix overflows the width: %v", where, lang, w)
			}
			rows := inViewport(tb, ".matrix tbody tr")
			if len(rows) != len(core.Scenarios()) {
				t.Errorf("%s %s: the matrix has %d rows", where, lang, len(rows))
			}
			for i, in := range rows {
				if !in {
					t.Errorf("%s %s: the matrix's row %d is not on screen", where, lang, i+1)
				}
			}
			if lines := eval[[]int](tb, `[...document.querySelectorAll(".matrix .strategy-short")].map(e => { const r = document.createRange(); r.selectNodeContents(e); return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; })`); len(lines) != len(core.Strategies()) || slices.Max(lines) != 1 {
				t.Errorf("%s %s: the matrix's heads take %v lines", where, lang, lines)
			}
			heads := strings.Join(axRoleNames(tb, "columnheader"), "\n")
			for _, full := range eval[[]string](tb, `[...document.querySelectorAll(".matrix thead th[title]")].map(th => th.title)`) {
				if !strings.Contains(heads, full) {
					t.Errorf("%s %s: the head %q is not read out (the heads read %q)", where, lang, full, heads)
				}
			}
		}
		tb.key(kb.Escape)
		tb.waitJS(`!document.querySelector('[data-testid="app"]').classList.contains("present")`)
		// The search, with its controls, started by a click.
		tb.open(siteURL + "?present=1&view=search&lang=en&strategy=lease&depth=5")
		tb.click("search-start")
		tb.waitJS(`document.querySelector('[data-testid="search-result"]')?.dataset.value === "found"`)
		for i, in := range inViewport(tb, `[data-testid="search-start"], [data-testid="strategy-picker"]`) {
			if !in {
				t.Errorf("%s: a search control (%d) is not on screen", where, i+1)
			}
		}
	}
}

// In print, a row of the matrix, an item of the handout and the legend are
// never split across pages, a heading stays with what follows it, and two
// runs compared are printed side by side, each part level with its
// counterpart, their one legend across both.
func TestPrintKeepsThingsWhole(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	tb.open(siteURL + "?view=matrix&lang=en")
	style := `(sel, prop) => [...document.querySelectorAll(sel)].map(e => getComputedStyle(e)[prop])`
	for sel, want := range map[string]string{".matrix tbody tr": "avoid", ".matrix td": "avoid"} {
		for _, got := range eval[[]string](tb, `(`+style+`)('`+sel+`', "breakInside")`) {
			if got != want {
				t.Errorf("in print, %s breaks %q", sel, got)
				break
			}
		}
	}
	tb.open(siteURL + "?view=compare&step=7&lang=en")
	for sel, prop := range map[string]string{".handout li": "breakInside", ".timeline-legend": "breakInside", ".handout h2": "breakAfter"} {
		for _, got := range eval[[]string](tb, `(`+style+`)('`+sel+`', "`+prop+`")`) {
			if got != "avoid" {
				t.Errorf("in print, %s has %s %q", sel, prop, got)
				break
			}
		}
	}
	// Each part of the left run level with the same part of the right.
	for _, sel := range []string{".column-head", ".cards", ".clients", ".action", ".note", ".timeline-frame"} {
		cols := eval[[][2]float64](tb, `[...document.querySelectorAll(".compare .column `+sel+`")].map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top]; })`)
		if len(cols) != 2 || cols[0][1] != cols[1][1] || cols[0][0] >= cols[1][0] {
			t.Errorf("in print the two runs' %s are not side by side: %v", sel, cols)
		}
	}
	// Their legend under both.
	if w := eval[[]float64](tb, `[document.querySelector(".compare .timeline-legend").getBoundingClientRect().width, document.querySelector(".compare").getBoundingClientRect().width]`); w[0] < 0.9*w[1] {
		t.Errorf("in print the legend is %.0f px wide under two runs %.0f px wide", w[0], w[1])
	}
	if n := eval[int](tb, `[...document.querySelectorAll(".timeline-legend")].filter(e => getComputedStyle(e).display !== "none").length`); n != 1 {
		t.Errorf("in print two compared runs show %d legends", n)
	}
	if got := strconv.Itoa(eval[int](tb, `document.querySelectorAll('[data-testid="handout-step"]').length`)); got != "14" {
		t.Errorf("the two handouts list %s steps at the last step", got)
	}
}
