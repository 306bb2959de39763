package ui

import (
	"net/url"
	"slices"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Demo is the page: a shell around the components that draw its settings.
// It holds the settings and the parts of the page that are not
// components: the notices above the view, where the page is and how it is
// drawn, what the loader handed over, the parts still held as its frame
// drew them, the listeners at the document and the window, play, predict
// mode, the address, and a crash. Every change of settings goes through set, and
// what is drawn is core's replay of them. The components keep their own
// state (free play's editor, the search, the embed box) and ask for new
// settings through a pageLink.
type Demo struct {
	app.Compo

	runs *state.Runs // the page's runs (state.Runs), shared with its components
	link *pageLink   // what the components may ask of the page

	s       state.Settings
	notice  notices       // above the view: the opening URL's, a new version (notice.go)
	at      place         // where the page is, for links (link.go)
	mode    drawing       // by the server, as a frame, or live (routes.go)
	hand    handover      // what the loader's stepping left (handover.go)
	held    heldParts     // the parts still as the frame drew them (mount.go)
	on      listeners     // keys, history, marks, print, leaving (listeners.go)
	play    playback      // play and its timer (playback.go)
	quiz    quiz          // predict mode's open question and score (quiz.go)
	address addressWriter // the settings, written to the address (address.go)
	crash   crashes       // a panic caught in a handler or in Render (crash.go)
}

// OnInit reads the URL in the browser before the first render, so the page
// never flashes the default view over the prerendered one.
func (d *Demo) OnInit() {
	d.s, d.at.path = state.Defaults(), "/"
	d.start()
	if app.IsClient {
		d.hand.take()
		d.readURL(app.Window().URL())
		// The first render in the browser is the live one: mounting then
		// needs no second pass to switch the controls on.
		d.mode.live = true
		if d.hand.shown {
			d.held = holdParts(d.s)
		}
	}
}

// start gives the page its runs, if it was made without, and the link its
// components ask through.
func (d *Demo) start() {
	if d.runs == nil {
		d.runs = state.NewRuns()
	}
	if d.link == nil {
		d.link = &pageLink{
			change: func(ctx app.Context, edit func(state.Settings) state.Settings) { d.set(ctx, edit(d.s)) },
			guard:  d.guard,
			play:   d.togglePlay,
			pace:   d.onPace,
		}
	}
}

// OnNav reads the URL on the server (prerendering) and on navigation.
func (d *Demo) OnNav(ctx app.Context) {
	d.guard("navigation", func() {
		d.readURL(ctx.Page().URL())
		// It reads the address the loader left, which is of the state the
		// loader had reached: what it had not done yet follows, and the
		// first navigation is the page's opening.
		d.hand.navigated(func(cmd state.Command) { d.do(ctx, cmd) })
		d.syncPage(ctx)
		// A link ("Edit this run", a matrix cell) opens a run at a late
		// step: its timeline scrolls to it.
		ctx.Defer(func(app.Context) { keepCurrentInView() })
	})
}

func (d *Demo) readURL(u *url.URL) {
	if u == nil {
		return
	}
	d.address.cancel() // the address is the state now
	d.s, d.notice.bad = state.ParseSettings(d.runs, u.Query())
	if q, ok := d.hand.opening(); ok {
		// The loader may have stepped on and written the address: the
		// notice is about the one the reader opened.
		_, d.notice.bad = state.ParseSettings(d.runs, q)
	}
	d.at.read(u)
}

// syncPage gives the document the language and title of the settings. A
// page the server prerenders for a state that has frames (the one-run
// view) also starts the download of its run's frames file, which the
// loader steps through before the app runs.
func (d *Demo) syncPage(ctx app.Context) {
	ctx.Page().SetLang(string(d.s.Lang))
	ctx.Page().SetTitle("%s", words.T(d.s.Lang, "page.title"))
	if !app.IsClient && !d.mode.onePage && d.s.HasFrame() {
		ctx.Page().SetPreloads(app.Preload{
			Type: "text/html", As: "fetch", FetchPriority: "high",
			Href: state.FramesFile(d.s.Lang, d.s.Embed, d.s.View, d.s.Scenario, d.s.Strategy) + " crossorigin=anonymous",
		})
	}
}

// OnMount starts listening to the browser: keys at the document level,
// so they work wherever focus is, the history, the page going, the
// timelines' marks, printing (listeners.go), and clicks that navigate,
// before which a due address is written (address.go).
func (d *Demo) OnMount(ctx app.Context) {
	d.on.add(ctx, d)
	d.address.listen(ctx, func(ctx app.Context) bool {
		before := d.crash.caught
		d.guard("address", func() { d.address.write(ctx, d.s) })
		return d.crash.caught != before // the crash view, to be drawn
	})
	d.mode.live = true
	d.syncPage(ctx)
	if installTestHooks != nil {
		installTestHooks(d, ctx)
	}
	d.hand.restore(d.held.holding())
	keepCurrentInView()
	d.autoplay(ctx)
	d.mountHeld(ctx)
}

// OnAppUpdate is called by go-app when a new version of the site has been
// installed in the background: the page offers a reload.
func (d *Demo) OnAppUpdate(ctx app.Context) {
	d.notice.update = true
}

func (d *Demo) onReload(ctx app.Context, e app.Event) {
	d.address.write(ctx, d.s) // the reload must come back to the step shown
	ctx.Reload()
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

// CommandButtons are the controls bound to a command, by data-testid. The
// loader (static/loader) is given them, to work them before the app runs.
var CommandButtons = map[string]state.Command{
	"btn-first": state.CmdFirst, "btn-prev": state.CmdPrev, "btn-next": state.CmdNext, "btn-advance": state.CmdNext,
	"dock-prev": state.CmdPrev, "dock-next": state.CmdNext,
	"btn-last": state.CmdLast, "fencing-switch": state.CmdToggleFencing, "lang-switch": state.CmdToggleLang,
}

// do carries out a command from a button or a key. In predict mode a step
// forward stops before a question (quiz.go).
func (d *Demo) do(ctx app.Context, cmd state.Command) {
	if d.crash.forcing("command") {
		panic("a panic forced by the test hook, in a command")
	}
	if s, ok := d.quizStep(cmd); ok {
		// The question asked stays open at the step it stops at, which
		// may be past the one shown (End over steps that ask nothing).
		asking := d.quiz.asking
		d.set(ctx, s)
		d.quiz.asking = asking
		if asking != nil {
			// Asked from the bottom bar on a phone, the question is
			// above, out of sight.
			askInView()
		}
		return
	}
	d.set(ctx, d.s.Do(d.runs, cmd))
}

// press carries out a command given by a key or a button, in the handler
// that dispatched it. A command that changes nothing (← at the first
// step, → or End at the last, which a held key repeats) leaves the page
// undrawn: that handler's dispatch was the only update it asked for.
func (d *Demo) press(ctx app.Context, cmd state.Command) {
	before, asking := d.s, d.quiz.asking
	d.do(ctx, cmd)
	if d.s == before && d.quiz.asking == asking && d.crash.caught == nil {
		ctx.PreventUpdate()
	}
}

// set makes s the page's state; the address follows soon after (see
// addressWriter).
func (d *Demo) set(ctx app.Context, s state.Settings) {
	if s == d.s {
		return
	}
	d.pausedBy(s)
	d.quiz.moved(d.s, s)
	langChanged := s.Lang != d.s.Lang
	d.s = s
	d.address.schedule(ctx, s)
	ctx.Defer(func(app.Context) { keepCurrentInView() })
	if langChanged {
		d.syncPage(ctx)
	}
}

func (d *Demo) onCommand(cmd state.Command) app.EventHandler {
	return d.safe("command", func(ctx app.Context, e app.Event) { d.press(ctx, cmd) })
}

func (d *Demo) onLang(ctx app.Context, e app.Event) { d.press(ctx, state.CmdToggleLang) }

// onDismissNotice hides the URL notice. Focus moves to the main control
// first, so it is not lost with the button that held it.
func (d *Demo) onDismissNotice(ctx app.Context, e app.Event) {
	if d.s.View == state.ViewMatrix {
		focusTestID("matrix")
	} else {
		focusTestID("btn-advance")
	}
	d.notice.bad = nil
}

// focusTestID moves keyboard focus to the element with that data-testid.
func focusTestID(id string) {
	el := app.Window().Get("document").Call("querySelector", `[data-testid="`+id+`"]`)
	if el.Truthy() {
		el.Call("focus")
	}
}

// Render draws the view the settings select, or the crash view after a
// panic (in Render itself too).
func (d *Demo) Render() (ui app.UI) {
	if d.crash.caught != nil {
		return d.crashView()
	}
	defer func() {
		if p := recover(); p != nil {
			d.crashed("render", p)
			ui = d.crashView()
		}
	}()
	d.start() // a page made for prerendering has had no OnInit
	if d.crash.forcing("render") {
		panic("a panic forced by the test hook, while rendering")
	}
	l := d.s.Lang
	d.held.drop(d.s)
	page := newPageView(d.s, d.runs, d.link, d.at.path, d.mode.live, d.mode.enhanced)
	page.held = d.held.copy()
	page.playing = d.play.playing
	page.quiz = d.quiz.shown(d.s)
	page.quiz.answer, page.quiz.toggle = d.onAnswer, d.safe("quiz", func(ctx app.Context, e app.Event) { d.toggleQuiz(ctx) })
	embed := d.s.Embed
	closing := closingKey(d.s, page.sc)
	var body app.UI
	switch d.s.View {
	case state.ViewMatrix:
		body = page.matrix()
	case state.ViewCompare:
		body = page.compare(d.onCommand)
	case state.ViewPlay:
		body = page.play(d.onCommand)
	case state.ViewSearch:
		body = page.search()
	case state.ViewCourse:
		body = page.course()
	default:
		body = page.demo(d.onCommand)
	}
	mode := "page"
	if embed {
		mode = "embed"
	}
	present := ""
	if d.s.Present {
		present = "present"
	}
	return el("main").
		Class("dlock", "view-"+string(d.s.View), mode, present).
		DataSet("testid", "app").
		DataSet("phase", d.mode.phase(d.held.holding())).
		DataSet("view", string(d.s.View)).
		DataSet("version", orNone(d.mode.build())).
		Aria("busy", !d.mode.live && !d.mode.enhanced).
		Lang(string(l)).
		Body(
			// The slots stay when what they hold goes: go-app matches
			// children by position, and a vanishing child would rebuild
			// (and unfocus) everything after it.
			d.notice.slot(l, d.onReload, d.safe("dismiss", d.onDismissNotice)),
			elBody("section.frame aria-labelledby=demo-title",
				page.header(d.safe("language", d.onLang)),
				app.If(!embed, page.viewNav),
				page.pickers(),
				body,
			),
			app.If(!embed && d.s.View != state.ViewMatrix && d.s.View != state.ViewCourse, func() app.UI {
				return part(d.held.parts, "embed", func() app.UI {
					return &embedBox{Embed: d.embed(), Lang: l, Live: d.mode.live, Link: d.link}
				})
			}),
			app.If(!embed && closing != "", func() app.UI {
				return el("p.legend data-testid=closing").DataSet("value", closing).Text(closingText(l, closing))
			}),
			app.If(!embed && d.s.View != state.ViewMatrix, func() app.UI {
				key := "keys.help"
				switch {
				case d.s.View == state.ViewCompare:
					key = "keys.help.compare"
				case d.s.View == state.ViewPlay:
					key = "keys.help.play"
				case d.s.View == state.ViewSearch || d.s.View == state.ViewCourse:
					return el("p")
				}
				return elText("p.keys-help", words.T(l, key))
			}),
		)
}

// embed is what a host page needs to embed the current view: its address,
// embedded, the iframe's title, and the site's embed.js.
func (d *Demo) embed() Embed {
	s := d.s
	s.Embed = true
	return Embed{
		Src:   d.at.url(s),
		Title: words.T(d.s.Lang, "embed.iframe-title"),
		// embed.js sits beside the page, in the site's directory.
		Script: d.at.beside("embed.js"),
	}
}

// closingText is the closing paragraph of key: where it is the page's
// moral (the book's story, the matrix), the resource's duties follow it.
func closingText(l state.Lang, key string) string {
	if key == "legend" || key == "matrix.moral" {
		return words.T(l, key) + " " + words.T(l, "moral.resource")
	}
	return words.T(l, key)
}

// closingKey is the message id of the paragraph that closes the view: the
// book's moral for its scenario, each scenario's own point, the matrix's
// reading of the table; "" where there is none (free play, the search).
func closingKey(s state.Settings, sc core.Scenario) string {
	switch {
	case s.View == state.ViewMatrix:
		return "matrix.moral"
	case s.View == state.ViewPlay || s.View == state.ViewSearch || s.View == state.ViewCourse:
		return ""
	case sc.ID == core.GCPauseID:
		return "legend"
	}
	return "moral." + sc.ID
}
