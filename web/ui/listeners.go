package ui

import (
	"slices"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// listeners are the page's handlers of the browser's events, added at the
// document and the window when the page mounts (Demo.OnMount): keys
// wherever focus is, a move in the history, the page going away, the
// timelines' marks, and printing. They know the page only as a pageEvents:
// what a key means there now, and what to do about it. Those that change
// the page's state hand the change to the page's goroutine
// (ctx.Dispatch), guarded. Free play's editor listens to its own keys
// (play.go); play's timer is playback's, and the address's writer, which
// also listens to clicks, is addressWriter's.
type listeners struct {
	keydown  app.Func
	told     app.Func // a step key the loader's side showed first
	popstate app.Func
	pageHide app.Func // writes the address as the page goes
	// The timelines' marks: a click opens a step, pointing or focus shows
	// its note (timeline_control.go).
	markClick, markOver, markOut app.Func
	beforePrint, afterPrint      app.Func // the printed page (handout.go)
}

// pageEvents is what the listeners need of the page.
type pageEvents interface {
	// keyed is what the page's keys mean now.
	keyed() keyed
	// act does a, on the page's goroutine.
	act(ctx app.Context, a action)
}

// keyed is what the page's keys mean now: predict mode's choices (those
// of the question open), whether the projector view is on and can be
// (not in an embed), and whether Space plays.
type keyed struct {
	choices        []string
	present, embed bool
	playable       bool
}

// action is what an event asks of the page: one of a command (a step
// key), a choice of predict mode, the projector view on or off, play
// started or paused, a timeline's step opened, the address read again (a
// move in the history), the address written at once (the page going).
type action struct {
	cmd     state.Command
	choice  string
	present *bool
	play    bool
	step    int
	history bool
	leaving bool
}

// add makes the listeners of page p and adds them.
func (l *listeners) add(ctx app.Context, p pageEvents, guard func(where string, f func())) {
	win := app.Window()
	doc := win.Get("document")
	do := func(where string, a action) {
		ctx.Dispatch(func(ctx app.Context) { guard(where, func() { p.act(ctx, a) }) })
	}

	// Keys at the document level, so they work wherever focus is.
	l.keydown = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		e := args[0]
		if where, a, ok := keyAction(e, p.keyed()); ok {
			e.Call("preventDefault")
			if a != (action{}) {
				do(where, a)
			}
		}
		return nil
	})
	doc.Call("addEventListener", "keydown", l.keydown)
	// A step key the loader's step path showed before the app heard of it
	// (steps.js, key) is told here, once its frame is drawn, by its
	// command's name: the app does it as the key.
	l.told = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 {
			if cmd := state.CommandNamed(args[0].String()); cmd != state.CmdNone {
				do("key", action{cmd: cmd})
			}
		}
		return nil
	})
	if h := hands(); h.Truthy() {
		h.Set("tell", l.told)
	}

	// go-app skips a history move to the address it navigated to last,
	// though stepping has since replaced it (a view link, a step, back):
	// the page would keep showing the step it left. Read the address on
	// every move.
	l.popstate = app.FuncOf(func(this app.Value, args []app.Value) any {
		do("history", action{history: true})
		return nil
	})
	win.Call("addEventListener", "popstate", l.popstate)

	// A reload or a closed tab must not lose the step the address has not
	// caught up with: the page writes it as it goes, at once (Go runs on
	// the page's one thread, so this reads the state as the page last drew
	// it).
	l.pageHide = app.FuncOf(func(this app.Value, args []app.Value) any {
		guard("address", func() { p.act(ctx, action{leaving: true}) })
		return nil
	})
	win.Call("addEventListener", "pagehide", l.pageHide)

	l.markClick, l.markOver, l.markOut = markHandlers(func(step int) { do("timeline", action{step: step}) })
	doc.Call("addEventListener", "click", l.markClick)
	doc.Call("addEventListener", "mouseover", l.markOver)
	doc.Call("addEventListener", "focusin", l.markOver)
	doc.Call("addEventListener", "mouseout", l.markOut)
	doc.Call("addEventListener", "focusout", l.markOut)

	l.beforePrint, l.afterPrint = printHandlers()
	win.Call("addEventListener", "beforeprint", l.beforePrint)
	win.Call("addEventListener", "afterprint", l.afterPrint)
}

// keyAction is what key event e asks of a page whose keys mean k: where
// (the guard's name) and the action; ok false where the key is not the
// page's (a modifier held, typed into a field, a key it does not use).
// A key that does what it asks at once (a move between a timeline's
// marks) is the page's, with no action left to do. The order: a timeline's mark's keys, then 1–4 for
// predict mode's open question, P and Escape for the projector view,
// Space for play, and the step keys' commands.
func keyAction(e app.Value, k keyed) (where string, a action, ok bool) {
	if modified(e) || inTextField(e.Get("target")) {
		return "", action{}, false
	}
	if handled, step := markKey(e); handled {
		// On a mark, its keys move between the marks (markKey did that), or
		// open its step.
		if step == 0 {
			return "", action{}, true
		}
		return "timeline", action{step: step}, true
	}
	key := e.Get("key").String()
	if choice, ok := choiceKey(k.choices, key); ok {
		return "quiz", action{choice: choice}, true
	}
	if present, ok := presentKey(key, k.present); ok && !k.embed {
		return "present", action{present: &present}, true
	}
	if (key == " " || key == "Spacebar") && spaceToggles(e.Get("target")) && k.playable {
		return "play", action{play: true}, true
	}
	if cmd := state.CommandForKey(key); cmd != state.CmdNone {
		return "key", action{cmd: cmd}, true
	}
	return "", action{}, false
}

// choiceKey is the choice the key 1–4 names among choices, in the order
// shown; false for any other key, and where there are none.
func choiceKey(choices []string, key string) (string, bool) {
	if len(key) != 1 || key[0] < '1' || key[0] > '4' {
		return "", false
	}
	i := int(key[0] - '1')
	if i >= len(choices) {
		return "", false
	}
	return choices[i], true
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

// inTextField reports whether keys typed at el are input for it: text
// fields, and selects, whose arrows change their choice.
func inTextField(el app.Value) bool {
	if !el.Truthy() {
		return false
	}
	if ce := el.Get("isContentEditable"); ce.Truthy() {
		return true
	}
	return slices.Contains(TextFields, el.Get("tagName").String())
}

// TextFields are the elements (by tagName) where keys are input, not
// commands. The app and the loader (static/loader) both read the list.
var TextFields = []string{"INPUT", "TEXTAREA", "SELECT"}
