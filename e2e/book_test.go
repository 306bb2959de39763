//go:build !js

package e2e

import (
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"dlock/core/tables"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// readTSV reads a table of core/testdata: one map per row, column → cell.
func readTSV(name string) ([]map[string]string, error) {
	return tables.Read(filepath.Join(repoRoot, "core", "testdata", name))
}

func tsv(t *testing.T, name string) []map[string]string {
	t.Helper()
	rows, err := readTSV(name)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

var bookTable = sync.OnceValue(func() []map[string]string {
	rows, err := readTSV("book-frames.tsv")
	if err != nil || len(rows) != 7 {
		panic(fmt.Sprintf("the book's table: %d rows, %v", len(rows), err))
	}
	return rows
})

// bookHooks is the book's table (core/testdata/book-frames.tsv) in the
// page's hooks: what every data-value must be at each step, for one mode.
func bookHooks(fencing bool) []map[string]string {
	mode := "on"
	if !fencing {
		mode = "off"
	}
	cell := func(v string) string {
		if v == "-" {
			return "none"
		}
		return v
	}
	out := make([]map[string]string, len(bookTable()))
	for i, r := range bookTable() {
		out[i] = map[string]string{
			"step-counter":       r["step"],
			"fencing-switch":     mode,
			"lock-holder":        cell(r["holder"]),
			"lock-token":         cell(r["token"]),
			"lock-expiry":        r["expiry"],
			"lock-now":           r["clock"],
			"resource-data":      cell(r["data_"+mode]),
			"resource-max-token": r["max_token"],
			"resource-rejected":  r["rejected_"+mode],
			"action-actor":       cell(r["actor"]),
			"action-result":      cell(r["write_"+mode]),
			"outcome-badge":      r["badge_"+mode],
			"client-A-state":     r["a_state"],
			"client-A-token":     cell(r["a_token"]),
			"client-B-state":     r["b_state"],
			"client-B-token":     cell(r["b_token"]),
		}
	}
	return out
}

// stepSnapshot is what checkStep and checkStepAndControls read of the page, in
// one evaluation: every hook's data-value, the counter's data-total, and
// each stepping control's aria-disabled.
const stepSnapshot = `(() => {
	const hooks = {}, disabled = {};
	for (const el of document.querySelectorAll("[data-testid]")) hooks[el.dataset.testid] = el.getAttribute("data-value") ?? "<absent>";
	for (const id of ["btn-first", "btn-prev", "btn-next", "btn-last", "btn-advance"]) disabled[id] = document.querySelector('[data-testid="' + id + '"]').getAttribute("aria-disabled") ?? "";
	const counter = document.querySelector('[data-testid="step-counter"]');
	return {hooks, disabled, total: counter ? counter.dataset.total ?? "" : "<missing>"};
})()`

type stepView struct {
	Hooks    map[string]string `json:"hooks"`
	Disabled map[string]string `json:"disabled"`
	Total    string            `json:"total"`
}

// checkStep compares every hook of the table with the page, and the
// counter's total.
func checkStep(t *testing.T, tb *tab, want map[string]string, context string) {
	t.Helper()
	checkStepView(t, tb, want, context, false)
}

// checkStepAndControls is checkStep, and which stepping controls are
// disabled at the step.
func checkStepAndControls(t *testing.T, tb *tab, want map[string]string, context string) {
	t.Helper()
	checkStepView(t, tb, want, context, true)
}

func checkStepView(t *testing.T, tb *tab, want map[string]string, context string, disabled bool) {
	t.Helper()
	got := eval[stepView](tb, stepSnapshot)
	for id, w := range want {
		if got.Hooks[id] != w {
			t.Errorf("%s: %s = %q, want %q", context, id, got.Hooks[id], w)
		}
	}
	if got.Total != "7" {
		t.Errorf("%s: data-total = %q, want 7", context, got.Total)
	}
	if !disabled {
		return
	}
	step, _ := strconv.Atoi(want["step-counter"])
	for id, d := range map[string]bool{
		"btn-first": step == 1, "btn-prev": step == 1,
		"btn-next": step == 7, "btn-last": step == 7, "btn-advance": step == 7,
	} {
		if got.Disabled[id] != strconv.FormatBool(d) {
			t.Errorf("%s: %s aria-disabled=%q, want %v", context, id, got.Disabled[id], d)
		}
	}
}

func modeParam(fencing bool) string {
	if fencing {
		return "on"
	}
	return "off"
}

func TestWalkBookByMouse(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		for _, fencing := range []bool{true, false} {
			t.Run("fencing="+modeParam(fencing), func(t *testing.T) {
				t.Parallel()
				tb := newTab(t)
				tb.open(siteURL + "?fencing=" + modeParam(fencing))
				table := bookHooks(fencing)
				checkStepAndControls(t, tb, table[0], "step 1")
				for i := 1; i < len(table); i++ {
					// Alternate the two forward buttons: both must step.
					if i%2 == 1 {
						tb.click("btn-advance")
					} else {
						tb.click("btn-next")
					}
					tb.waitHook("step-counter", strconv.Itoa(i+1))
					checkStepAndControls(t, tb, table[i], "step "+strconv.Itoa(i+1))
				}
				// At the end the forward buttons do nothing: the click that
				// follows, back, lands on step 6, which it would not had they
				// moved the step anywhere.
				tb.click("btn-advance")
				tb.click("btn-next")
				tb.click("btn-prev")
				tb.waitHook("step-counter", "6")
				checkStep(t, tb, table[5], "after clicking past the end, then back")
				tb.click("btn-next")
				tb.waitHook("step-counter", "7")
				// Back one by one.
				for i := len(table) - 2; i >= 0; i-- {
					tb.click("btn-prev")
					tb.waitHook("step-counter", strconv.Itoa(i+1))
					checkStep(t, tb, table[i], "back to step "+strconv.Itoa(i+1))
				}
				tb.click("btn-prev")
				tb.click("btn-next")
				tb.waitHook("step-counter", "2")
				checkStep(t, tb, table[1], "after clicking before the start, then forward")
				tb.click("btn-first")
				tb.waitHook("step-counter", "1")
				tb.click("btn-last")
				tb.waitHook("step-counter", "7")
				checkStepAndControls(t, tb, table[6], "last")
				tb.click("btn-first")
				tb.waitHook("step-counter", "1")
				checkStep(t, tb, table[0], "first")
			})
		}
	})
}

func TestWalkBookByKeyboard(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		for _, fencing := range []bool{true, false} {
			t.Run("fencing="+modeParam(fencing), func(t *testing.T) {
				t.Parallel()
				tb := newTab(t)
				tb.open(siteURL + "?fencing=" + modeParam(fencing))
				table := bookHooks(fencing)
				for i := 1; i < len(table); i++ {
					tb.key(kb.ArrowRight)
					tb.waitHook("step-counter", strconv.Itoa(i+1))
					checkStep(t, tb, table[i], "→ to step "+strconv.Itoa(i+1))
				}
				tb.key(kb.ArrowRight)
				tb.key(kb.ArrowLeft)
				tb.waitHook("step-counter", "6")
				checkStep(t, tb, table[5], "→ past the end, then ←")
				tb.key(kb.Home)
				tb.waitHook("step-counter", "1")
				checkStep(t, tb, table[0], "Home")
				tb.key(kb.ArrowLeft)
				tb.key(kb.ArrowRight)
				tb.waitHook("step-counter", "2")
				checkStep(t, tb, table[1], "← before the start, then →")
				tb.key(kb.End)
				tb.waitHook("step-counter", "7")
				checkStep(t, tb, table[6], "End")
				tb.key(kb.ArrowLeft)
				tb.waitHook("step-counter", "6")
				checkStep(t, tb, table[5], "←")
				// F toggles the mode and keeps the step.
				tb.key("f")
				tb.waitHook("fencing-switch", modeParam(!fencing))
				checkStep(t, tb, bookHooks(!fencing)[5], "F at step 6")
			})
		}
	})
}

func TestKeysWorkWhereverFocusIs(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL)
		// Focus on a button: arrows still step.
		eval[bool](tb, `(document.querySelector('[data-testid="btn-last"]').focus(), true)`)
		tb.key(kb.ArrowRight)
		tb.waitHook("step-counter", "2")
		// Focus on the fencing switch: F and arrows act on the page.
		eval[bool](tb, `(document.querySelector('[data-testid="fencing-switch"]').focus(), true)`)
		tb.key("F")
		tb.waitHook("fencing-switch", "off")
		if got := tb.hook("step-counter"); got != "2" {
			t.Fatalf("F moved the step to %s", got)
		}
	})
}

func TestKeysAreIgnoredInTextFieldsAndWithModifiers(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL + "?step=3")
		// A host page or an extension may put a text field on the page: keys
		// typed there are text, not commands.
		eval[bool](tb, `(() => { const i = document.createElement("input"); i.id = "typing"; document.body.append(i); i.focus(); return true; })()`)
		tb.key(kb.ArrowRight)
		tb.key("f")
		tb.key(kb.End)
		if v := eval[string](tb, `document.getElementById("typing").value`); v != "f" {
			t.Errorf("the text field got %q, want the typed f", v)
		}
		eval[bool](tb, `(document.getElementById("typing").blur(), true)`)
		// Alt+→ is the browser's "forward", Ctrl+End scrolls: not ours.
		tb.key(kb.ArrowRight, chromedp.KeyModifiers(chromedp.ModifierAlt))
		tb.key(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl))
		// A plain key after them proves the listener is alive and the earlier
		// keys really were ignored.
		tb.key(kb.ArrowLeft)
		tb.waitHook("step-counter", "2")
		if got := tb.hook("fencing-switch"); got != "on" {
			t.Errorf("fencing = %s, want on", got)
		}
	})
}

func TestFencingSwitchComparesTheLastStep(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL + "?step=7")
		checkStep(t, tb, bookHooks(true)[6], "step 7 fenced")
		if got := eval[string](tb, `document.querySelector('[data-testid="fencing-switch"]').getAttribute("aria-checked")`); got != "true" {
			t.Errorf("aria-checked = %q, want true", got)
		}
		tb.click("fencing-switch")
		tb.waitHook("fencing-switch", "off")
		checkStep(t, tb, bookHooks(false)[6], "step 7 after switching off")
		if got := eval[string](tb, `document.querySelector('[data-testid="fencing-switch"]').getAttribute("aria-checked")`); got != "false" {
			t.Errorf("aria-checked = %q, want false", got)
		}
		tb.waitSearch("step=7&fencing=off&lang=ja")
		// Space on the focused switch, as a keyboard user would.
		eval[bool](tb, `(document.querySelector('[data-testid="fencing-switch"]').focus(), true)`)
		tb.key(" ")
		tb.waitHook("fencing-switch", "on")
		checkStep(t, tb, bookHooks(true)[6], "step 7 after switching on with Space")
	})
}
