package ui

import (
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// listeners are the page's handlers of the browser's events, added at the
// document and the window when the page mounts (Demo.OnMount): keys
// wherever focus is, a move in the history, the page going away, the
// timelines' marks, and printing. Those that change the page's state (a
// key, a move, a click on a mark) hand the change to the page's
// goroutine (ctx.Dispatch), guarded; pagehide writes the address at once,
// before the page goes. Free play's editor listens to its own keys
// (play.go); play's timer is playback's, and the address's writer, which
// also listens to clicks, is addressWriter's.
type listeners struct {
	keydown  app.Func
	popstate app.Func
	pageHide app.Func // writes the address as the page goes
	// The timelines' marks: a click opens a step, pointing or focus shows
	// its note (timeline_control.go).
	markClick, markOver, markOut app.Func
	beforePrint, afterPrint      app.Func // the printed page (handout.go)
}

// add makes the listeners of page d and adds them.
func (l *listeners) add(ctx app.Context, d *Demo) {
	win := app.Window()
	doc := win.Get("document")
	// A step opened from a mark, by a click or a key.
	openStep := func(step int) {
		ctx.Dispatch(func(ctx app.Context) { d.guard("timeline", func() { d.goToStep(ctx, step) }) })
	}

	// Keys at the document level, so they work wherever focus is.
	l.keydown = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 {
			onKey(ctx, d, args[0], openStep)
		}
		return nil
	})
	doc.Call("addEventListener", "keydown", l.keydown)

	// go-app skips a history move to the address it navigated to last,
	// though stepping has since replaced it (a view link, a step, back):
	// the page would keep showing the step it left. Read the address on
	// every move.
	l.popstate = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			d.guard("history", func() {
				d.readURL(app.Window().URL())
				d.syncPage(ctx)
				ctx.Defer(func(app.Context) { keepCurrentInView() })
			})
		})
		return nil
	})
	win.Call("addEventListener", "popstate", l.popstate)

	// A reload or a closed tab must not lose the step the address has not
	// caught up with: the page writes it as it goes (Go runs on the page's
	// one thread, so this reads the state as the page last drew it).
	l.pageHide = app.FuncOf(func(this app.Value, args []app.Value) any {
		d.address.write(ctx, d.s)
		return nil
	})
	win.Call("addEventListener", "pagehide", l.pageHide)

	l.markClick, l.markOver, l.markOut = markHandlers(openStep)
	doc.Call("addEventListener", "click", l.markClick)
	doc.Call("addEventListener", "mouseover", l.markOver)
	doc.Call("addEventListener", "focusin", l.markOver)
	doc.Call("addEventListener", "mouseout", l.markOut)
	doc.Call("addEventListener", "focusout", l.markOut)

	l.beforePrint, l.afterPrint = printHandlers()
	win.Call("addEventListener", "beforeprint", l.beforePrint)
	win.Call("addEventListener", "afterprint", l.afterPrint)
}

// onKey is what key event e does on page d: keys with a modifier and keys
// typed into a field are not the page's; on a timeline's mark the mark's
// keys move between marks or open one (openStep); then 1–4 for predict
// mode's open question, P and Escape for the projector view, Space for
// play, and the step keys' commands.
func onKey(ctx app.Context, d *Demo, e app.Value, openStep func(step int)) {
	if modified(e) || inTextField(e.Get("target")) {
		return
	}
	if handled, step := markKey(e); handled {
		if step != 0 {
			openStep(step)
		}
		return
	}
	if choice, ok := d.quiz.choiceKey(e.Get("key").String()); ok {
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { d.guard("quiz", func() { d.answer(ctx, choice) }) })
		return
	}
	if present, ok := presentKey(e.Get("key").String(), d.s.Present); ok && !d.s.Embed {
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) {
			d.guard("present", func() {
				s := d.s
				s.Present = present
				d.set(ctx, s)
			})
		})
		return
	}
	if key := e.Get("key").String(); (key == " " || key == "Spacebar") && spaceToggles(e.Get("target")) && d.canPlay() {
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { d.guard("play", func() { d.togglePlay(ctx) }) })
		return
	}
	cmd := state.CommandForKey(e.Get("key").String())
	if cmd == state.CmdNone {
		return
	}
	e.Call("preventDefault")
	ctx.Dispatch(func(ctx app.Context) { d.guard("key", func() { d.press(ctx, cmd) }) })
}

// presentKey says what a key does to the projector view: P enters and
// leaves it, Escape leaves it; ok is false for every other key, and for
// Escape outside it (Escape closes a mark's tip first: see markKey).
func presentKey(key string, present bool) (next, ok bool) {
	switch key {
	case "p", "P":
		return !present, true
	case "Escape", "Esc":
		return false, present
	}
	return present, false
}

// modified reports a key pressed with Ctrl, Alt or Meta: those belong to
// the browser (Alt+← is "back").
func modified(e app.Value) bool {
	for _, k := range []string{"ctrlKey", "altKey", "metaKey"} {
		if v := e.Get(k); v.Truthy() {
			return true
		}
	}
	return false
}
