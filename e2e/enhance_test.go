//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dlock/core"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pageSnapshot is what a reader sees of the demo and the tests read of it:
// every hook with all its data attributes (but the app's phase and build),
// and the text of the page.
type pageSnapshot struct {
	Hooks []string
	Text  string
}

const readSnapshot = `(() => {
	const main = document.querySelector('main[data-testid="app"]');
	const hooks = [...main.querySelectorAll("[data-testid]")].map(el => {
		const data = Object.entries(el.dataset).filter(([k]) => k !== "phase" && k !== "version").map(([k, v]) => k + "=" + v).sort();
		return data.join(" ");
	});
	return {Hooks: hooks, Text: main.innerText.replace(/\s+/g, " ").trim()};
})()`

// Before the app runs, the default view shows frames the server drew with
// the app's own components: for each of its 28 states (7 steps, fencing on
// and off, Japanese and English) the frame is exactly the live page, which
// a reader's → takes from one step to the next.
func TestPrerenderedFramesAreTheLivePage(t *testing.T) {
	t.Parallel()
	same := func(t *testing.T, before, live *tab, q string) {
		t.Helper()
		before.open(siteURL + q)
		if b, l := eval[pageSnapshot](before, readSnapshot), eval[pageSnapshot](live, readSnapshot); !reflect.DeepEqual(b, l) {
			t.Errorf("%s: the frame before the app differs from the live page:\n before %v\n live   %v", q, b, l)
		}
	}
	for _, lang := range []string{"ja", "en"} {
		for _, fencing := range []string{"on", "off"} {
			t.Run(lang+"-fencing-"+fencing, func(t *testing.T) {
				// Tabs of their own for each group, each with a tab's time
				// for its loads however busy the machine is.
				before, live := newTabBeforeLive(t), newTab(t)
				live.open(siteURL + fmt.Sprintf("?step=1&fencing=%s&lang=%s", fencing, lang))
				for step := 1; step <= 7; step++ {
					if step > 1 {
						live.key(kb.ArrowRight)
						live.waitHook("step-counter", strconv.Itoa(step))
					}
					same(t, before, live, fmt.Sprintf("?step=%d&fencing=%s&lang=%s", step, fencing, lang))
				}
			})
		}
	}
	// The embedded view has frames of its own, and so has every other run.
	t.Run("others", func(t *testing.T) {
		before, live := newTabBeforeLive(t), newTab(t)
		for _, q := range []string{"?step=7&fencing=off&lang=en&embed=1", "?scenario=heartbeat&strategy=redlock&step=9&lang=en",
			"?scenario=two-resources&strategy=consensus&step=5&embed=1", "?scenario=clock-jump&strategy=no-ttl&step=3"} {
			live.open(siteURL + q)
			same(t, before, live, q)
		}
	})
}

// With app.wasm held back, any scenario under any row steps on the keys
// and buttons the live page has, in both languages and embedded, fencing
// switched too (a run of another file); and the app then takes over the
// same state.
func TestEveryRunStepsBeforeTheApp(t *testing.T) {
	t.Parallel()
	host, release := heldSite(t)
	for _, c := range []struct{ query, title, fenced string }{
		{"?sw=off&scenario=heartbeat-pause&strategy=lease&lang=en", "A pause stops the heartbeat", "heartbeat-pause lease-fencing"},
		{"?sw=off&scenario=counter-reset&strategy=redlock&embed=1", "", ""},
	} {
		tb := newTab(t)
		tb.openIn(host.url(c.query), "enhanced")
		total := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').textContent.split("/")[1].trim()`)
		tb.key(kb.ArrowRight)
		tb.waitHook("step-counter", "2")
		tb.click("btn-next")
		tb.waitHook("step-counter", "3")
		tb.key(kb.End)
		tb.waitHook("step-counter", total)
		tb.click("btn-prev")
		want := fmt.Sprint(mustAtoi(t, total) - 1)
		tb.waitHook("step-counter", want)
		if title := eval[string](tb, `document.getElementById("demo-title")?.textContent ?? ""`); c.title != "" && !strings.Contains(title, c.title) {
			t.Errorf("%s: the title %q, want %q", c.query, title, c.title)
		}
		if c.fenced != "" {
			// F opens the same step of the run under lease + fencing, from
			// its own file.
			tb.key("f")
			tb.waitHook("fencing-switch", "on")
			tb.waitHook("step-counter", want)
			if got := eval[string](tb, `document.querySelector('[data-testid="scenario-picker"]').dataset.value + " " + document.querySelector('[data-testid="strategy-picker"]').dataset.value`); got != c.fenced {
				t.Errorf("%s: after F the pickers show %q, want %q", c.query, got, c.fenced)
			}
			tb.key(kb.ArrowLeft)
			tb.waitHook("step-counter", fmt.Sprint(mustAtoi(t, want)-1))
		}
		if lang := eval[string](tb, `document.documentElement.lang`); lang != map[bool]string{true: "en", false: "ja"}[strings.Contains(c.query, "lang=en")] {
			t.Errorf("%s: <html lang> = %s", c.query, lang)
		}
	}
	// The app takes over where the reader is.
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&scenario=slow-grant&strategy=consensus&lang=en"), "enhanced")
	tb.key(kb.ArrowRight)
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "3")
	before := eval[pageSnapshot](tb, readSnapshot)
	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	if after := eval[pageSnapshot](tb, readSnapshot); !reflect.DeepEqual(before, after) {
		t.Errorf("the page changed when the app took over:\n before %v\n after  %v", before, after)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "4")
}

// Other views wait for the app, with the loading bar: they need the model,
// or are drawn otherwise than the frames (the projector view, a pace,
// predict mode).
func TestOnlyTheOneRunViewStepsBeforeTheApp(t *testing.T) {
	t.Parallel()
	tb := newTabBeforeLive(t)
	for _, q := range []string{"?view=matrix&scenario=heartbeat", "?vs=consensus", "?view=compare", "?present=1", "?pace=2&scenario=heartbeat", "?quiz=1&step=6"} {
		tb.do(chromedp.Navigate(siteURL + q))
		tb.waitJS(`document.getElementById("app-wasm-loader-label")?.getAttribute("role") === "alert"`)
		if phase := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.phase`); phase != "static" {
			t.Errorf("%s: phase %q before the app, want static", q, phase)
		}
		if shown := eval[bool](tb, `getComputedStyle(document.getElementById("app-wasm-loader")).display !== "none"`); !shown {
			t.Errorf("%s: the loading bar is hidden", q)
		}
	}
}

// Accessibility before the app runs, as after.
func TestAccessibilityBeforeTheApp(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"?step=1", "?step=7&fencing=off&lang=en", "?step=4&embed=1"} {
		tb := newTabBeforeLive(t)
		tb.open(siteURL + q)
		for _, v := range axeCheck(t, tb) {
			t.Errorf("%s: axe %s (%s): %s at %s", q, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
		}
	}
}

// A static host serves one page, drawn at the first step in Japanese; the
// loader shows the step and language the address asks for.
func TestStaticSiteShowsTheAskedStepBeforeTheApp(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	tb := newTabBeforeLive(t)
	tb.open(host.url("?step=5&fencing=off&lang=en"))
	checkStep(t, tb, bookHooks(false)[4], "static host, before the app")
	if lang := eval[string](tb, `document.documentElement.lang`); lang != "en" {
		t.Errorf("<html lang> = %s", lang)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "6")
	tb.waitSearch("step=6&fencing=off&lang=en")
}

// heldSite is the static site whose host holds app.wasm back until
// release is called: the page steps through its prerendered frames until
// then.
func heldSite(t *testing.T) (*staticHost, func()) {
	t.Helper()
	wasm, release := gate(t)
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), func(h *staticHost) { h.hold = wasm })
	return host, release
}

// heldSiteAndFile is heldSite with one more file held (path, under the
// site's prefix): the host answers for app.wasm once releaseWasm is
// called, and for that file once releaseFile is.
func heldSiteAndFile(t *testing.T, path string) (host *staticHost, releaseWasm, releaseFile func()) {
	t.Helper()
	wasm, releaseWasm := gate(t)
	file, releaseFile := gate(t)
	host = newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), func(h *staticHost) {
		h.hold = wasm
		h.holdPath, h.holdPathGate = path, file
	})
	return host, releaseWasm, releaseFile
}

// gate is a channel a test host waits on, and what opens it: once, and at
// the latest when the test ends.
func gate(t *testing.T) (chan struct{}, func()) {
	c := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(c) }) }
	t.Cleanup(open)
	return c, open
}

// The app takes over at the step, mode and language the reader reached
// before it ran: the page does not change, what had focus keeps it, and an
// open transcript stays open.
func TestTheAppTakesOverWhereTheReaderIs(t *testing.T) {
	t.Parallel()
	host, release := heldSite(t)
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&lang=en"), "enhanced")
	for range 3 {
		tb.key(kb.ArrowRight)
	}
	tb.key("f")
	tb.waitHook("step-counter", "4")
	tb.waitHook("fencing-switch", "off")
	eval[bool](tb, `(document.querySelector(".transcript summary").click(), document.querySelector('[data-testid="btn-next"]').focus(), true)`)
	before := eval[pageSnapshot](tb, readSnapshot)
	scroll := eval[float64](tb, `scrollY`)

	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	if after := eval[pageSnapshot](tb, readSnapshot); !reflect.DeepEqual(before, after) {
		t.Errorf("the page changed when the app took over:\n before %v\n after  %v", before, after)
	}
	if !eval[bool](tb, `document.querySelector(".transcript").open`) {
		t.Error("the transcript closed when the app took over")
	}
	if f := eval[string](tb, `document.activeElement?.dataset?.testid ?? ""`); f != "btn-next" {
		t.Errorf("focus went to %q, want btn-next", f)
	}
	if y := eval[float64](tb, `scrollY`); y != scroll {
		t.Errorf("the page scrolled from %v to %v", scroll, y)
	}
	tb.waitSearch("sw=off&step=4&fencing=off&lang=en")
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "5")
}

// On the static site, whose one page is drawn for every address, a visit
// fetches the frames of the run it asks for and not the default run's: the
// loader fetches what the address asks. An address without a query asks
// for the default view the page is drawn for: its head preloads that
// run's frames, which are then on their way before the loader runs, and
// downloaded once.
func TestAVisitFetchesOnlyTheFramesItShows(t *testing.T) {
	t.Parallel()
	host, _ := heldSite(t)
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&lang=en&scenario=heartbeat&strategy=lease"), "enhanced")
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "2")
	time.Sleep(time.Second) // what the loader reads when the browser is idle
	if n := host.requests("/dlock/web/frames/en/demo/heartbeat.lease.html"); n != 1 {
		t.Errorf("the run's frames were fetched %d times, want once", n)
	}
	if n := host.requests("/dlock/web/frames/ja/demo/gc-pause.lease-fencing.html"); n != 0 {
		t.Errorf("the default run's frames were fetched %d times by a visit to another run", n)
	}
	// The default view steps before the app, from its own frames, which
	// the page's head asked for (a preload link) rather than the loader (a
	// fetch).
	tb.openIn(host.url(""), "enhanced")
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "2")
	const drawn = "/dlock/web/frames/ja/demo/gc-pause.lease-fencing.html"
	if by := eval[string](tb, `performance.getEntriesByName(new URL("`+drawn+`", location.href).href).map((e) => e.initiatorType).join(" ")`); by != "link" {
		t.Errorf("the default run's frames were fetched by %q, want by the head's preload (link) alone", by)
	}
	if n := host.requests(drawn); n != 1 {
		t.Errorf("the default run's frames were fetched %d times by a visit to the default view, want once", n)
	}
}

// The app mounts in parts where the page shows the frame of its state:
// between the first part and live, the page says it is mounting, and what
// a person sees never changes. A key pressed while it mounts is answered,
// and the parts then work: their controls act.
func TestTheAppMountsInPartsAndNothingMoves(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"?sw=off&lang=en&scenario=heartbeat&strategy=lease&step=3", "?sw=off&view=matrix"} {
		host, release := heldSite(t)
		tb := newTab(t)
		tb.openIn(host.url(q), "enhanced")
		// Each task's end (a mutation batch) records what the page shows.
		eval[bool](tb, `(() => {
			const seen = window.__seen = [];
			const main = () => document.querySelector('main[data-testid="app"]');
			const record = () => seen.push({Phase: main().dataset.phase, Snapshot: `+readSnapshot+`});
			record();
			new MutationObserver(() => record()).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
			return true;
		})()`)
		release()
		tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
		type seen struct {
			Phase    string
			Snapshot pageSnapshot
		}
		all := eval[[]seen](tb, `window.__seen`)
		mounting := 0
		for i, s := range all {
			if s.Phase == "mounting" {
				mounting++
			}
			if !reflect.DeepEqual(s.Snapshot, all[0].Snapshot) {
				t.Errorf("%s: the page changed as the app mounted (record %d, phase %s):\n before %v\n then   %v", q, i, s.Phase, all[0].Snapshot, s.Snapshot)
				break
			}
		}
		if mounting == 0 {
			t.Errorf("%s: the app went live without mounting in parts: %d records", q, len(all))
		}
	}

	// A key while it mounts: pressed (as a key event on the document) the
	// moment the page says it is mounting, which no real key press can be
	// timed to.
	host, release := heldSite(t)
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&lang=en&scenario=heartbeat&strategy=lease&step=3"), "enhanced")
	eval[bool](tb, `(() => {
		const main = () => document.querySelector('main[data-testid="app"]');
		const obs = new MutationObserver(() => {
			if (main().dataset.phase !== "mounting") return;
			obs.disconnect();
			window.__pressedWhile = "mounting";
			document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
		});
		// The app's first mount puts a new main in the page: a change of
		// the body's children, not of an attribute.
		obs.observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-phase"]});
		return true;
	})()`)
	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	if got := eval[string](tb, `window.__pressedWhile ?? ""`); got != "mounting" {
		t.Fatalf("the key was not pressed while the app mounted (%q)", got)
	}
	tb.waitHook("step-counter", "4")
	tb.click("btn-next")
	tb.waitHook("step-counter", "5")
	// The embed box, mounted last: its choice of generator works.
	eval[bool](tb, `(document.querySelector(".embed-code summary").click(), true)`)
	tb.do(chromedp.Click(chromedp.CSS(`#embed-target-vitepress`)))
	tb.waitJS(`document.querySelector('[data-testid="embed-code"]').dataset.target === "vitepress"`)
}

// Keys pressed while the app takes over all count: some reach the loader,
// some the app, none is lost.
func TestNoKeyIsLostAtTheTakeover(t *testing.T) {
	t.Parallel()
	host, release := heldSite(t)
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&lang=en&step=4"), "enhanced")
	step, forward, pressed := 4, true, 0
	release()
	for deadline := time.Now().Add(30 * time.Second); ; {
		if forward && step == 7 || !forward && step == 1 {
			forward = !forward
		}
		if forward {
			tb.key(kb.ArrowRight)
			step++
		} else {
			tb.key(kb.ArrowLeft)
			step--
		}
		pressed++
		if eval[bool](tb, `document.querySelector('[data-testid="app"]').dataset.phase === "live"`) && pressed > 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the app did not go live within 30 s")
		}
	}
	tb.waitHook("step-counter", fmt.Sprint(step))
	t.Logf("%d keys pressed while the app took over", pressed)
}

// Keys the loader had not done when the app took over count too: a switch
// of fencing whose run's frames are still on their way, and the steps
// pressed after it, are done by the app.
func TestKeysOnTheirWayAtTheTakeoverCount(t *testing.T) {
	t.Parallel()
	host, release, releaseFile := heldSiteAndFile(t, "web/frames/en/demo/gc-pause.lease.html")
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&lang=en"), "enhanced")
	tb.key("f")
	tb.key(kb.ArrowRight)
	tb.key(kb.ArrowRight)
	time.Sleep(200 * time.Millisecond)
	if got := tb.hook("fencing-switch"); got != "on" {
		t.Fatalf("fencing-switch = %s before the unfenced run's frames arrived, want on (the frame shown)", got)
	}
	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	tb.waitHook("fencing-switch", "off")
	tb.waitHook("step-counter", "3")
	tb.waitSearch("sw=off&fencing=off&step=3&lang=en")
	releaseFile()
}

// Keys pressed before the page's own frames have arrived are not lost:
// the loader does them once its frame is in, and where the app takes over
// first, the app does.
func TestKeysBeforeTheFirstFrameCount(t *testing.T) {
	t.Parallel()
	// From step 1, → twice reaches step 3; from step 6 of 7, → three
	// times reaches step 7, the last two changing nothing.
	for _, c := range []struct {
		query, want string
		presses     int
	}{{"?lang=en", "3", 2}, {"?lang=en&step=6", "7", 3}} {
		for _, appFirst := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s app first %v", c.query, appFirst), func(t *testing.T) {
				t.Parallel()
				host, releaseWasm, releaseFile := heldSiteAndFile(t, "web/frames/en/demo/gc-pause.lease-fencing.html")
				tb := newTab(t)
				tb.do(chromedp.Navigate(host.url(c.query)))
				tb.waitJS(`document.querySelector('[data-testid="step-counter"]') !== null`)
				for range c.presses {
					tb.key(kb.ArrowRight)
				}
				time.Sleep(200 * time.Millisecond)
				if got := tb.hook("step-counter"); got != "1" {
					t.Fatalf("step counter = %s before any frame arrived, want 1 (the page as drawn)", got)
				}
				if appFirst {
					releaseWasm()
					tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
				} else {
					releaseFile()
					tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "enhanced"`)
				}
				tb.waitHook("step-counter", c.want)
				tb.waitSearch("fencing=on&lang=en&step=" + c.want)
			})
		}
	}
}

// The loader answers keys once the frame it shows has arrived, not the
// whole file of frames: on a slow link a key pressed before the next frame
// arrives moves the state at once, and the page shows it when its frame
// comes; none of several such keys is lost.
func TestKeysWaitForTheirFrame(t *testing.T) {
	t.Parallel()
	frames, release := gate(t)
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), func(h *staticHost) {
		h.hold = make(chan struct{}) // the app never arrives
		h.holdFrames = frames
	})
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&lang=en"), "enhanced")
	for range 3 {
		tb.key(kb.ArrowRight)
	}
	tb.waitSearch("sw=off&fencing=on&step=4&lang=en")
	if got := tb.hook("step-counter"); got != "1" {
		t.Errorf("step counter = %s before step 4's frame arrived, want 1 (the frame shown)", got)
	}
	release()
	tb.waitHook("step-counter", "4")
	checkStep(t, tb, bookHooks(true)[3], "the frame that arrived after the keys")
	tb.key(kb.ArrowLeft)
	tb.waitHook("step-counter", "3")
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a number: %v", s, err)
	}
	return n
}

// On the static site, whose one page is the default view drawn once, an
// address of another view never shows that page: it says, in the language
// asked for, that it is loading, and, if app.wasm fails, that this view
// needs the app and what steps without it. Another run shows its own
// frames, never the book's.
func TestTheStaticSiteShowsOnlyWhatWasAsked(t *testing.T) {
	t.Parallel()
	host, release := heldSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(host.url("?sw=off&view=compare&scenario=counter-reset&lang=en")))
	tb.waitJS(`document.getElementById("app-wasm-loader-label")?.textContent.startsWith("Loading")`)
	if got := eval[string](tb, `document.documentElement.lang + " " + getComputedStyle(document.querySelector('main[data-testid="app"]')).visibility`); got != "en hidden" {
		t.Errorf("the compare view's address before the app: lang and the page's visibility %q, want en hidden", got)
	}
	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	if got := eval[string](tb, `getComputedStyle(document.querySelector('main[data-testid="app"]')).visibility + " " + document.querySelector('main[data-testid="app"]').dataset.view`); got != "visible compare" {
		t.Errorf("live: the page's visibility and view %q, want visible compare", got)
	}

	// A run of its own: its frame, in its language, and never the book's.
	tb = newTabBeforeLive(t)
	tb.open(host.url("?sw=off&scenario=lock-delay&strategy=consensus&lang=en&step=2"))
	if got := eval[string](tb, `document.querySelector('[data-testid="scenario-picker"]').dataset.value + " " + document.querySelector('[data-testid="strategy-picker"]').dataset.value + " " + document.documentElement.lang`); got != "lock-delay consensus en" {
		t.Errorf("another run before the app shows %q", got)
	}

	// app.wasm never arrives: the page says so, and what still works.
	tb = newTab(t)
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/*/web/app.wasm", Block: true}},
	}); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.Navigate(host.url("?sw=off&view=search&lang=en")))
	tb.waitJS(`document.getElementById("app-wasm-loader-label")?.getAttribute("role") === "alert"`)
	if msg := eval[string](tb, `document.getElementById("app-wasm-loader-label").textContent`); !strings.Contains(msg, "could not start") || !strings.Contains(msg, "This view needs the app") {
		t.Errorf("a failed load of the search says %q", msg)
	}
	tb.mu.Lock()
	tb.errs = nil
	tb.mu.Unlock()
}

// The matrix, as it opens, is complete before the app, in the language
// asked for, and is the live page; a click on a cell opens that run at the
// step its verdict is decided, and it steps at once.
func TestTheMatrixIsCompleteBeforeTheApp(t *testing.T) {
	t.Parallel()
	host, _ := heldSite(t)
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&view=matrix&lang=en"), "enhanced")
	if got, want := eval[string](tb, `document.querySelectorAll('[data-testid="matrix-cell"]').length + " " + document.documentElement.lang + " " + getComputedStyle(document.querySelector('main[data-testid="app"]')).visibility`), fmt.Sprintf("%d en visible", len(core.Scenarios())*len(core.Strategies())); got != want {
		t.Errorf("the matrix before the app: cells, lang, visibility %q", got)
	}
	live := newTab(t)
	live.open(siteURL + "?view=matrix&lang=en")
	before := newTabBeforeLive(t)
	before.open(siteURL + "?view=matrix&lang=en")
	if b, l := eval[pageSnapshot](before, readSnapshot), eval[pageSnapshot](live, readSnapshot); !reflect.DeepEqual(b, l) {
		t.Errorf("the matrix before the app differs from the live page:\n before %v\n live   %v", b, l)
	}
	// A real click on the cell of heartbeat under Redlock.
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="matrix-cell"][data-scenario="heartbeat"][data-strategy="redlock"] a`)))
	tb.waitAcrossNavigation(`location.search.includes("scenario=heartbeat") && document.documentElement.classList.contains("dlock-enhanced") && !!document.querySelector('[data-testid="step-counter"]')`)
	step := mustAtoi(t, eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.value`))
	tb.key(kb.ArrowLeft)
	tb.waitHook("step-counter", strconv.Itoa(step-1))
	if got := eval[string](tb, `document.querySelector('[data-testid="strategy-picker"]').dataset.value + " " + document.querySelector('main[data-testid="app"]').dataset.phase`); got != "redlock enhanced" {
		t.Errorf("the cell opened %q", got)
	}
}

// readLayout is where each hook of the demo is drawn, relative to the
// page's main, rounded to the pixel (scrolled parts scrolled back).
const readLayout = `(() => {
	const main = document.querySelector('main[data-testid="app"]');
	for (const el of main.querySelectorAll("*")) if (el.scrollLeft) el.scrollLeft = 0;
	const m = main.getBoundingClientRect();
	return [...main.querySelectorAll("[data-testid]")].map((el) => {
		const r = el.getBoundingClientRect();
		return el.dataset.testid + " " + [r.left - m.left, r.top - m.top, r.width, r.height].map(Math.round).join(",");
	});
})()`

// On the static site, before the app, every scenario steps to its last
// step and back one through frames the loader put back together from the
// file's changes: the page then shows what the server draws for that
// step's address, and so the app, the same words and hooks, each drawn at
// the same place.
func TestEveryScenarioOnTheStaticSiteIsDrawnAsTheApp(t *testing.T) {
	t.Parallel()
	host, _ := heldSite(t)
	// Two tabs for every scenario, each with time for all of them.
	before := newTabFor(t, 3*tabTimeout, browser)
	before.phase = "enhanced"
	live := newTabFor(t, 3*tabTimeout, browser)
	blockAppWasmIn(t, live)
	for i, sc := range core.Scenarios() {
		q := "?sw=off&scenario=" + sc.ID + "&lang=" + []string{"en", "ja"}[i%2]
		if i%3 == 2 {
			q += "&embed=1"
		}
		if i%4 == 1 {
			q += "&strategy=" + string(core.Strategies()[i%len(core.Strategies())])
		}
		before.open(host.url(q))
		before.key(kb.End)
		before.waitHook("step-counter", fmt.Sprint(sc.Frames()))
		before.key(kb.ArrowLeft)
		step := fmt.Sprint(sc.Frames() - 1)
		before.waitHook("step-counter", step)
		// The server draws the page for the address itself, as the app
		// does (TestPrerenderedFramesAreTheLivePage).
		live.open(siteURL + q + "&step=" + step)
		if b, l := eval[pageSnapshot](before, readSnapshot), eval[pageSnapshot](live, readSnapshot); !reflect.DeepEqual(b, l) {
			t.Fatalf("%s, step %s: the static site's frame differs from the page drawn for it:\n static %v\n drawn  %v", q, step, b, l)
		}
		if b, l := eval[[]string](before, readLayout), eval[[]string](live, readLayout); !reflect.DeepEqual(b, l) {
			for k := range min(len(b), len(l)) {
				if b[k] != l[k] {
					t.Errorf("%s, step %s: drawn at %s on the static site, at %s by the server", q, step, b[k], l[k])
					break
				}
			}
		}
	}
}

// settle waits for two frames of the page and for the browser to be idle
// after them: what the keys pressed before did is drawn.
func settle(tb *tab) {
	tb.t.Helper()
	eval[bool](tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
	// What a step key left for later (the handout, the phone's bar: the
	// step path's catch-up) is drawn when the browser is next idle.
	idle(tb)
}

// heldServer is the server (siteURL) behind a proxy that answers for
// app.wasm only once release is called: the pages are the server's own,
// drawn for their address, and the app arrives when the test says.
func heldServer(t *testing.T) (url func(query string) string, release func()) {
	t.Helper()
	wasm, release := gate(t)
	target, err := neturl.Parse(siteURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "app.wasm") {
			select {
			case <-wasm:
			case <-r.Context().Done():
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return func(query string) string { return srv.URL + "/" + query }, release
}

// On a page the server drew for a view the loader does not step (predict
// mode, the projector view, two rows at once), the step keys pressed
// before the app runs are not lost: the page shows what it was drawn with
// until then, and the app does the keys as it starts, ending where the
// same keys pressed once it runs take the page.
func TestKeysBeforeTheAppAreKeptWhereNoFrameIs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		query string
		keys  []string
	}{
		// Predict mode stops before its first question, however many →.
		{"?sw=off&quiz=1&lang=en", []string{kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.ArrowRight}},
		{"?sw=off&present=1&step=2&lang=en", []string{kb.ArrowRight, kb.ArrowRight, kb.ArrowLeft, "f"}},
		{"?sw=off&vs=consensus&lang=ja", []string{kb.End, kb.ArrowLeft, kb.ArrowLeft}},
	} {
		t.Run(c.query, func(t *testing.T) {
			t.Parallel()
			// The keys pressed once the app runs.
			after := newTab(t)
			after.open(siteURL + c.query)
			drawn := after.hook("step-counter")
			opened := eval[pageSnapshot](after, readSnapshot)
			for _, k := range c.keys {
				after.key(k)
			}
			settle(after)
			want, counter := eval[pageSnapshot](after, readSnapshot), after.hook("step-counter")
			if reflect.DeepEqual(want, opened) {
				t.Fatal("the keys changed nothing once the app ran: this case checks nothing")
			}
			// The same keys before it.
			url, release := heldServer(t)
			before := newTab(t)
			before.do(chromedp.Navigate(url(c.query)))
			// The loader runs: its loading bar is on the page.
			before.waitJS(`document.getElementById("dlock-progress") !== null`)
			for _, k := range c.keys {
				before.key(k)
			}
			if got := before.hook("step-counter"); got != drawn {
				t.Errorf("before the app the counter reads %s, want %s, as drawn", got, drawn)
			}
			release()
			before.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
			before.waitHook("step-counter", counter)
			settle(before)
			if got := eval[pageSnapshot](before, readSnapshot); !reflect.DeepEqual(got, want) {
				t.Errorf("the keys pressed before the app left the page\n %v\nthe same keys after it\n %v", got, want)
			}
		})
	}
}
