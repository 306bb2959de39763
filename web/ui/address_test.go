package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// drawCounter counts its renders, and keeps its context to dispatch from
// (go-app gives a component one natively in OnPreRender; OnMount is the
// browser's).
type drawCounter struct {
	app.Compo
	ctx   app.Context
	draws int
}

func (c *drawCounter) OnPreRender(ctx app.Context) { c.ctx = ctx }

func (c *drawCounter) Render() app.UI {
	c.draws++
	return app.Div()
}

// The address's write, dispatched when the browser is idle after a step or
// as a click begins, leaves the page undrawn: it shows nothing on it. A
// panic caught in it (the crash view) draws the page; a dispatch of
// anything else draws it as go-app always does.
func TestTheAddressIsWrittenWithoutDrawingThePage(t *testing.T) {
	c := &drawCounter{}
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	dispatch := func(f func(app.Context)) int {
		before := c.draws
		c.ctx.Dispatch(f)
		e.ConsumeAll()
		return c.draws - before
	}
	written := 0
	if n := dispatch(undrawn(func(app.Context) bool { written++; return false })); n != 0 || written != 1 {
		t.Errorf("the address written %d times drew the page %d times, want once and never", written, n)
	}
	if n := dispatch(undrawn(func(app.Context) bool { return true })); n != 1 {
		t.Errorf("a write that must draw the page (a crash) drew it %d times, want once", n)
	}
	if n := dispatch(func(app.Context) {}); n != 1 {
		t.Errorf("any other dispatch drew the page %d times, want once", n)
	}
	// A click: the write, as the click begins, then the clicked control's
	// own handler, in one batch, either way round: drawn once.
	for _, first := range []bool{true, false} {
		before := c.draws
		write, handler := undrawn(func(app.Context) bool { return false }), func(app.Context) {}
		if first {
			c.ctx.Dispatch(write)
			c.ctx.Dispatch(handler)
		} else {
			c.ctx.Dispatch(handler)
			c.ctx.Dispatch(write)
		}
		e.ConsumeAll()
		if n := c.draws - before; n != 1 {
			t.Errorf("a click's write and handler (write first: %v) drew the page %d times, want once", first, n)
		}
	}
}
