package ui

import (
	"strconv"

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

// playback is the page's play state.
type playback struct {
	playing bool
	ticking bool     // the step being made is play's own
	timer   app.Func // the timeout's callback
	id      app.Value
	// visible waits for a hidden page to be shown, to autoplay then.
	visible app.Func
}

// canPlay reports whether the view shown has steps to play.
func (d *Demo) canPlay() bool {
	switch d.s.View {
	case state.ViewMatrix, state.ViewSearch, state.ViewCourse:
		return false
	}
	return d.s.Total(d.runs) > 1
}

// togglePlay starts play, from the first step if the run is at its last,
// or pauses it.
func (d *Demo) togglePlay(ctx app.Context) {
	if d.play.playing {
		d.pause()
		return
	}
	if !d.canPlay() {
		return
	}
	if d.s.Step >= d.s.Total(d.runs) {
		d.play.ticking = true
		d.do(ctx, state.CmdFirst)
		d.play.ticking = false
	}
	d.play.playing = true
	d.schedule(ctx)
}

// schedule sets the timeout for play's next step.
func (d *Demo) schedule(ctx app.Context) {
	if !app.IsClient {
		return
	}
	if d.play.timer == nil {
		d.play.timer = app.FuncOf(func(this app.Value, args []app.Value) any {
			ctx.Dispatch(func(ctx app.Context) { d.guard("play", func() { d.tick(ctx) }) })
			return nil
		})
	}
	interval := state.PlayInterval * 100 / d.s.PaceOrDefault()
	d.play.id = app.Window().Call("setTimeout", d.play.timer, interval)
}

// tick is play's step: the next one, and play stops at the last, and at
// a question of predict mode.
func (d *Demo) tick(ctx app.Context) {
	if !d.play.playing {
		return
	}
	d.play.ticking = true
	d.do(ctx, state.CmdNext)
	d.play.ticking = false
	if d.s.Step >= d.s.Total(d.runs) || !d.canPlay() || d.quiz.asking != nil {
		d.pause()
		return
	}
	d.schedule(ctx)
}

// pause stops play.
func (d *Demo) pause() {
	d.play.playing = false
	if app.IsClient && d.play.id != nil && d.play.id.Truthy() {
		app.Window().Call("clearTimeout", d.play.id)
	}
	d.play.id = nil
}

// pausedBy pauses play where s moves the run otherwise than play does: a
// step key, a step control, a mark of the timeline, another run.
func (d *Demo) pausedBy(s state.Settings) {
	if !d.play.playing || d.play.ticking {
		return
	}
	was := d.s
	if s.Step != was.Step || s.Scenario != was.Scenario || s.Strategy != was.Strategy || s.Versus != was.Versus ||
		s.View != was.View || s.Script != was.Script {
		d.pause()
	}
}

// onPace sets play's pace from its select.
func (d *Demo) onPace(ctx app.Context, e app.Event) {
	pace, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	for _, p := range state.Paces {
		if p == pace {
			s := d.s
			s.Pace = pace
			if pace == 100 {
				s.Pace = 0
			}
			d.set(ctx, s)
		}
	}
}

// autoplay starts play for autoplay=1 once the page is visible, unless the
// reader prefers reduced motion.
func (d *Demo) autoplay(ctx app.Context) {
	if !d.s.Autoplay || !d.canPlay() {
		return
	}
	win := app.Window()
	if mq := win.Call("matchMedia", "(prefers-reduced-motion: reduce)"); mq.Get("matches").Bool() {
		return
	}
	doc := win.Get("document")
	if doc.Get("visibilityState").String() == "visible" {
		d.togglePlay(ctx)
		return
	}
	d.play.visible = app.FuncOf(func(this app.Value, args []app.Value) any {
		if doc.Get("visibilityState").String() != "visible" {
			return nil
		}
		doc.Call("removeEventListener", "visibilitychange", d.play.visible)
		ctx.Dispatch(func(ctx app.Context) {
			d.guard("autoplay", func() {
				if !d.play.playing {
					d.togglePlay(ctx)
				}
			})
		})
		return nil
	})
	doc.Call("addEventListener", "visibilitychange", d.play.visible)
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
