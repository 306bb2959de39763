package ui

import (
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// addressWriter keeps the address (the URL's query) following the page's
// settings. Every change is written when the browser is next idle (within
// 200 ms): history.replaceState costs a millisecond or more, which a step
// key should not wait for. A write still due goes first when a link is
// clicked, and when the page goes (Demo's pagehide listener). Before the
// page is mounted in a browser, it writes at once.
type addressWriter struct {
	// pending: the settings changed since the address was last written.
	pending bool
	// writer writes the address when the browser is idle, and before a
	// click navigates (nil until listen).
	writer app.Func
}

// listen makes the writer, which calls write (on the page's goroutine,
// leaving the page undrawn), and writes a due address before a click on a
// link navigates: the page it leaves must keep the address of what it
// showed (this listener captures the click before go-app's navigation
// sees it).
func (a *addressWriter) listen(ctx app.Context, write func(ctx app.Context) (redraw bool)) {
	a.writer = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(undrawn(write))
		return nil
	})
	app.Window().Get("document").Call("addEventListener", "click", a.writer, true)
}

// undrawn is write as a dispatch that leaves the page undrawn, unless
// write says it must be drawn (a panic it caught shows the crash view).
// The address shows nothing on the page; a dispatch draws its component
// again, and the page is one component: otherwise each write, when the
// browser is idle after a step or as any click begins, would render and
// compare the whole page for nothing. A click's own handler asks for its
// own redraw.
func undrawn(write func(ctx app.Context) (redraw bool)) func(app.Context) {
	return func(ctx app.Context) {
		if !write(ctx) {
			ctx.PreventUpdate()
		}
	}
}

// schedule notes that the settings are now s, and has the address
// written when the browser is next idle; before listen, it writes s at
// once.
func (a *addressWriter) schedule(ctx app.Context, s state.Settings) {
	if a.writer == nil {
		a.pending = true
		a.write(ctx, s)
		return
	}
	if a.pending {
		return
	}
	a.pending = true
	win := app.Window()
	if idle := win.Get("requestIdleCallback"); idle.Truthy() {
		win.Call("requestIdleCallback", a.writer, map[string]any{"timeout": 200})
	} else {
		win.Call("setTimeout", a.writer, 50)
	}
}

// write writes s to the address, if a write is still due.
func (a *addressWriter) write(ctx app.Context, s state.Settings) {
	if !a.pending {
		return
	}
	a.pending = false
	u := *ctx.Page().URL()
	u.RawQuery = s.Query(u.Query()).Encode()
	ctx.Page().ReplaceURL(&u)
}

// follow has the address written once the settings change, unless the
// change is the address read (a navigation, a move in the history): that
// address is the state now, and a write still due for the state before it
// is dropped.
func (a *addressWriter) follow(ctx app.Context, was, now state.Settings, by cause) {
	if by.read() {
		a.pending = false
		return
	}
	a.schedule(ctx, now)
}
