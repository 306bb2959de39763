package ui

import (
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Play steps the run by itself, one step every state.PlayInterval ms at
// 1× (half as often at 0.5×, twice as often at 2×), until the last step.
// The play button and Space (where focus is not in a field or on another
// control) start and pause it; a step key, a click on a step control or
// on the timeline pauses it. autoplay=1 starts it once the page is
// visible, unless the reader prefers reduced motion: then only a press
// does. In the compare view both columns step together, as with the keys.

// playback is the page's play: whether it plays, and its timer. It knows
// the page only by what it is given: where the page is (at), and how to
// make a step of its own (step), whose change it recognises by its cause.
type playback struct {
	playing bool
	// at says where the page is: its settings, the steps of what it shows
	// and whether predict mode has a question open.
	at func() (s state.Settings, total int, asking bool)
	// step makes play's step: the command, as a change caused by play.
	step func(ctx app.Context, cmd state.Command)
	// guard runs f; a panic in it becomes the crash view.
	guard func(where string, f func())
	timer app.Func // the timeout's callback
	id    app.Value
	// visible waits for a hidden page to be shown, to autoplay then.
	visible app.Func
}

// playable reports whether a page in settings s showing total steps has
// steps to play.
func playable(s state.Settings, total int) bool {
	switch s.View {
	case state.ViewMatrix, state.ViewSearch, state.ViewCourse:
		return false
	}
	return total > 1
}

// canPlay reports whether the page shows steps to play.
func (p *playback) canPlay() bool {
	s, total, _ := p.at()
	return playable(s, total)
}

// toggle starts play, from the first step if the run is at its last, or
// pauses it.
func (p *playback) toggle(ctx app.Context) {
	if p.playing {
		p.pause()
		return
	}
	s, total, _ := p.at()
	if !playable(s, total) {
		return
	}
	if s.Step >= total {
		p.step(ctx, state.CmdFirst)
	}
	p.playing = true
	p.schedule(ctx)
}

// schedule sets the timeout for play's next step (in the browser).
func (p *playback) schedule(ctx app.Context) {
	if !app.IsClient {
		return
	}
	if p.timer == nil {
		p.timer = app.FuncOf(func(this app.Value, args []app.Value) any {
			ctx.Dispatch(func(ctx app.Context) { p.guard("play", func() { p.tick(ctx) }) })
			return nil
		})
	}
	s, _, _ := p.at()
	p.id = app.Window().Call("setTimeout", p.timer, state.PlayInterval*100/s.PaceOrDefault())
}

// tick is play's step: the next one; play stops at the last (as it makes
// it, so that the step draws the play button paused), and at a question
// of predict mode.
func (p *playback) tick(ctx app.Context) {
	if !p.playing {
		return
	}
	if s, total, _ := p.at(); s.Step+1 >= total {
		p.pause()
	}
	p.step(ctx, state.CmdNext)
	if s, total, asking := p.at(); p.playing && (s.Step >= total || !playable(s, total) || asking) {
		p.pause()
	}
	if p.playing {
		p.schedule(ctx)
	}
}

// pause stops play.
func (p *playback) pause() {
	p.playing = false
	if app.IsClient && p.id != nil && p.id.Truthy() {
		app.Window().Call("clearTimeout", p.id)
	}
	p.id = nil
}

// follow pauses play where the page moves otherwise than play moves it: a
// step key, a step control, a mark of the timeline, another run or view.
func (p *playback) follow(ctx app.Context, was, now state.Settings, by cause) {
	if !p.playing || by == byPlay {
		return
	}
	if now.Step != was.Step || now.Scenario != was.Scenario || now.Strategy != was.Strategy || now.Versus != was.Versus ||
		now.View != was.View || now.Script != was.Script {
		p.pause()
	}
}

// autoplay starts play for autoplay=1 once the page is visible, unless the
// reader prefers reduced motion.
func (p *playback) autoplay(ctx app.Context) {
	if s, _, _ := p.at(); !s.Autoplay || !p.canPlay() {
		return
	}
	win := app.Window()
	if mq := win.Call("matchMedia", "(prefers-reduced-motion: reduce)"); mq.Get("matches").Bool() {
		return
	}
	doc := win.Get("document")
	if doc.Get("visibilityState").String() == "visible" {
		p.toggle(ctx)
		return
	}
	p.visible = app.FuncOf(func(this app.Value, args []app.Value) any {
		if doc.Get("visibilityState").String() != "visible" {
			return nil
		}
		doc.Call("removeEventListener", "visibilitychange", p.visible)
		ctx.Dispatch(func(ctx app.Context) {
			p.guard("autoplay", func() {
				if !p.playing {
					p.toggle(ctx)
				}
			})
		})
		return nil
	})
	doc.Call("addEventListener", "visibilitychange", p.visible)
}

// spaceToggles reports whether Space pressed at el is play's: not where it
// types or presses a control of its own.
func spaceToggles(el app.Value) bool {
	if !el.Truthy() || inTextField(el) {
		return false
	}
	switch el.Get("tagName").String() {
	case "BUTTON", "A", "SUMMARY", "OPTION", "LABEL":
		return false
	}
	role := el.Call("getAttribute", "role")
	return !role.Truthy() || (role.String() != "button" && role.String() != "switch" && role.String() != "radio" && role.String() != "checkbox")
}
