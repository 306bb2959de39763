//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"dlock/core"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// badgeFor is what the outcome badge shows at the end of a run with this
// verdict.
var badgeFor = map[string]string{"safe": "protected", "corrupted": "destroyed", "stuck": "stuck"}

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

func TestMatrixCellsAreTheCoresVerdicts(t *testing.T) {
	cells := matrixFromPage(t)
	if len(cells) != len(core.Scenarios())*len(core.Strategies()) {
		t.Fatalf("the matrix has %d cells", len(cells))
	}
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			v, err := core.VerdictFor(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			if got := cells[sc.ID+"/"+string(st)]; got != string(v) {
				t.Errorf("matrix %s/%s = %q, core says %q", sc.ID, st, got, v)
			}
		}
	}
}

func TestEveryScenarioStepsToTheMatrixVerdict(t *testing.T) {
	cells := matrixFromPage(t)
	for _, sc := range core.Scenarios() {
		t.Run(sc.ID, func(t *testing.T) {
			tb := newTab(t)
			tb.open(siteURL + "?lang=en&strategy=no-ttl&scenario=" + sc.ID)
			total := sc.Frames()
			if got := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.total`); got != strconv.Itoa(total) {
				t.Fatalf("data-total = %s, want %d", got, total)
			}
			// Walk to the end with the keyboard, checking the timeline as
			// it goes: one event per step, the current one highlighted.
			frames, _ := core.Replay(sc, core.NoTTL)
			for step := 1; step <= total; step++ {
				if step > 1 {
					tb.key(kb.ArrowRight)
					tb.waitHook("step-counter", strconv.Itoa(step))
				}
				events := eval[[][3]string](tb, `[...document.querySelectorAll('[data-testid="timeline"] [data-testid="timeline-event"]')].map(e => [e.dataset.kind, e.dataset.step, e.getAttribute("class")])`)
				if len(events) != total-1 {
					t.Fatalf("step %d: %d timeline events, want %d", step, len(events), total-1)
				}
				for i, e := range events {
					f := frames[i+1]
					if e[0] != string(f.Event.Kind) || e[1] != strconv.Itoa(f.Step) {
						t.Errorf("timeline event %d is %v, want %s at step %d", i, e, f.Event.Kind, f.Step)
					}
					if future := strings.Contains(e[2], "tl-future"); future != (f.Step > step) {
						t.Errorf("at step %d, event of step %d greyed=%v", step, f.Step, future)
					}
				}
				if got := tb.hook("outcome-badge"); got != string(frames[step-1].Outcome) {
					t.Errorf("step %d: badge %s, want %s", step, got, frames[step-1].Outcome)
				}
			}
			// The other strategies, by the picker, at the last step.
			for _, st := range core.Strategies() {
				tb.pick("strategy-picker", string(st))
				if got := tb.hook("step-counter"); got != strconv.Itoa(total) {
					t.Errorf("%s: switching strategy moved to step %s", st, got)
				}
				want := badgeFor[cells[sc.ID+"/"+string(st)]]
				if got := tb.hook("outcome-badge"); got != want {
					t.Errorf("%s: badge at the end %q, matrix says %q", st, got, want)
				}
			}
			if s := tb.search(); !strings.Contains(s, "scenario="+sc.ID) && sc.ID != "gc-pause" {
				t.Errorf("URL %s lost the scenario", s)
			}
		})
	}
}

func TestScenarioPickerStartsTheNewStory(t *testing.T) {
	tb := newTab(t)
	tb.open(siteURL + "?step=5&lang=en")
	tb.pick("scenario-picker", "heartbeat")
	tb.waitHook("step-counter", "1")
	if total := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.total`); total != "13" {
		t.Errorf("heartbeat has %s frames on the page, want 13", total)
	}
	if s := tb.search(); !sameQuery(s, "scenario=heartbeat&fencing=on&step=1&lang=en") {
		t.Errorf("URL query %q", s)
	}
	// Keys pressed in the picker belong to it, not to the stepper.
	eval[bool](tb, `(document.querySelector('[data-testid="scenario-picker"]').focus(), true)`)
	tb.key(kb.End)
	if got := tb.hook("step-counter"); got != "1" {
		t.Errorf("End in the picker moved the step to %s", got)
	}
}

func TestUnknownScenarioFallsBackWithANotice(t *testing.T) {
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
			frames, _ := core.Replay(core.GCPause(), pair[i])
			f := frames[step-1]
			for id, want := range map[string]string{
				"lock-holder":   orNone(f.Lock.Holder),
				"resource-data": orNone(f.Resource.Data),
				"outcome-badge": string(f.Outcome),
				"action-actor":  orNone(f.Event.Client),
			} {
				if got := column(side, id); got != want {
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
	if s := tb.search(); !sameQuery(s, "view=compare&vs=consensus&fencing=on&step=1&lang=en") {
		t.Errorf("URL query %q", s)
	}
}

func TestMatrixCellOpensThatRun(t *testing.T) {
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
	tb.key(kb.End)
	tb.waitHook("outcome-badge", "protected")
	// The browser's back button returns to the matrix.
	eval[bool](tb, `(history.back(), true)`)
	tb.waitJS(`document.querySelector('[data-testid="app"]')?.dataset.view === "matrix"`)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
