//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pageHTML is the page as a reader's browser holds it: main's HTML.
const pageHTML = `document.querySelector('main[data-testid="app"]').outerHTML`

// stepCounts is how many steps the step path drew without drawing the
// page, and how many times the page was drawn (the test build's hook).
type stepCounts struct {
	Fast    int `json:"fast"`
	Renders int `json:"renders"`
}

// A step drawn by the step path, without go-app drawing the page, leaves
// the page exactly as go-app draws the same state: every island's content,
// every attribute and text a step changes. Each press is a real key, a
// click on a step button or on a timeline's mark; after it the page is
// read, then drawn again by go-app (the test build's hook), and read
// again: the two must be the same, the embed box's code too. Each run is stepped forward to its
// end, back, and to its first and last steps, in views that draw a step
// differently: the book's run in both languages, unfenced, two rows side
// by side, a run with messages held in flight, Redlock's nodes, free play
// (and an exercise shown under another row than its own),
// the projector view, the whole run on the timeline, an embed, a phone.
func TestAStepDrawsWhatThePageDraws(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", hookedSite(t)), nil)
	for _, c := range []struct {
		name, query string
		phone       bool
	}{
		{"book-ja", "?sw=off", false},
		{"book-en-unfenced", "?sw=off&lang=en&fencing=off", false},
		{"compare", "?sw=off&lang=en&view=compare&scenario=delayed-write", false},
		{"network", "?sw=off&lang=en&scenario=delayed-write&strategy=consensus", false},
		{"redlock", "?sw=off&scenario=clock-jump&strategy=redlock", false},
		{"play", "?sw=off&lang=en&view=play&strategy=lease&script=A:acquire,A:write:a1@m1,tick:15,B:acquire,B:write:b1,deliver:m1", false},
		{"exercise", "?sw=off&lang=en&view=play&exercise=corrupt-lease&strategy=lease-fencing&script=A:acquire,A:write:a1@m1,A:release,B:acquire,B:write:b1,deliver:m1", false},
		{"present", "?sw=off&lang=en&present=1&scenario=two-resources", false},
		{"future", "?sw=off&lang=en&future=1", false},
		{"embed", "?sw=off&lang=en&embed=1&controls=min", false},
		{"phone", "?sw=off&scenario=partitioned-holder", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t)
			if c.phone {
				tb.asPhone()
			} else {
				tb.viewport(1280, 800)
			}
			tb.openIn(host.url(c.query), "live")
			tb.waitJS(`document.documentElement.dataset.testHooks === "on"`)
			// An exercise's hint is searched in slices once it opens, each
			// a render of its own: the steps are pressed once it is found.
			tb.waitJS(`!document.querySelector('[data-testid="exercise-hint"]') || /\d/.test(document.querySelector('[data-testid="exercise-hint"]').textContent)`)
			total := eval[int](tb, `+document.querySelector('[data-testid="step-counter"]').dataset.total`)
			presses := []struct {
				what string
				do   func()
			}{}
			for range total - 1 {
				presses = append(presses, struct {
					what string
					do   func()
				}{"→", func() { tb.key(kb.ArrowRight) }})
			}
			// A key's changes are worked out while the browser is idle
			// (steps.js, plan); another script's changes since then (a
			// card's title rewritten, a text added to every island, the
			// same at both steps or not) spoil those plans, and the step
			// is drawn right.
			tampered := struct {
				what string
				do   func()
			}{"→ after another script changed the islands", func() {
				eval[bool](tb, `(() => {
					const t = document.querySelector('[data-stepped^="cards"]');
					const w = document.createTreeWalker(t, NodeFilter.SHOW_TEXT, (n) => n.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP);
					w.nextNode().nodeValue = "changed by another script";
					for (const id of dlockSteps.ids.slice(0, dlockSteps.islands)) {
						for (const host of document.querySelectorAll('main [data-stepped="' + id + '"]')) host.append("changed by another script");
					}
					return true;
				})()`)
				tb.key(kb.ArrowRight)
			}}
			for _, p := range []struct {
				what string
				do   func()
			}{
				{"←", func() { tb.key(kb.ArrowLeft) }},
				{"Home", func() { tb.key(kb.Home) }},
				{"End", func() { tb.key(kb.End) }},
				{"◀ clicked", func() { clickStep(tb, "btn-prev", "dock-prev") }},
				{"the first mark clicked", func() {
					eval[bool](tb, `(document.querySelector('[data-testid="timeline-event"]').dispatchEvent(new MouseEvent("click", {bubbles: true})), true)`)
				}},
				{"▶ clicked", func() { clickStep(tb, "btn-next", "dock-next") }},
				tampered,
			} {
				presses = append(presses, p)
			}
			idle(tb)
			at := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.value`)
			for i, p := range presses {
				before := eval[stepCounts](tb, `dlockTestSteps()`)
				// The changes each step key would make are worked out.
				tb.waitJS(`!dlockSteps.planning && Object.values(dlockSteps.targets || {}).every((s) => s === dlockSteps.at || dlockSteps.planned(s))`)
				plans := eval[[2]int](tb, `[dlockSteps.fromPlan, dlockSteps.withoutPlan]`)
				p.do()
				tb.waitJS(`document.querySelector('[data-testid="step-counter"]').dataset.value !== "` + at + `"`)
				at = eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.value`)
				// A key's step is shown before the app hears of it, which
				// it does once the frame is drawn; what the reader cannot
				// see yet follows when the browser is idle.
				tb.waitJS(`dlockTestSteps().fast > ` + strconv.Itoa(before.Fast) + ` || dlockTestSteps().renders > ` + strconv.Itoa(before.Renders))
				idle(tb)
				after := eval[stepCounts](tb, `dlockTestSteps()`)
				if after.Fast != before.Fast+1 || after.Renders != before.Renders {
					t.Errorf("press %d (%s), to step %s: the step path drew %d steps and the page was drawn %d times, want 1 and 0",
						i+1, p.what, at, after.Fast-before.Fast, after.Renders-before.Renders)
				}
				// A key pressed once the browser was idle makes only the
				// changes worked out for it: at least the action's
				// island changes at every step.
				if now := eval[[2]int](tb, `[dlockSteps.fromPlan, dlockSteps.withoutPlan]`); strings.HasPrefix(p.what, "→") || p.what == "←" || p.what == "Home" || p.what == "End" {
					tamper := p.what == tampered.what
					if !tamper && (now[0] == plans[0] || now[1] != plans[1]) {
						t.Errorf("press %d (%s), to step %s: %d islands changed from a plan and %d without one, want some and none",
							i+1, p.what, at, now[0]-plans[0], now[1]-plans[1])
					}
					// Changed since its plan was made, an island is either
					// compared as the key is pressed or planned again from
					// what it now holds, if the browser was idle between:
					// either way nothing of the other script's is left.
					if tamper && eval[bool](tb, `document.querySelector("main").textContent.includes("changed by another script")`) {
						t.Errorf("press %d (%s): what the other script changed is still in the page at step %s", i+1, p.what, at)
					}
				}
				stepped := eval[string](tb, pageHTML)
				eval[bool](tb, `document.dispatchEvent(new Event("dlock:test-redraw")) || true`)
				tb.waitJS(`dlockTestSteps().renders > ` + strconv.Itoa(after.Renders))
				drawn := eval[string](tb, pageHTML)
				if stepped != drawn {
					t.Errorf("press %d (%s), to step %s: the step path's page differs from go-app's:\n%s", i+1, p.what, at, firstDifference(stepped, drawn))
				}
			}
		})
	}
}

// idle waits until the browser has been idle twice, and has drawn a frame
// since: what a step leaves for an idle moment is done.
func idle(tb *tab) {
	tb.t.Helper()
	eval[bool](tb, `new Promise((done) => {
		const once = (next) => requestIdleCallback(() => requestAnimationFrame(() => setTimeout(next, 0)), {timeout: 1000});
		once(() => once(() => done(true)));
	})`)
}

// clickStep clicks the step button id, or on a phone the dock's one.
func clickStep(tb *tab, id, dock string) {
	tb.t.Helper()
	eval[bool](tb, `(() => {
		const visible = (el) => el && el.getClientRects().length > 0;
		const b = [document.querySelector('[data-testid="`+id+`"]'), document.querySelector('[data-testid="`+dock+`"]')].find(visible);
		b.click();
		return true;
	})()`)
}

// firstDifference is where a and b first differ, with some of each around
// it.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	cut := func(s string) string { return s[from:min(len(s), i+200)] }
	return "step path: …" + cut(a) + "…\ngo-app:    …" + cut(b) + "…"
}

// A step key shows its step in the very frame it asks for, however the
// page gets it there: the first animation frame after each → already shows
// the step on the counter, in the live region and on the cards. Each press
// is a real key, pressed as soon as the last one's frame is drawn.
func TestAStepKeyShowsItsStepInTheFrameItAsksFor(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", hookedSite(t)), nil)
	tb := newTab(t)
	tb.viewport(1280, 800)
	tb.openIn(host.url("?sw=off&lang=en"), "live")
	total := eval[int](tb, `+document.querySelector('[data-testid="step-counter"]').dataset.total`)
	eval[bool](tb, `(() => {
		window.__frames = [];
		addEventListener("keydown", () => requestAnimationFrame(() => __frames.push([
			document.querySelector('[data-testid="step-counter"]').textContent,
			document.querySelector('[data-testid="announcer"]').textContent,
		])), true);
		return true;
	})()`)
	for range total - 1 {
		tb.key(kb.ArrowRight)
		eval[bool](tb, `new Promise((done) => requestAnimationFrame(() => done(true)))`)
	}
	frames := eval[[][2]string](tb, `__frames`)
	if len(frames) != total-1 {
		t.Fatalf("%d frames after %d presses", len(frames), total-1)
	}
	for i, f := range frames {
		counter := fmt.Sprintf("%d / %d", i+2, total)
		if f[0] != counter || !strings.Contains(f[1], counter) && !strings.Contains(f[1], fmt.Sprintf("%d of %d", i+2, total)) {
			t.Errorf("the frame after press %d shows %q, announcing %q; want %s", i+1, f[0], f[1], counter)
		}
	}
}

// What a step leaves for an idle moment (the links' addresses, the printed
// handout) is there as soon as the reader reaches it: a link the pointer
// moves onto right after a key carries the new step, and the page printed
// right after a key prints the new step's handout.
func TestWhatAStepLeavesForLaterIsThereWhenReached(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", hookedSite(t)), nil)
	tb := newTab(t)
	tb.viewport(1280, 800)
	tb.openIn(host.url("?sw=off&lang=en"), "live")
	tb.key(kb.ArrowRight)
	tb.key(kb.ArrowRight)
	box := eval[[]float64](tb, `(() => { const r = document.querySelector('[data-testid="view-compare"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box[0], box[1]))
	if href := eval[string](tb, `document.querySelector('[data-testid="view-compare"]').getAttribute("href")`); !strings.Contains(href, "step=3") {
		t.Errorf("the compare link under the pointer right after the keys goes to %q, want step=3", href)
	}
	tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	tb.key(kb.ArrowRight)
	printed := squash(printPDF(tb, 8.27, 11.69))
	idle(tb)
	heading := eval[string](tb, `document.querySelector('.handout h2').textContent`)
	if !strings.Contains(heading, "4") || !strings.Contains(printed, squash(heading)) {
		t.Errorf("printed right after the key, the handout is not step 4's %q:\n%s", heading, printed)
	}
}
