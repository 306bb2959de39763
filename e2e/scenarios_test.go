//go:build !js

package e2e

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"dlock/core"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// badgeFor is what the outcome badge shows at the end of a run with this
// verdict.
var badgeFor = map[string]string{"safe": "protected", "at-risk": "at-risk", "corrupted": "destroyed", "stuck": "stuck"}

// endBadge is the badge a run ends with, from the hand-derived tables: its
// verdict's, or "reordered" for a safe run whose holder's own writes landed
// out of order (reordered.tsv).
func endBadge(t *testing.T, cells map[string]string, cell string) string {
	t.Helper()
	for _, row := range tsv(t, "reordered.tsv") {
		if row["scenario"]+"/"+row["strategy"] == cell && cells[cell] == "safe" {
			return "reordered"
		}
	}
	return badgeFor[cells[cell]]
}

// pick chooses an option of a select the way a person does, and waits for
// the page to follow.
func (tb *tab) pick(testid, value string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(() => { const s = document.querySelector('[data-testid=%q]'); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, testid, value))
	tb.waitHook(testid, value)
}

// matrixFromPage reads the verdict cells of the matrix view.
func matrixFromPage(t *testing.T) map[string]string {
	tb := newTab(t)
	tb.open(siteURL + "?view=matrix&lang=en")
	cells := eval[[][3]string](tb, `[...document.querySelectorAll('[data-testid="matrix-cell"]')].map(c => [c.dataset.scenario, c.dataset.strategy, c.dataset.value])`)
	out := map[string]string{}
	for _, c := range cells {
		out[c[0]+"/"+c[1]] = c[2]
	}
	return out
}

// handMatrix is core/testdata/matrix.tsv, the matrix derived by hand:
// "scenario/strategy" → verdict.
func handMatrix(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, row := range tsv(t, "matrix.tsv") {
		for _, st := range core.Strategies() {
			out[row["scenario"]+"/"+string(st)] = row[string(st)]
		}
	}
	return out
}

func TestMatrixCellsAreTheHandDerivedVerdicts(t *testing.T) {
	t.Parallel()
	cells, want := matrixFromPage(t), handMatrix(t)
	if n := len(core.Scenarios()) * len(core.Strategies()); len(cells) != n || len(want) != n {
		t.Fatalf("the matrix has %d cells, the hand-derived one %d; want %d", len(cells), len(want), n)
	}
	for key, w := range want {
		if got := cells[key]; got != w {
			t.Errorf("matrix %s = %q, derived by hand %q", key, got, w)
		}
	}
}

// Every scenario, chosen with the picker, walks to its end under the plain
// lock with the keyboard, its timeline growing a mark a step, and ends as
// the hand-derived matrix says; the picker then shows its end under every
// other row. Three tabs share the scenarios.
func TestEveryScenarioStepsToTheMatrixVerdict(t *testing.T) {
	t.Parallel()
	cells := handMatrix(t)
	const tabs = 3
	for group := range tabs {
		t.Run(fmt.Sprint("tab ", group+1), func(t *testing.T) {
			t.Parallel()
			tb := newTabFor(t, 3*tabTimeout, browser)
			tb.open(siteURL + "?lang=en&strategy=no-ttl")
			for i, sc := range core.Scenarios() {
				if i%tabs == group {
					walkToTheVerdict(t, tb, cells, sc)
				}
			}
		})
	}
}

// walkToTheVerdict chooses sc under the plain lock, walks it and checks
// its end under every row.
func walkToTheVerdict(t *testing.T, tb *tab, cells map[string]string, sc core.Scenario) {
	t.Helper()
	tb.pick("strategy-picker", string(core.NoTTL))
	if tb.hook("scenario-picker") != sc.ID {
		tb.pick("scenario-picker", sc.ID)
	}
	// From its first step.
	tb.key(kb.Home)
	tb.waitHook("step-counter", "1")
	total := sc.Frames()
	if got := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.total`); got != strconv.Itoa(total) {
		t.Fatalf("%s: data-total = %s, want %d", sc.ID, got, total)
	}
	// Walk to the end with the keyboard, checking the timeline as
	// it goes: one event per step, the current one highlighted.
	frames, _ := core.Replay(sc, core.NoTTL)
	for step := 1; step <= total; step++ {
		if step > 1 {
			tb.key(kb.ArrowRight)
			tb.waitHook("step-counter", strconv.Itoa(step))
		}
		// The marks of the steps so far, in order, and nothing
		// drawn for a later step.
		got := eval[struct {
			Events [][2]string `json:"events"`
			Later  int         `json:"later"`
			Badge  string      `json:"badge"`
		}](tb, `(() => {
			const tl = document.querySelector('[data-testid="timeline"]');
			return {
				events: [...tl.querySelectorAll('[data-testid="timeline-event"]')].map(e => [e.dataset.kind, e.dataset.step]),
				later: [...tl.querySelectorAll('[data-step]')].filter(e => +e.dataset.step > `+strconv.Itoa(step)+`).length,
				badge: document.querySelector('[data-testid="outcome-badge"]')?.getAttribute("data-value") ?? "<missing>",
			};
		})()`)
		events := got.Events
		if len(events) != step-1 {
			t.Fatalf("%s step %d: %d timeline events, want %d", sc.ID, step, len(events), step-1)
		}
		for i, e := range events {
			f := frames[i+1]
			if e[0] != string(f.Event.Kind) || e[1] != strconv.Itoa(f.Step) {
				t.Errorf("%s: timeline event %d is %v, want %s at step %d", sc.ID, i, e, f.Event.Kind, f.Step)
			}
		}
		if got.Later != 0 {
			t.Errorf("%s at step %d, %d elements of later steps are drawn", sc.ID, step, got.Later)
		}
		// The run ends as the hand-derived matrix says (the page's
		// tests write out whole runs' badges); before its end nothing
		// is "protected" yet.
		if want := endBadge(t, cells, sc.ID+"/no-ttl"); step == total && got.Badge != want {
			t.Errorf("%s step %d: badge %s, the matrix says %s", sc.ID, step, got.Badge, want)
		}
		if step < total && got.Badge == "protected" {
			t.Errorf("%s step %d of %d: the run is called protected before it ended", sc.ID, step, total)
		}
	}
	// The other strategies, by the picker, at the last step.
	for _, st := range core.Strategies() {
		tb.pick("strategy-picker", string(st))
		if got := tb.hook("step-counter"); got != strconv.Itoa(total) {
			t.Errorf("%s under %s: switching strategy moved to step %s", sc.ID, st, got)
		}
		want := endBadge(t, cells, sc.ID+"/"+string(st))
		if got := tb.hook("outcome-badge"); got != want {
			t.Errorf("%s under %s: badge at the end %q, matrix says %q", sc.ID, st, got, want)
		}
	}
	if sc.ID != "gc-pause" {
		tb.waitJS(`new URLSearchParams(location.search).get("scenario") === "` + sc.ID + `"`)
	}
}

func TestScenarioPickerStartsTheNewStory(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?step=5&lang=en")
	tb.pick("scenario-picker", "heartbeat")
	tb.waitHook("step-counter", "1")
	if total := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.total`); total != "13" {
		t.Errorf("heartbeat has %s frames on the page, want 13", total)
	}
	tb.waitSearch("scenario=heartbeat&fencing=on&step=1&lang=en")
	// Keys pressed in the picker belong to it, not to the page: F typed
	// there does not toggle fencing (and no scenario's name starts with F,
	// so the picker ignores it too). The same key pressed outside does:
	// fencing goes off, which it would not had the first F toggled it.
	eval[bool](tb, `(document.querySelector('[data-testid="scenario-picker"]').focus(), true)`)
	tb.key("f")
	eval[bool](tb, `(document.activeElement.blur(), true)`)
	tb.key("f")
	tb.waitHook("fencing-switch", "off")
	if got := tb.hook("scenario-picker"); got != "heartbeat" {
		t.Errorf("F in the picker changed the scenario to %s", got)
	}
}

func TestUnknownScenarioFallsBackWithANotice(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=nope&step=3")
	if got := tb.hook("url-notice"); got != "scenario" {
		t.Fatalf("url-notice = %q, want scenario", got)
	}
	if got := tb.hook("scenario-picker"); got != "gc-pause" {
		t.Errorf("scenario %q, want the default gc-pause", got)
	}
	checkStep(t, tb, bookHooks(true)[2], "step 3 of the default scenario")
	for _, q := range []string{"strategy=optimism", "view=table", "view=compare&vs=maybe"} {
		tb.open(siteURL + "?" + q)
		want := strings.SplitN(strings.Split(q, "&")[len(strings.Split(q, "&"))-1], "=", 2)[0]
		if got := tb.hook("url-notice"); got != want {
			t.Errorf("%s: url-notice = %q, want %q", q, got, want)
		}
	}
}

func TestCompareColumnsStepTogether(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=compare&lang=en")
	pair := [2]core.Strategy{core.LeaseFencing, core.Lease}
	column := func(side, id string) string {
		return eval[string](tb, fmt.Sprintf(`document.querySelector('[data-testid="compare-%s"] [data-testid=%q]')?.getAttribute("data-value") ?? "<missing>"`, side, id))
	}
	for i, side := range []string{"left", "right"} {
		if got := eval[string](tb, `document.querySelector('[data-testid="compare-`+side+`"]').dataset.value`); got != string(pair[i]) {
			t.Fatalf("%s column shows %s, want %s", side, got, pair[i])
		}
	}
	for step := 1; step <= 7; step++ {
		if step > 1 {
			tb.click("btn-advance")
			tb.waitHook("step-counter", strconv.Itoa(step))
		}
		for i, side := range []string{"left", "right"} {
			book := bookHooks(pair[i].Fenced())[step-1]
			for _, id := range []string{"lock-holder", "resource-data", "outcome-badge", "action-actor"} {
				if got, want := column(side, id), book[id]; got != want {
					t.Errorf("step %d %s column: %s = %q, want %q", step, side, id, got, want)
				}
			}
		}
	}
	if column("left", "outcome-badge") != "protected" || column("right", "outcome-badge") != "destroyed" {
		t.Error("at the end the columns must fork: protected against destroyed")
	}
	// F does nothing here: there is no single fencing switch.
	tb.key("f")
	tb.key(kb.Home)
	tb.waitHook("step-counter", "1")
	if got := eval[string](tb, `document.querySelector('[data-testid="compare-left"]').dataset.value`); got != "lease-fencing" {
		t.Errorf("F changed the compare view's strategy to %s", got)
	}
	// The right column can be changed; the URL keeps both.
	tb.pick("versus-picker", "consensus")
	tb.waitSearch("view=compare&vs=consensus&fencing=on&step=1&lang=en")
}

func TestMatrixCellOpensThatRun(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=matrix&lang=en")
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="matrix-cell"][data-scenario="counter-reset"][data-strategy="consensus"] a`)))
	tb.waitJS(`document.querySelector('[data-testid="app"]')?.dataset.view === "demo" && document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	if got := tb.hook("scenario-picker"); got != "counter-reset" {
		t.Errorf("scenario %s", got)
	}
	if got := tb.hook("strategy-picker"); got != "consensus" {
		t.Errorf("strategy %s", got)
	}
	// A safe run opens at its last step: nothing decided it earlier.
	tb.waitHook("step-counter", "8")
	tb.waitHook("outcome-badge", "protected")
	// The browser's back button returns to the matrix.
	eval[bool](tb, `(history.back(), true)`)
	tb.waitJS(`document.querySelector('[data-testid="app"]')?.dataset.view === "matrix"`)
	// A run that is corrupted opens at the step that corrupts it, and one
	// that ends corrupted after being at risk at the step that corrupts it.
	for _, c := range [][3]string{{"gc-pause", "lease", "7"}, {"fenced-read", "consensus-unfenced", "8"}, {"crash-no-ttl", "no-ttl", "4"}} {
		tb.open(siteURL + "?view=matrix&lang=en")
		tb.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-testid="matrix-cell"][data-scenario=%q][data-strategy=%q] a`, c[0], c[1]))))
		tb.waitJS(`document.querySelector('[data-testid="app"]')?.dataset.view === "demo" && document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
		tb.waitHook("step-counter", c[2])
	}
}

// The matrix reads at a glance: seven columns fit a laptop screen, no
// verdict breaks across lines (安/全 was seen), and the cells look like
// links (underlined), in both languages; on a phone it scrolls sideways
// rather than breaking words.
func TestMatrixReadsAtAGlance(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"ja", "en"} {
		for _, width := range []int64{1280, 390} {
			tb := newTab(t)
			tb.viewport(width, 900)
			tb.open(siteURL + "?view=matrix&lang=" + lang)
			broken := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="matrix-cell"] .verdict-words, [data-testid="matrix-cell"] .verdict-harm')].filter(e => e.getClientRects().length !== 1 || e.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(e).lineHeight || 20)).map(e => e.textContent)`)
			if len(broken) > 0 {
				t.Errorf("%s at %d px: %d verdicts break across lines, as %q", lang, width, len(broken), broken[0])
			}
			underlined := eval[bool](tb, `[...document.querySelectorAll('[data-testid="matrix-cell"] a')].every(a => getComputedStyle(a).textDecorationLine.includes("underline"))`)
			if !underlined {
				t.Errorf("%s at %d px: a matrix cell does not look like a link", lang, width)
			}
			if width == 1280 {
				fits := eval[bool](tb, `(() => { const s = document.querySelector('[data-testid="matrix"]'); return s.scrollWidth <= s.clientWidth + 1; })()`)
				if !fits {
					t.Errorf("%s at 1280 px: the matrix does not fit the screen", lang)
				}
			}
		}
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Redlock's lock card shows its five nodes, each by its own clock: after
// node 3's clock jumps, A holds nodes 1-2, B nodes 3-5.
func TestRedlockShowsEveryNodeByItsOwnClock(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=clock-jump&strategy=redlock&step=5&lang=en")
	want := map[string]string{
		"lock-nodes": "5", "lock-holder": "none", "lock-token": "none",
		"lock-node-1-holder": "A", "lock-node-2-holder": "A", "lock-node-3-holder": "none",
		"lock-node-4-holder": "none", "lock-node-5-holder": "none",
		"lock-node-1-clock": "3", "lock-node-3-clock": "10", "client-A-token": "none",
	}
	got := tb.hooks()
	for id, w := range want {
		if got[id] != w {
			t.Errorf("after the jump: %s = %q, want %q", id, got[id], w)
		}
	}
	if a := eval[string](tb, `document.querySelector('[data-testid="client-A-token"]').dataset.grant`); a != "1" {
		t.Errorf("A believes in grant %q, want 1 (a lock without a token)", a)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("lock-holder", "B")
	for n, w := range []string{"A", "A", "B", "B", "B"} {
		if got := tb.hook(fmt.Sprintf("lock-node-%d-holder", n+1)); got != w {
			t.Errorf("after B's acquire node %d holds for %q, want %q", n+1, got, w)
		}
	}
	tb.key(kb.End)
	tb.waitHook("outcome-badge", "destroyed")
	if note := tb.text("step-note"); !strings.Contains(note, "overwrites a newer holder's value") {
		t.Errorf("the last note %q does not say what was destroyed", note)
	}
}

// Two resources, two cards: fencing refuses A's old token where B wrote and
// lets it through where B did not. Nothing is destroyed (B never touched
// row-43), so the run is at risk, and the page says so in words and says
// that A's update is torn.
func TestTwoResourcesHaveACardEach(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=two-resources&strategy=consensus&step=8&lang=en")
	if got := tb.hook("action-result"); got != "accepted" {
		t.Errorf("A's late write to row-43: %s", got)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "9")
	want := map[string]string{
		"resource-data": "B-value", "resource-max-token": "2",
		"resource-data-row-43": "A-STALE", "resource-max-token-row-43": "1",
		"action-result": "rejected", "outcome-badge": "at-risk",
	}
	got := tb.hooks()
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s = %q, want %q", id, got[id], w)
		}
	}
	if badge := tb.text("outcome-badge"); !strings.Contains(badge, "△") || !strings.Contains(badge, "At risk") {
		t.Errorf("the badge reads %q, want an icon and words", badge)
	}
	tb.open(siteURL + "?scenario=two-resources&strategy=consensus&step=1&lang=en")
	if shows := tb.text("scenario-shows"); !strings.Contains(shows, "A's update is torn") {
		t.Errorf("the scenario's words %q do not say the update is torn", shows)
	}
}

// A lock service whose clock runs ahead shows both clocks.
func TestServiceClockAheadOfTheClients(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=clock-jump&strategy=consensus&step=4&lang=en")
	if got := tb.hook("clients-now"); got != "<missing>" {
		t.Errorf("before the jump the clients' clock is shown (%s)", got)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("lock-now", "10")
	if got := tb.hook("clients-now"); got != "3" {
		t.Errorf("after the jump clients-now = %s, want 3", got)
	}
}

// The timeline is drawn to scale: time is the x axis, every tick of time
// passing as wide as the next, the ticks in order; the steps of one time
// each in a column of their own, at least a mark's hit width, left to
// right in their order, within the stretch of the axis where that time
// stands still; text at a legible size that does not shrink with the
// width (the drawing scrolls instead); and the write that destroys a
// newer holder's value named in red.
func TestTimelineIsToScale(t *testing.T) {
	t.Parallel()
	for _, width := range []int64{1280, 390} {
		tb := newTab(t)
		tb.viewport(width, 900)
		// One page, its picker choosing each run and End its last step.
		tb.open(siteURL + "?lang=en&strategy=lease")
		for _, sc := range core.Scenarios() {
			frames, _ := core.Replay(sc, core.Lease)
			tb.pick("scenario-picker", sc.ID)
			tb.key(kb.End)
			tb.waitHook("step-counter", strconv.Itoa(len(frames)))
			got := eval[map[string]any](tb, `(() => {
				const tl = document.querySelector('[data-testid="timeline"]');
				const ticks = [...tl.querySelectorAll('[data-testid="timeline-tick"]')].map(e => [+e.dataset.t, +e.getAttribute("x1")]);
				const still = Object.fromEntries([...tl.querySelectorAll('[data-testid="timeline-still"]')].map(e => [e.dataset.t, [+e.getAttribute("x"), +e.getAttribute("x") + +e.getAttribute("width")]]));
				const events = [...tl.querySelectorAll('[data-testid="timeline-event"]')].map(e => { const h = e.querySelector(".tl-hit"); return [+e.dataset.step, +e.dataset.t, +e.dataset.x, +h.getAttribute("x"), +h.getAttribute("width")]; });
				const svg = tl.querySelector("svg.timeline-svg");
				const sizes = [...tl.querySelectorAll("svg text")].map(e => parseFloat(getComputedStyle(e).fontSize));
				return {ticks, still, events, scale: svg.getBoundingClientRect().width / +svg.getAttribute("width"), minFont: Math.min(...sizes)};
			})()`)
			ticks, _ := got["ticks"].([]any)
			tickX := map[int]float64{}
			for i, raw := range ticks {
				p := raw.([]any)
				tt, x := int(p[0].(float64)), p[1].(float64)
				tickX[tt] = x
				if i > 0 && (x <= ticks[i-1].([]any)[1].(float64) || tt != int(ticks[i-1].([]any)[0].(float64))+1) {
					t.Fatalf("%s: the tick of t=%d (x=%v) does not follow the tick before", sc.ID, tt, x)
				}
			}
			still, _ := got["still"].(map[string]any)
			// Where no step happened, a tick of time passing is 32 px; where
			// some did, their stretch comes first.
			for tt := range tickX {
				next, ok := tickX[tt+1]
				if !ok {
					continue
				}
				span := 0.0
				if s, ok := still[strconv.Itoa(tt)].([]any); ok {
					span = s[1].(float64) - s[0].(float64)
				}
				if gap := next - tickX[tt] - span; gap != 32 {
					t.Errorf("%s: from t=%d to t=%d, time passes over %v px besides its %v px of steps, want 32", sc.ID, tt, tt+1, gap, span)
				}
			}
			events, _ := got["events"].([]any)
			if len(events) != len(frames)-1 {
				t.Fatalf("%s: %d events drawn, want %d", sc.ID, len(events), len(frames)-1)
			}
			var prevEnd float64
			for i, raw := range events {
				e := raw.([]any)
				step, tt, x, col, w := int(e[0].(float64)), int(e[1].(float64)), e[2].(float64), e[3].(float64), e[4].(float64)
				f := frames[i+1]
				if step != f.Step {
					t.Fatalf("%s: event %d is step %d", sc.ID, i, step)
				}
				if want := frames[i].Clock; tt != want {
					t.Errorf("%s step %d: drawn at t=%d, the run says t=%d", sc.ID, step, tt, want)
				}
				s, _ := still[strconv.Itoa(tt)].([]any)
				if len(s) != 2 || col < s[0].(float64) || col+w > s[1].(float64) {
					t.Errorf("%s step %d: its column [%v, %v] is outside the stretch of t=%d %v", sc.ID, step, col, col+w, tt, s)
				}
				if w < 24 || x < col || x > col+w {
					t.Errorf("%s step %d: a column %v px wide, its mark at %v", sc.ID, step, w, x)
				}
				if col < prevEnd {
					t.Errorf("%s step %d: its column begins at %v, inside the one before (ends %v)", sc.ID, step, col, prevEnd)
				}
				prevEnd = col + w
			}
			if scale := got["scale"].(float64); scale < 0.99 || scale > 1.01 {
				t.Errorf("%s at %d px: the drawing is scaled by %.2f", sc.ID, width, scale)
			}
			if min := got["minFont"].(float64); min < 12 {
				t.Errorf("%s at %d px: timeline text at %.1f px", sc.ID, width, min)
			}
		}
		// The climax is named, in red.
		tb.open(siteURL + "?lang=en&fencing=off&step=7")
		climax := eval[[2]string](tb, `(() => { const e = document.querySelector('[data-testid="timeline"] text.tl-climax'); return e ? [e.textContent, getComputedStyle(e).fill] : ["", ""]; })()`)
		if climax[0] != "✗ destroys B's value" || !strings.HasPrefix(climax[1], "rgb(163, 22, 27)") {
			t.Errorf("at %d px the climax reads %q in %s", width, climax[0], climax[1])
		}
	}
}

// The timeline's download, clicked as a person does, writes a standalone
// SVG of the run at its step: well-formed, with its own namespace and
// inline styles, nothing fetched from elsewhere, the climax in it.
func TestTimelineDownloadsAsAStandaloneSVG(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tb := newTab(t)
	events := true
	if _, err := chromedp.CallBrowser(tb.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &events,
	}); err != nil {
		t.Fatal(err)
	}
	tb.open(siteURL + "?lang=en&fencing=off&step=7")
	name := eval[string](tb, `document.querySelector('[data-testid="timeline-download"]').dataset.file`)
	if name != "dlock-gc-pause-lease-step7-en.svg" {
		t.Errorf("the download is named %q", name)
	}
	tb.click("timeline-download")
	path := filepath.Join(dir, name)
	var data []byte
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			data = b
			break
		}
	}
	if data == nil {
		t.Fatalf("nothing was downloaded to %s", path)
	}
	var root struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
	}
	if err := xml.Unmarshal(data, &root); err != nil {
		t.Fatalf("the SVG is not well-formed XML: %v", err)
	}
	text := string(data)
	switch {
	case root.XMLName.Space != "http://www.w3.org/2000/svg" || root.XMLName.Local != "svg":
		t.Errorf("the root is %v, want an svg in the SVG namespace", root.XMLName)
	case !strings.Contains(text, "destroys B's value"):
		t.Error("the SVG does not name the write that destroys B's value")
	case !strings.Contains(text, `style="`) || !strings.Contains(text, "fill:"):
		t.Error("the SVG carries no styles of its own")
	case strings.Contains(text, "http://127.0.0.1") || strings.Contains(text, "url(http"):
		t.Error("the SVG refers to the site")
	}
}

// A run wider than the screen scrolls its timeline sideways to keep the
// current step in sight, as the reader steps and when a link opens at a
// late step.
func TestTimelineKeepsTheCurrentStepInSight(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.viewport(390, 900)
	tb.open(siteURL + "?scenario=heartbeat&step=13&lang=en")
	const inSight = `(() => {
		const region = document.querySelector('[data-testid="timeline"] .timeline-scroll');
		const r = region.getBoundingClientRect(), c = region.querySelector(".tl-current").getBoundingClientRect();
		return region.scrollWidth > region.clientWidth + 100 && c.left >= r.left - 1 && c.right <= r.right + 1;
	})()`
	tb.waitJS(inSight)
	tb.key(kb.Home)
	tb.waitHook("step-counter", "1")
	tb.waitJS(inSight)
	for range 8 {
		tb.key(kb.ArrowRight)
	}
	tb.waitHook("step-counter", "9")
	tb.waitJS(inSight)
}

// The failover under lease-fencing: before it the card shows the replica
// behind its primary, without A's grant; after it, the replica is the
// primary with its counter at 0; and when B is granted, the card says at a
// glance that A holds the same token. Under consensus the card shows the
// leader change, and the timeline marks where A's lease would have ended.
func TestFailoverShowsTheReplicaAndTheSameTokenTwice(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=failover&strategy=lease-fencing&step=4&lang=en")
	want := map[string]string{"lock-holder": "A", "lock-counter": "1", "lock-replica": "behind", "lock-failover": "<missing>", "lock-token-twice": "<missing>"}
	for id, w := range want {
		if got := tb.hook(id); got != w {
			t.Errorf("before the failover: %s = %q, want %q", id, got, w)
		}
	}
	if text := tb.text("lock-replica"); !strings.Contains(text, "as of t=0: free, counter 0") || !strings.Contains(text, "⚠ behind") {
		t.Errorf("the replica reads %q", text)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "5")
	want = map[string]string{"lock-holder": "none", "lock-counter": "0", "lock-replica": "<missing>"}
	for id, w := range want {
		if got := tb.hook(id); got != w {
			t.Errorf("after the failover: %s = %q, want %q", id, got, w)
		}
	}
	if text := tb.text("lock-failover"); !strings.Contains(text, "replica promoted") {
		t.Errorf("the failover reads %q", text)
	}
	if action := eval[string](tb, `document.querySelector('.action').textContent`); !strings.Contains(action, "Failover → replica promoted (counter 0)") || !strings.Contains(action, "loses what came after the last sync") {
		t.Errorf("the failover's action line reads %q", action)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("lock-holder", "B")
	if got, text := tb.hook("lock-token-twice"), tb.text("lock-token-twice"); got != "A" || text != "⚠ A has token 1 too" {
		t.Errorf("B granted token 1: the card says %q (%q)", text, got)
	}
	if got := tb.hook("client-A-token"); got != "1" {
		t.Errorf("A's token %q", got)
	}
	tb.key(kb.End)
	tb.waitHook("outcome-badge", "destroyed")

	tb.open(siteURL + "?scenario=failover&strategy=consensus&step=5&lang=en")
	if got, text := tb.hook("lock-expiry"), tb.text("lock-failover"); got != "16" || !strings.Contains(text, "new leader") {
		t.Errorf("after the leader change: expiry %q, %q", got, text)
	}
	mark := eval[string](tb, `(() => { const m = document.querySelector('[data-testid="timeline-would-end"]'); return m ? m.dataset.t + " " + m.querySelector('title').textContent : "none" })()`)
	if mark != "10 Without the failover, A's lease would have ended at t=10" {
		t.Errorf("the timeline's mark of where the lease would have ended: %q", mark)
	}
	tb.open(siteURL + "?scenario=failover&strategy=consensus&step=4&lang=en")
	if n := eval[int](tb, `document.querySelectorAll('[data-testid="timeline-would-end"]').length`); n != 0 {
		t.Errorf("before the failover the timeline already marks the stretch (%d)", n)
	}
}
