package web

import (
	"encoding/json"
	"html"
	"net/url"
	"strings"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Demo is the page. It holds no other state than Settings, the notice about
// the opening URL and the page's path; every change goes through set, and
// what is drawn is core's replay of the settings.
type Demo struct {
	app.Compo

	s      Settings
	bad    []BadParam // parameters of the opening URL that could not be used
	path   string     // the page's path, for links that keep the site's prefix
	origin string     // the page's origin, for the embed code ("" while prerendering)
	live   bool       // mounted in the browser and handling input
	// enhanced marks a frame prerendered for the loader to step through
	// before the app runs (see frames.go): its step, fencing and language
	// controls work, the rest waits for the app.
	enhanced bool
	version  string // the build, for prerendered frames ("" reads GOAPP_VERSION)
	// What the loader's stepping left: the control that had focus, and the
	// classes of the details that were open (see takeOver).
	handedFocus string
	handedOpen  []string
	update      bool   // a new version has been installed: offer a reload
	copied      string // what the "copy embed code" control last did, said aloud

	keydown   app.Func
	popstate  app.Func
	resized   app.Func
	urlWriter app.Func // writes the address when the browser is idle
	// urlPending: the settings changed since the address was last written.
	urlPending bool
	height     int // the height last posted to an embedding page

	crash *crash // a panic caught in a handler or in Render: see crash.go

	// Free play's editor (play.go): its fields, what it last said, and the
	// scripts before and after the one shown, for undo and redo.
	playClient, playVerb, playArg string
	playHold                      bool
	playError, playSaid           string
	playPast, playFuture          []string

	// The search under way or done (searchview.go), and what it last said.
	search    *searchRun
	searchSay string
	// forcedPanic is set only by the test build's hook (testhook.go), to
	// make the next Render ("render") or command ("command") panic.
	forcedPanic string
}

// OnInit reads the URL in the browser before the first render, so the page
// never flashes the default view over the prerendered one.
func (d *Demo) OnInit() {
	d.s, d.path = Defaults(), "/"
	d.playClient, d.playVerb = "A", "acquire"
	if app.IsClient {
		d.takeOver()
		d.readURL(app.Window().URL())
		// The first render in the browser is the live one: mounting then
		// needs no second pass to switch the controls on.
		d.live = true
	}
}

// takeOver ends the loader's stepping through prerendered frames (static
// app.js, dlockHandover), if it was stepping: the loader writes the address
// of the step it reached, which readURL then reads, and says what had focus
// and which details were open, which OnMount restores, so the reader sees no
// jump and loses no key.
func (d *Demo) takeOver() {
	handover := app.Window().Get("dlockHandover")
	if !handover.Truthy() {
		return
	}
	var was struct {
		Focus string   `json:"focus"`
		Open  []string `json:"open"`
	}
	if err := json.Unmarshal([]byte(handover.Invoke().String()), &was); err == nil {
		d.handedFocus, d.handedOpen = was.Focus, was.Open
	}
}

// restoreHandover gives back what the reader had before the app ran.
func (d *Demo) restoreHandover() {
	doc := app.Window().Get("document")
	for _, class := range d.handedOpen {
		sel := "main details." + strings.Join(strings.Fields(class), ".")
		if el := doc.Call("querySelector", sel); el.Truthy() {
			el.Set("open", true)
		}
	}
	if d.handedFocus != "" {
		focusTestID(d.handedFocus)
	}
	d.handedFocus, d.handedOpen = "", nil
}

// OnNav reads the URL on the server (prerendering) and on navigation.
func (d *Demo) OnNav(ctx app.Context) {
	d.guard("navigation", func() {
		d.readURL(ctx.Page().URL())
		d.syncPage(ctx)
		d.searchFor(ctx)
	})
}

func (d *Demo) readURL(u *url.URL) {
	if u == nil {
		return
	}
	d.urlPending = false // the address is the state now
	d.s, d.bad = ParseSettings(u.Query())
	if d.path = u.Path; d.path == "" {
		d.path = "/"
	}
	if u.Host != "" && u.Scheme != "" {
		d.origin = u.Scheme + "://" + u.Host
	}
}

// syncPage gives the document the language and title of the settings.
func (d *Demo) syncPage(ctx app.Context) {
	ctx.Page().SetLang(string(d.s.Lang))
	ctx.Page().SetTitle("%s", T(d.s.Lang, "page.title"))
}

// OnMount starts listening to keys at the document level, so they work
// wherever focus is.
func (d *Demo) OnMount(ctx app.Context) {
	d.keydown = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		e := args[0]
		if d.s.View == ViewPlay && undoKey(e) != "" && !inTextField(e.Get("target")) {
			e.Call("preventDefault")
			redo := undoKey(e) == "redo"
			ctx.Dispatch(func(ctx app.Context) {
				d.guard("key", func() {
					if redo {
						d.onPlayRedo(ctx, app.Event{})
					} else {
						d.onPlayUndo(ctx, app.Event{})
					}
				})
			})
			return nil
		}
		if modified(e) || inTextField(e.Get("target")) {
			return nil
		}
		cmd := CommandForKey(e.Get("key").String())
		if cmd == CmdNone {
			return nil
		}
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { d.guard("key", func() { d.do(ctx, cmd) }) })
		return nil
	})
	app.Window().Get("document").Call("addEventListener", "keydown", d.keydown)
	// go-app skips a history move to the address it navigated to last,
	// though stepping has since replaced it (a view link, a step, back):
	// the page would keep showing the step it left. Read the address on
	// every move.
	d.popstate = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			d.guard("history", func() {
				d.readURL(app.Window().URL())
				d.syncPage(ctx)
				d.searchFor(ctx)
			})
		})
		return nil
	})
	app.Window().Call("addEventListener", "popstate", d.popstate)
	d.urlWriter = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { d.guard("address", func() { d.writeURL(ctx) }) })
		return nil
	})
	// A click on a link navigates: the page it leaves must keep the address
	// of what it showed, so a due write goes first (this listener captures
	// the click before go-app's navigation sees it).
	app.Window().Get("document").Call("addEventListener", "click", d.urlWriter, true)
	d.live = true
	d.syncPage(ctx)
	if d.s.Embed {
		d.postHeight()
	}
	if installTestHooks != nil {
		installTestHooks(d, ctx)
	}
	d.restoreHandover()
	d.searchFor(ctx)
}

// postHeight tells an embedding page how tall the demo is, now and
// whenever that changes, so the page can size its iframe:
// postMessage({type: "dlock:resize", height}).
func (d *Demo) postHeight() {
	win := app.Window()
	if win.Get("parent").Equal(win.JSValue()) {
		return
	}
	post := func() {
		root := win.Get("document").Get("documentElement")
		h := root.Call("getBoundingClientRect").Get("height").Float()
		height := int(h + 0.999)
		if height == d.height {
			return
		}
		d.height = height
		win.Get("parent").Call("postMessage", map[string]any{"type": "dlock:resize", "height": height}, "*")
	}
	d.resized = app.FuncOf(func(this app.Value, args []app.Value) any {
		post()
		return nil
	})
	observer := win.Get("ResizeObserver")
	if !observer.Truthy() {
		post()
		return
	}
	observer.New(d.resized).Call("observe", win.Get("document").Get("documentElement"))
	post()
}

// OnAppUpdate is called by go-app when a new version of the site has been
// installed in the background: the page offers a reload.
func (d *Demo) OnAppUpdate(ctx app.Context) {
	d.update = true
}

func (d *Demo) onReload(ctx app.Context, e app.Event) {
	d.writeURL(ctx) // the reload must come back to the step shown
	ctx.Reload()
}

// onCopyEmbed copies the embed code for the current state. Where the
// clipboard is not available it selects the code for Ctrl+C instead.
func (d *Demo) onCopyEmbed(ctx app.Context, e app.Event) {
	win := app.Window()
	clipboard := win.Get("navigator").Get("clipboard")
	if !clipboard.Truthy() {
		d.selectEmbedCode()
		return
	}
	// The browser may refuse (the document is not focused, no permission):
	// then select the code for Ctrl+C, as where there is no clipboard.
	var done, refused app.Func
	settle := func(copied bool) {
		done.Release()
		refused.Release()
		ctx.Dispatch(func(app.Context) {
			if copied {
				d.copied = "embed.copied"
			} else {
				d.selectEmbedCode()
			}
		})
	}
	done = app.FuncOf(func(app.Value, []app.Value) any { settle(true); return nil })
	refused = app.FuncOf(func(app.Value, []app.Value) any { settle(false); return nil })
	clipboard.Call("writeText", d.embedSnippet()).Call("then", done, refused)
}

func (d *Demo) selectEmbedCode() {
	win := app.Window()
	if code := win.Get("document").Call("querySelector", `[data-testid="embed-code"]`); code.Truthy() {
		win.Call("getSelection").Call("selectAllChildren", code)
	}
	d.copied = "embed.selected"
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
	switch el.Get("tagName").String() {
	case "INPUT", "TEXTAREA", "SELECT":
		return true
	}
	return false
}

// do carries out a command from a button or a key.
func (d *Demo) do(ctx app.Context, cmd Command) {
	if d.forcedPanic == "command" {
		d.forcedPanic = ""
		panic("a panic forced by the test hook, in a command")
	}
	d.set(ctx, d.s.Do(cmd))
}

// set makes s the page's state; the address follows soon after (see
// scheduleURL).
func (d *Demo) set(ctx app.Context, s Settings) {
	if s == d.s {
		return
	}
	langChanged := s.Lang != d.s.Lang
	d.s, d.copied = s, ""
	d.scheduleURL(ctx)
	if langChanged {
		d.syncPage(ctx)
	}
	d.searchFor(ctx)
}

// scheduleURL writes the settings to the address when the browser is next
// idle (within 200 ms): history.replaceState costs a millisecond or more,
// which a step key should not wait for. Before the app runs in a browser it
// writes at once.
func (d *Demo) scheduleURL(ctx app.Context) {
	if d.urlWriter == nil {
		d.urlPending = true
		d.writeURL(ctx)
		return
	}
	if d.urlPending {
		return
	}
	d.urlPending = true
	win := app.Window()
	if idle := win.Get("requestIdleCallback"); idle.Truthy() {
		win.Call("requestIdleCallback", d.urlWriter, map[string]any{"timeout": 200})
	} else {
		win.Call("setTimeout", d.urlWriter, 50)
	}
}

// writeURL writes the settings to the address, if a write is still due (a
// navigation cancels it).
func (d *Demo) writeURL(ctx app.Context) {
	if !d.urlPending {
		return
	}
	d.urlPending = false
	u := *ctx.Page().URL()
	u.RawQuery = d.s.Query(u.Query()).Encode()
	ctx.Page().ReplaceURL(&u)
}

func (d *Demo) onCommand(cmd Command) app.EventHandler {
	return d.safe("command", func(ctx app.Context, e app.Event) { d.do(ctx, cmd) })
}

func (d *Demo) onLang(ctx app.Context, e app.Event) {
	s := d.s
	if s.Lang == Japanese {
		s.Lang = English
	} else {
		s.Lang = Japanese
	}
	d.set(ctx, s)
}

// onScenario switches the story; the new one starts at its first step.
func (d *Demo) onScenario(ctx app.Context, e app.Event) {
	id := ctx.JSSrc().Get("value").String()
	if _, ok := scenarioOf(id); !ok {
		return
	}
	s := d.s
	s.Scenario, s.Step, s.Versus = id, 1, ""
	d.set(ctx, s)
}

// onStrategy changes the left (or only) strategy, or with right the
// compare view's right one; the step is kept.
func (d *Demo) onStrategy(right bool) app.EventHandler {
	return d.safe("strategy", func(ctx app.Context, e app.Event) {
		st := core.Strategy(ctx.JSSrc().Get("value").String())
		if !st.Valid() {
			return
		}
		s := d.s
		if right {
			s.Versus = st
		} else {
			if s.View == ViewCompare && s.Versus == "" {
				s.Versus = s.Compared()[1]
			}
			s.Strategy = st
		}
		d.set(ctx, s)
	})
}

// onDismissNotice hides the URL notice. Focus moves to the main control
// first, so it is not lost with the button that held it.
func (d *Demo) onDismissNotice(ctx app.Context, e app.Event) {
	if d.s.View == ViewMatrix {
		focusTestID("matrix")
	} else {
		focusTestID("btn-advance")
	}
	d.bad = nil
}

// focusTestID moves keyboard focus to the element with that data-testid.
func focusTestID(id string) {
	el := app.Window().Get("document").Call("querySelector", `[data-testid="`+id+`"]`)
	if el.Truthy() {
		el.Call("focus")
	}
}

// href is a link to the page in other settings, keeping the site's prefix.
func (d *Demo) href(s Settings) string {
	return d.path + "?" + s.Query(nil).Encode()
}

// Render draws the view the settings select, or the crash view after a
// panic (in Render itself too).
func (d *Demo) Render() (ui app.UI) {
	if d.crash != nil {
		return d.crashView()
	}
	defer func() {
		if p := recover(); p != nil {
			d.crashed("render", p)
			ui = d.crashView()
		}
	}()
	if d.forcedPanic == "render" {
		d.forcedPanic = ""
		panic("a panic forced by the test hook, while rendering")
	}
	l := d.s.Lang
	phase := "static"
	switch {
	case d.live:
		phase = "live"
	case d.enhanced:
		phase = "enhanced"
	}
	version := d.version
	if version == "" {
		version = app.Getenv("GOAPP_VERSION")
	}
	page := newPageView(d.s, d.href, d.live, d.enhanced)
	embed := d.s.Embed
	closing := closingKey(d.s, page.sc)
	var body app.UI
	switch d.s.View {
	case ViewMatrix:
		body = page.matrix()
	case ViewCompare:
		body = page.compare(d.onCommand)
	case ViewPlay:
		body = page.play(d)
	case ViewSearch:
		body = page.searchView(d)
	default:
		body = page.demo(d.onCommand)
	}
	mode := "page"
	if embed {
		mode = "embed"
	}
	return app.Main().
		Class("dlock", "view-"+string(d.s.View), mode).
		DataSet("testid", "app").
		DataSet("phase", phase).
		DataSet("view", string(d.s.View)).
		DataSet("version", orNone(version)).
		Aria("busy", !d.live && !d.enhanced).
		Lang(string(l)).
		Body(
			// The slots stay when what they hold goes: go-app matches
			// children by position, and a vanishing child would rebuild
			// (and unfocus) everything after it.
			app.Div().Class("notice-slot").Body(
				app.If(d.update, func() app.UI { return updatePrompt(l, d.onReload) }),
				app.If(len(d.bad) > 0, func() app.UI { return urlNotice(l, d.bad, d.safe("dismiss", d.onDismissNotice)) }),
			),
			app.Section().Class("frame").Aria("labelledby", "demo-title").Body(
				page.header(d.safe("language", d.onLang)),
				app.If(!embed, page.viewNav),
				page.pickers(d),
				body,
			),
			app.If(!embed && d.s.View != ViewMatrix, func() app.UI {
				return embedCode(l, d.embedSnippet(), d.copied, d.live, d.safe("embed", d.onCopyEmbed))
			}),
			app.If(!embed && closing != "", func() app.UI {
				return app.P().Class("legend").DataSet("testid", "closing").DataSet("value", closing).Text(T(l, closing))
			}),
			app.If(!embed && d.s.View != ViewMatrix, func() app.UI {
				key := "keys.help"
				switch {
				case d.s.View == ViewCompare:
					key = "keys.help.compare"
				case d.s.View == ViewPlay:
					key = "keys.help.play"
				case d.s.View == ViewSearch:
					return app.P()
				}
				return app.P().Class("keys-help").Text(T(l, key))
			}),
		)
}

// embedSnippet is the HTML a host page pastes to embed the current view:
// the iframe, and a listener that keeps it as tall as the demo.
func (d *Demo) embedSnippet() string {
	s := d.s
	s.Embed = true
	src := d.origin + d.href(s)
	return `<iframe src="` + html.EscapeString(src) + `" title="` + html.EscapeString(T(d.s.Lang, "embed.iframe-title")) +
		`" width="100%" height="760" style="border:0" loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>` + "\n" +
		`<script>addEventListener("message", (e) => { for (const f of document.querySelectorAll("iframe")) ` +
		`if (f.contentWindow === e.source && e.data && e.data.type === "dlock:resize") f.height = e.data.height; });</script>`
}

func updatePrompt(l Lang, reload app.EventHandler) app.UI {
	return app.Div().Class("notice", "update").Role("status").DataSet("testid", "update-prompt").Body(
		app.P().Text(T(l, "update.available")),
		app.Button().Type("button").Class("btn", "primary").DataSet("testid", "update-reload").Text(T(l, "update.reload")).OnClick(reload),
	)
}

func embedCode(l Lang, snippet, copied string, live bool, onCopy app.EventHandler) app.UI {
	status := ""
	if copied != "" {
		status = T(l, copied)
	}
	return app.Details().Class("embed-code").Body(
		app.Summary().Text(T(l, "embed.title")),
		app.P().Class("muted").Text(T(l, "embed.about")),
		// A pre, not a textarea: go-app prerenders a textarea's text as a
		// quoted attribute, which breaks the HTML.
		app.Pre().Class("embed-snippet").DataSet("testid", "embed-code").Text(snippet),
		app.Div().Class("embed-actions").Body(
			app.Button().Type("button").Class("btn").DataSet("testid", "copy-embed").Aria("disabled", !live).Text(T(l, "embed.copy")).OnClick(onCopy),
			app.Span().Role("status").DataSet("testid", "copy-status").Text(status),
		),
	)
}

func urlNotice(l Lang, bad []BadParam, dismiss app.EventHandler) app.UI {
	return app.Div().
		Class("notice").
		Role("status").
		DataSet("testid", "url-notice").
		DataSet("value", bad[0].Name).
		Body(
			app.Ul().Body(
				app.Range(bad).Slice(func(i int) app.UI {
					text := T(l, "notice.bad", bad[i].Name, bad[i].Value)
					if bad[i].Name == ParamScript {
						_, err := core.ParseScript(bad[i].Value)
						text = T(l, "notice.script", scriptProblem(l, err))
					}
					return app.Li().DataSet("param", bad[i].Name).Text(text)
				}),
			),
			app.Button().
				Type("button").
				Class("notice-dismiss").
				DataSet("testid", "url-notice-dismiss").
				Aria("label", T(l, "notice.dismiss")).
				Text("×").
				OnClick(dismiss),
		)
}

// closingKey is the message id of the paragraph that closes the view: the
// book's moral for its scenario, each scenario's own point, the matrix's
// reading of the table; "" where there is none (free play, the search).
func closingKey(s Settings, sc core.Scenario) string {
	switch {
	case s.View == ViewMatrix:
		return "matrix.moral"
	case s.View == ViewPlay || s.View == ViewSearch:
		return ""
	case sc.ID == core.GCPause().ID:
		return "legend"
	}
	return "moral." + sc.ID
}
