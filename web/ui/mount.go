package ui

import (
	"strings"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The app's first mount replaces the prerendered page with the tree it
// builds. Built whole, that is one task of a few hundred milliseconds on a
// cold start (V8 compiles each function on its first call), during which
// no key is answered. Where the page shows the frame of the state the app
// starts at, the app mounts in parts instead: the first render keeps the
// largest parts as the frame drew them (their HTML, taken from the page),
// and each later task mounts the next of them for real (about mountBudget
// of HTML), after the browser has run what was waiting. A part is a
// subtree whose root says data-mount="key", and may hold parts of its own;
// its HTML is the app's own prerendering of the same state, so nothing on
// screen moves. The page says data-phase="mounting" until the last part is
// real.

// boot is what the page's first mount keeps: what the loader's stepping
// left (handover.go), and the parts still shown as its frame drew them.
type boot struct {
	hand handover
	held heldParts
}

// heldParts are the parts still shown as the frame drew them.
type heldParts struct {
	parts    map[string]string // data-mount → its HTML
	order    []string          // the parts, top to bottom: the order they are mounted in
	weight   map[string]int    // the bytes of HTML mounting a part builds: its own, less the parts it holds
	drawnFor state.Settings    // the state they were drawn for
}

// mountBudget is about how much HTML one task builds, in bytes: a part
// at least, then more while the sum stays below it. Measured on a cold
// start in Chromium, a few kilobytes of the page's HTML take a few tens of
// milliseconds to build, V8 compiling the code on its first call included.
const mountBudget = 10000

// holdParts takes the parts of the page as it stands, drawn for s.
func holdParts(s state.Settings) heldParts {
	found := app.Window().Get("document").Call("querySelectorAll", `main[data-testid="app"] [data-mount]`)
	h := heldParts{parts: map[string]string{}, weight: map[string]int{}, drawnFor: s}
	for i := range found.Length() {
		el := found.Index(i)
		key := el.Get("dataset").Get("mount").String()
		if _, twice := h.parts[key]; twice || key == "" {
			continue
		}
		html := el.Get("outerHTML").String()
		h.parts[key] = html
		h.order = append(h.order, key)
		h.weight[key] += len(html)
		// Its enclosing part does not build what this one holds.
		if outer := el.Get("parentElement").Call("closest", "[data-mount]"); outer.Truthy() {
			h.weight[outer.Get("dataset").Get("mount").String()] -= len(html)
		}
	}
	return h
}

// copy is the parts still held, as a map of its own (nil when none is):
// a component given them sees a part let go as a change of its fields.
func (h heldParts) copy() map[string]string {
	if !h.holding() {
		return nil
	}
	c := make(map[string]string, len(h.parts))
	for k, v := range h.parts {
		c[k] = v
	}
	return c
}

// holding reports parts still held.
func (h heldParts) holding() bool { return len(h.parts) > 0 }

// follow lets go of every part once the state is no longer the one they
// were drawn for: from then on every render draws everything.
func (h *heldParts) follow(ctx app.Context, was, now state.Settings, by cause) {
	if h.holding() && now != h.drawnFor {
		*h = heldParts{}
	}
}

// upNext is the part next lets go of first ("" when none is held).
func (h heldParts) upNext() string {
	for _, key := range h.order {
		if _, ok := h.parts[key]; ok {
			return key
		}
	}
	return ""
}

// next lets go of the next parts, top to bottom: one, then more while
// what they build stays within mountBudget.
func (h *heldParts) next() {
	built := 0
	for len(h.order) > 0 {
		key := h.order[0]
		if _, ok := h.parts[key]; !ok {
			h.order = h.order[1:]
			continue
		}
		if built > 0 && built+h.weight[key] > mountBudget {
			return
		}
		built += h.weight[key]
		h.order = h.order[1:]
		delete(h.parts, key)
	}
}

// part is key as the frame drew it while it is held, else what build draws.
// build's root must carry DataSet("mount", key).
func part(held map[string]string, key string, build func() app.UI) app.UI {
	if html, ok := held[key]; ok {
		return app.Raw(html)
	}
	return build()
}

// mount mounts the held parts, the next few a task (heldParts.next), on
// the page's goroutine, guarded. Before each task, what the reader has in
// the page (focus, open details) is noted, and it is given back after
// (handover.go), once the step path has filled what the render drew empty
// (then): a part mounted for real is new DOM.
func (b *boot) mount(ctx app.Context, runs *state.Runs, guard func(where string, f func()), then func(func())) {
	if !b.held.holding() {
		return
	}
	afterBrowser(0, func() {
		ctx.Dispatch(func(ctx app.Context) {
			guard("mount", func() {
				if !b.held.holding() {
					return // a change of state has drawn everything
				}
				if !partReady(b.held.upNext(), runs) {
					// What it waits for is on its way: again a little later.
					afterBrowser(30, func() { b.mount(ctx, runs, guard, then) })
					return
				}
				b.hand.note()
				b.held.next()
				ctx.Defer(func(ctx app.Context) {
					then(func() {
						b.hand.restore(b.held.holding())
						keepCurrentInView()
						b.mount(ctx, runs, guard, then)
					})
				})
			})
		})
	})
}

// partReady reports whether the part key can be mounted for real: a row
// of the matrix waits for the lab's marks, which the app fetches, so that
// it never shows without them.
func partReady(key string, runs *state.Runs) bool {
	return !strings.HasPrefix(key, "matrix-") || runs.Recordings() != nil
}

// afterBrowser calls fn once the browser has run what is waiting (input, a
// paint) and ms milliseconds have passed: from a timer, so the task that
// asked ends first.
func afterBrowser(ms int, fn func()) {
	var wake app.Func
	wake = app.FuncOf(func(app.Value, []app.Value) any {
		wake.Release()
		fn()
		return nil
	})
	app.Window().Call("setTimeout", wake, ms)
}
