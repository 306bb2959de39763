//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// tab is one browser tab for one test. It records every uncaught exception
// and console error: a Go panic in app.wasm shows up there, and the test
// fails on it; so does a panic the app caught and reported (web/ui/crash.go).
type tab struct {
	t   *testing.T
	ctx context.Context
	// phase is what open waits for: "live" (the app runs), or "enhanced"
	// in a tab that never gets app.wasm (newTabBeforeLive).
	phase string

	mu   sync.Mutex
	errs []string
	// panicsExpected is set by a test that forces a panic: the page's
	// report of a caught panic (a console warning) is then not a failure.
	panicsExpected bool
}

func newTab(t *testing.T) *tab {
	t.Helper()
	return newTabIn(t, browser)
}

// tabTimeout is how long a test may use a tab.
const tabTimeout = 90 * time.Second

// newTabIn opens a tab as a child of parent, with options (such as a new
// browser context).
func newTabIn(t *testing.T, parent context.Context, opts ...chromedp.ContextOption) *tab {
	t.Helper()
	return newTabFor(t, tabTimeout, parent, opts...)
}

// newTabFor is newTabIn for a test that needs the tab longer.
func newTabFor(t *testing.T, timeout time.Duration, parent context.Context, opts ...chromedp.ContextOption) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent, opts...)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	if err := chromedp.Do(ctx); err != nil {
		cancelTimeout()
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	tb := &tab{t: t, ctx: ctx, phase: "live"}
	// Tests run side by side in tabs of one browser: each tab behaves as
	// the focused one, as a reader's would (focus, :focus-visible, keys).
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		cancelTimeout()
		cancel()
		t.Fatalf("emulating focus: %v", err)
	}
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			tb.record("exception: " + ev.ExceptionDetails.Text + " " + describe(ev.ExceptionDetails.Exception))
		}
	}()
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, describe(a))
			}
			text := strings.Join(parts, " ")
			switch {
			case ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert:
				tb.record("console." + string(ev.Type) + ": " + text)
			case ev.Type == runtime.ConsoleAPICalledTypeWarning && strings.Contains(text, "dlock: ") && strings.Contains(text, " panicked: "):
				// The app caught a panic and shows its crash view: still a
				// failure, unless the test forced it.
				tb.mu.Lock()
				expected := tb.panicsExpected
				tb.mu.Unlock()
				if !expected {
					tb.record("a caught panic: " + text)
				}
			}
		}
	}()
	t.Cleanup(func() {
		tb.mu.Lock()
		errs := tb.errs
		tb.mu.Unlock()
		for _, e := range errs {
			t.Errorf("page reported %s", e)
		}
		cancelTimeout()
		cancel()
	})
	return tb
}

func describe(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	if len(o.Value) > 0 {
		return string(o.Value)
	}
	return o.Description
}

func (tb *tab) record(s string) {
	tb.mu.Lock()
	tb.errs = append(tb.errs, s)
	tb.mu.Unlock()
}

func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression and decodes its value into T.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluating %.80q: %v", expr, err)
	}
	return v
}

// waitLimit is how long a wait for the page may take: tests run side by
// side on a machine of two cores, where a page (a reload that compiles
// app.wasm again, say) can take many seconds.
const waitLimit = 40 * time.Second

// waitJS waits until the expression is truthy.
func (tb *tab) waitJS(expr string) {
	tb.t.Helper()
	_, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(waitLimit)))
	if err != nil {
		tb.t.Fatalf("waiting for %s: %v", expr, err)
	}
}

// waitAcrossNavigation waits until the expression is truthy in whatever
// document the tab shows, through a reload the page itself started.
func (tb *tab) waitAcrossNavigation(expr string) {
	tb.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("waiting for %s: %v", expr, err)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// open loads url and waits for the tab's phase: in a live tab, until the
// WASM app is live (the server prerenders the same markup, so only
// data-phase="live" proves that Go runs in the page and handles input); in
// a tab without app.wasm, until the loader steps the prerendered frames.
func (tb *tab) open(url string) {
	tb.t.Helper()
	tb.openIn(url, tb.phase)
}

// openIn navigates to url and waits for the page to be in phase: "live",
// or "enhanced" where the host holds app.wasm back.
func (tb *tab) openIn(url, phase string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(url))
	// Across navigation: a page that was still navigating (a link the
	// page followed) can replace the document while this waits.
	tb.waitAcrossNavigation(`document.querySelector('[data-testid="app"]')?.dataset.phase === "` + phase + `"`)
}

// newTabBeforeLive opens a tab in which app.wasm never arrives: what works
// there is the default view's prerendered frames, stepped by the loader.
func newTabBeforeLive(t *testing.T) *tab {
	t.Helper()
	tb := newTab(t)
	blockAppWasmIn(t, tb)
	return tb
}

// blockAppWasmIn keeps app.wasm from arriving in tb, which then waits for
// the loader's stepping ("enhanced") where it opens a page.
func blockAppWasmIn(t *testing.T, tb *tab) {
	t.Helper()
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/*app.wasm", Block: true}},
	}); err != nil {
		t.Fatal(err)
	}
	tb.phase = "enhanced"
}

// bothPhases runs a test of the default view in a live tab and in a tab
// that steps through the prerendered frames before the app runs.
func bothPhases(t *testing.T, test func(t *testing.T, newTab func(t *testing.T) *tab)) {
	t.Run("live", func(t *testing.T) { test(t, newTab) })
	t.Run("before-live", func(t *testing.T) { test(t, newTabBeforeLive) })
}

// hooks reads every data-testid and its data-value (absent: "<absent>").
func (tb *tab) hooks() map[string]string {
	tb.t.Helper()
	raw := eval[map[string]*string](tb, `(() => {
		const o = {};
		for (const el of document.querySelectorAll("[data-testid]")) o[el.dataset.testid] = el.getAttribute("data-value");
		return o;
	})()`)
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		if v == nil {
			out[k] = "<absent>"
		} else {
			out[k] = *v
		}
	}
	return out
}

// hook returns the data-value of one hook, or "<missing>" when the element
// is not on the page.
func (tb *tab) hook(id string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(() => { const el = document.querySelector('[data-testid=%q]'); return el ? (el.getAttribute("data-value") ?? "<absent>") : "<missing>"; })()`, id))
}

// text returns the visible text of one hook.
func (tb *tab) text(id string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`document.querySelector('[data-testid=%q]').textContent`, id))
}

// waitHook waits until a hook shows a value.
func (tb *tab) waitHook(id, value string) {
	tb.t.Helper()
	tb.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=%q]')?.getAttribute("data-value") === %q`, id, value))
}

// click clicks a control with the mouse.
func (tb *tab) click(id string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-testid=%q]`, id))))
}

// asPhone makes the tab a phone's screen, 390 × 844 CSS pixels at twice
// that in device pixels, with touch.
func (tb *tab) asPhone() {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 2, Mobile: true}); err != nil {
		tb.t.Fatal(err)
	}
}

// key presses a key wherever focus is.
func (tb *tab) key(k string, opts ...chromedp.KeyOption) {
	tb.t.Helper()
	tb.do(chromedp.KeyEvent(k, opts...))
}

// waitSearch waits until the page's address carries exactly these query
// parameters (in any order): the page writes its address soon after a
// change, not on the key's path.
func (tb *tab) waitSearch(want string) {
	tb.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s := tb.search()
		if sameQuery(s, want) {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("the address has %q, want the parameters %s", s, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// search returns the page's query string.
func (tb *tab) search() string {
	tb.t.Helper()
	return eval[string](tb, `location.search`)
}

// colorScheme emulates prefers-color-scheme.
func (tb *tab) colorScheme(scheme string) {
	tb.t.Helper()
	_, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	})
	if err != nil {
		tb.t.Fatal(err)
	}
}

// viewport emulates a window of that width.
func (tb *tab) viewport(width, height int64) {
	tb.t.Helper()
	tb.do(chromedp.EmulateViewport(width, height))
}
