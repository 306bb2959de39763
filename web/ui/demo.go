package ui

import (
	"net/url"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Demo is the page: a shell that holds the settings and draws them. Every
// change of settings goes through set, which tells each part that follows
// them (change.go): play (playback.go), predict mode (quiz.go), the
// address (address.go), the parts still held from the loader's frame
// (mount.go), the document's language and title (routes.go), and the
// step path (steps.go), which draws a step of the run shown without
// drawing the page. What is drawn is core's replay of the settings
// (view.go). The components keep their own state (free play's editor, the
// search, the embed box) and ask for new settings through a pageLink.
type Demo struct {
	app.Compo

	runs *state.Runs // the page's runs (state.Runs), shared with its components
	link *pageLink   // what the components may ask of the page

	s       state.Settings
	notice  notices       // above the view: the opening URL's, a new version (notice.go)
	at      place         // where the page is, for links (link.go)
	mode    drawing       // by the server, as a frame, or live (routes.go)
	boot    boot          // what the loader left, and the parts still as its frame drew them (mount.go)
	on      listeners     // keys, history, marks, print, leaving (listeners.go)
	play    playback      // play and its timer (playback.go)
	quiz    quiz          // predict mode's open question and score (quiz.go)
	address addressWriter // the settings, written to the address (address.go)
	crash   crashes       // a panic caught in a handler or in Render (crash.go)
	steps   stepPath      // a step drawn without drawing the page (steps.go)
}

// OnInit reads the URL in the browser before the first render, so the page
// never flashes the default view over the prerendered one.
func (d *Demo) OnInit() {
	d.s, d.at.path = state.Defaults(), "/"
	d.start()
	if app.IsClient {
		d.boot.hand.take()
		d.s = d.read(app.Window().URL())
		// The loader may have switched the language after app.wasm
		// loaded the words of the first: the page starts in the one it
		// has, and the first navigation loads the other (set).
		d.s.Lang = loadedLang(d.s.Lang)
		// The first render in the browser is the live one: mounting then
		// needs no second pass to switch the controls on.
		d.mode.live = true
		if d.boot.hand.shown {
			d.boot.held = holdParts(d.s)
		}
	}
}

// start gives the page its runs, if it was made without, and what its
// parts are given of it: the link its components ask through, and what
// play, predict mode and a crash's report need to know of the page.
func (d *Demo) start() {
	if d.runs == nil {
		d.runs = state.NewRuns()
	}
	if d.link != nil {
		return
	}
	d.link = &pageLink{
		change: func(ctx app.Context, edit func(state.Settings) state.Settings) { d.set(ctx, edit(d.s), byLink) },
		guard:  d.crash.guard,
		press:  func(ctx app.Context, cmd state.Command) { d.press(ctx, cmd, byCommand) },
		play:   d.play.toggle,
		answer: d.quiz.reply,
	}
	d.play.at = func() (state.Settings, int, bool) { return d.s, d.s.Total(d.runs), d.quiz.asking != nil }
	d.play.step = func(ctx app.Context, cmd state.Command) { d.press(ctx, cmd, byPlay) }
	d.play.guard = d.crash.guard
	d.quiz.page = func() state.Settings { return d.s }
	d.quiz.show = func(ctx app.Context, s state.Settings) { d.set(ctx, s, byQuiz) }
	d.crash.report = func() (state.Settings, string) { return d.s, d.at.url(d.s) }
	d.steps.runs, d.steps.guard, d.steps.page = d.runs, d.crash.guard, d.drawn
}

// OnNav reads the URL on the server (prerendering) and on navigation.
func (d *Demo) OnNav(ctx app.Context) {
	d.crash.guard("navigation", func() {
		was := d.s
		d.set(ctx, d.read(ctx.Page().URL()), byNav)
		if was.View != d.s.View || was.Scenario != d.s.Scenario || was.Exercise != d.s.Exercise {
			// A link to another page of the site opens it at its top.
			openAtTop()
		}
		// It reads the address the loader left, which is of the state the
		// loader had reached: what it had not done yet follows, and the
		// first navigation is the page's opening.
		d.boot.hand.navigated(func(cmd state.Command) { d.do(ctx, cmd, byLoader) })
		d.mode.sync(ctx, d.s)
		// A link ("Edit this run", a matrix cell) opens a run at a late
		// step: its timeline scrolls to it.
		ctx.Defer(func(app.Context) { keepCurrentInView() })
	})
}

// read is the settings the address u says, and the notice about what in
// it could not be used; it notes where the page is.
func (d *Demo) read(u *url.URL) state.Settings {
	if u == nil {
		return d.s
	}
	s, bad := state.ParseSettings(d.runs, u.Query())
	d.notice.bad = bad
	if q, ok := d.boot.hand.opening(); ok {
		// The loader may have stepped on and written the address: the
		// notice is about the one the reader opened.
		_, d.notice.bad = state.ParseSettings(d.runs, q)
	}
	d.at.read(u)
	return s
}

// OnMount starts listening to the browser: keys at the document level,
// so they work wherever focus is, the history, the page going, the
// timelines' marks, printing (listeners.go), and clicks that navigate,
// before which a due address is written (address.go).
func (d *Demo) OnMount(ctx app.Context) {
	d.on.add(ctx, d, d.crash.guard)
	d.address.listen(ctx, func(ctx app.Context) bool {
		before := d.crash.caught
		d.crash.guard("address", func() { d.address.write(ctx, d.s) })
		return d.crash.caught != before // the crash view, to be drawn
	})
	d.mode.live = true
	d.mode.sync(ctx, d.s)
	if installTestHooks != nil {
		installTestHooks(d, ctx)
	}
	d.steps.then(func() {
		d.boot.hand.restore(d.boot.held.holding())
		keepCurrentInView()
	})
	d.play.autoplay(ctx)
	d.boot.mount(ctx, d.runs, d.crash.guard, d.steps.then)
}

// OnAppUpdate is called by go-app when a new version of the site has been
// installed in the background: the page offers a reload.
func (d *Demo) OnAppUpdate(ctx app.Context) {
	d.notice.update = true
}

// set makes s the page's state, a change caused by by, and tells each part
// that follows the settings, once.
func (d *Demo) set(ctx app.Context, s state.Settings, by cause) {
	if s == d.s {
		return
	}
	if !words.Has(s.Lang) {
		// The words of the other language come first; the change is
		// made once they are in, unless the page changed meanwhile.
		asked := d.s
		wordsOf(s.Lang, func(err error) {
			ctx.Dispatch(func(ctx app.Context) {
				if d.s != asked {
					return
				}
				d.notice.words = err != nil
				if err == nil {
					d.crash.guard("words", func() { d.set(ctx, s, by) })
				}
			})
		})
		return
	}
	d.notice.words = false
	was := d.s
	d.s = s
	for _, f := range [...]follower{&d.play, &d.quiz, &d.address, &d.boot.held, &d.mode, &d.steps} {
		f.follow(ctx, was, s, by)
	}
}

// do carries out a command, a change caused by by. In predict mode a step
// forward stops before a question (quiz.go), a change of predict mode's.
func (d *Demo) do(ctx app.Context, cmd state.Command, by cause) {
	if d.crash.forcing("command") {
		panic("a panic forced by the test hook, in a command")
	}
	if s, ok := d.quiz.take(d.s, d.runs, cmd); ok {
		d.set(ctx, s, by)
		if d.quiz.asking != nil {
			// Asked from the bottom bar on a phone, the question is
			// above, out of sight.
			askInView()
		}
		return
	}
	d.set(ctx, d.s.Do(d.runs, cmd), by)
}

// press carries out a command given by a key, a button or play, in the
// handler that dispatched it. It leaves the page undrawn where nothing
// changed (← at the first step, → or End at the last, which a held key
// repeats), or where the step path drew all that did (steps.go).
func (d *Demo) press(ctx app.Context, cmd state.Command, by cause) {
	before := d.drawn()
	d.do(ctx, cmd, by)
	if after := d.drawn(); after == before || d.steps.drewAll(after) {
		ctx.PreventUpdate()
	}
}

// keyed is what the page's keys mean now (listeners.go).
func (d *Demo) keyed() keyed {
	k := keyed{present: d.s.Present, embed: d.s.Embed, playable: d.play.canPlay()}
	if d.quiz.asking != nil {
		k.choices = d.quiz.asking.Choices
	}
	return k
}

// act does what an event of the browser asks (listeners.go).
func (d *Demo) act(ctx app.Context, a action) {
	switch {
	case a.leaving:
		d.address.write(ctx, d.s)
	case a.history:
		d.set(ctx, d.read(app.Window().URL()), byHistory)
		d.mode.sync(ctx, d.s)
		ctx.Defer(func(app.Context) { keepCurrentInView() })
	case a.choice != "":
		d.quiz.reply(ctx, a.choice)
	case a.present != nil:
		s := d.s
		s.Present = *a.present
		d.set(ctx, s, byCommand)
	case a.play:
		d.play.toggle(ctx)
	case a.step != 0:
		// A step opened from a timeline's mark, as a step key would.
		if a.step <= d.s.Total(d.runs) {
			s := d.s
			s.Step = a.step
			d.set(ctx, s, byMark)
			if d.steps.drewAll(d.drawn()) {
				ctx.PreventUpdate()
			}
		}
	case a.cmd != state.CmdNone:
		d.press(ctx, a.cmd, byCommand)
	}
}

// drawn is what the page draws from beside its settings: whether play
// plays, predict mode's question and answer, a crash, a notice.
func (d *Demo) drawn() drawnState {
	return drawnState{s: d.s, held: d.boot.held.holding(), playing: d.play.playing, asking: d.quiz.asking, last: d.quiz.last,
		caught: d.crash.caught, notice: len(d.notice.bad)}
}

// Render draws the view the settings select, or the crash view after a
// panic (in Render itself too).
func (d *Demo) Render() (ui app.UI) {
	reset := func(ctx app.Context) {
		d.crash.caught, d.notice.bad = nil, nil
		s := state.Defaults()
		s.Lang, s.Embed = d.s.Lang, d.s.Embed
		d.set(ctx, s, byReset)
		focusTestID("btn-advance")
	}
	if d.crash.caught != nil {
		return d.crash.view(reset)
	}
	defer func() {
		if p := recover(); p != nil {
			d.crash.crashed("render", p)
			ui = d.crash.view(reset)
		}
	}()
	d.start() // a page made for prerendering has had no OnInit
	if d.crash.forcing("render") {
		panic("a panic forced by the test hook, while rendering")
	}
	page := newPageView(d.s, d.runs, d.link, d.at, d.mode)
	page.held = d.boot.held.copy()
	page.playing = d.play.playing
	page.quiz = d.quiz.shown(d.s)
	page.steps = d.steps.begin(d.s, d.mode.live)
	d.steps.rendered = d.drawn()
	return page.main(d.notice.slot(d.s.Lang,
		d.crash.safe("reload", func(ctx app.Context, e app.Event) {
			d.address.write(ctx, d.s) // the reload must come back to the step shown
			ctx.Reload()
		}),
		d.crash.safe("dismiss", func(ctx app.Context, e app.Event) {
			// Focus moves to the main control first, so it is not lost with
			// the button that held it.
			if d.s.View == state.ViewMatrix {
				focusTestID("matrix")
			} else {
				focusTestID("btn-advance")
			}
			d.notice.bad = nil
		}),
	))
}

// focusTestID moves keyboard focus to the element with that data-testid.
func focusTestID(id string) {
	el := app.Window().Get("document").Call("querySelector", `[data-testid="`+id+`"]`)
	if el.Truthy() {
		el.Call("focus")
	}
}

// undoKey reports Ctrl+Z (or ⌘Z) as "undo", with Shift (or Ctrl+Y) as
// "redo", and anything else as "".
func undoKey(e app.Value) string {
	if !e.Get("ctrlKey").Truthy() && !e.Get("metaKey").Truthy() || e.Get("altKey").Truthy() {
		return ""
	}
	switch e.Get("key").String() {
	case "z":
		if e.Get("shiftKey").Truthy() {
			return "redo"
		}
		return "undo"
	case "Z", "y", "Y":
		return "redo"
	}
	return ""
}

// CommandButtons are the controls bound to a command, by data-testid. The
// loader (static/loader) is given them, to work them before the app runs.
var CommandButtons = map[string]state.Command{
	"btn-first": state.CmdFirst, "btn-prev": state.CmdPrev, "btn-next": state.CmdNext, "btn-advance": state.CmdNext,
	"dock-prev": state.CmdPrev, "dock-next": state.CmdNext,
	"btn-last": state.CmdLast, "fencing-switch": state.CmdToggleFencing, "lang-switch": state.CmdToggleLang,
}

// closingText is the closing paragraph of key: where it is the page's
// moral (the book's story, the matrix), the resource's duties follow it.
func closingText(l state.Lang, key string) string {
	if key == "legend" || key == "matrix.moral" {
		return words.T(l, key) + " " + words.T(l, "moral.resource")
	}
	return words.T(l, key)
}
