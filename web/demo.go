package web

import (
	"net/url"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Demo is the page. It holds no other state than Settings, the notice about
// the opening URL and the page's path; every change goes through set, and
// what is drawn is core's replay of the settings.
type Demo struct {
	app.Compo

	s    Settings
	bad  []BadParam // parameters of the opening URL that could not be used
	path string     // the page's path, for links that keep the site's prefix
	live bool       // mounted in the browser and handling input

	keydown app.Func
}

// OnInit reads the URL in the browser before the first render, so the page
// never flashes the default view over the prerendered one.
func (d *Demo) OnInit() {
	d.s, d.path = Defaults(), "/"
	if app.IsClient {
		d.readURL(app.Window().URL())
	}
}

// OnNav reads the URL on the server (prerendering) and on navigation.
func (d *Demo) OnNav(ctx app.Context) {
	d.readURL(ctx.Page().URL())
	d.syncPage(ctx)
}

func (d *Demo) readURL(u *url.URL) {
	if u == nil {
		return
	}
	d.s, d.bad = ParseSettings(u.Query())
	if d.path = u.Path; d.path == "" {
		d.path = "/"
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
		if modified(e) || inTextField(e.Get("target")) {
			return nil
		}
		cmd := CommandForKey(e.Get("key").String())
		if cmd == CmdNone {
			return nil
		}
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { d.do(ctx, cmd) })
		return nil
	})
	app.Window().Get("document").Call("addEventListener", "keydown", d.keydown)
	d.live = true
	d.syncPage(ctx)
}

// OnDismount stops listening to keys.
func (d *Demo) OnDismount() {
	if d.keydown != nil {
		app.Window().Get("document").Call("removeEventListener", "keydown", d.keydown)
		d.keydown.Release()
		d.keydown = nil
	}
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
	d.set(ctx, d.s.Do(cmd))
}

// set makes s the page's state and writes it to the URL.
func (d *Demo) set(ctx app.Context, s Settings) {
	if s == d.s {
		return
	}
	langChanged := s.Lang != d.s.Lang
	d.s = s
	u := *ctx.Page().URL()
	u.RawQuery = s.Query(u.Query()).Encode()
	ctx.Page().ReplaceURL(&u)
	if langChanged {
		d.syncPage(ctx)
	}
}

func (d *Demo) onCommand(cmd Command) app.EventHandler {
	return func(ctx app.Context, e app.Event) { d.do(ctx, cmd) }
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
	if _, ok := core.ScenarioByID(id); !ok {
		return
	}
	s := d.s
	s.Scenario, s.Step, s.Versus = id, 1, ""
	d.set(ctx, s)
}

// onStrategy changes the left (or only) strategy, or with right the
// compare view's right one; the step is kept.
func (d *Demo) onStrategy(right bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
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
	}
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

// Render draws the view the settings select.
func (d *Demo) Render() app.UI {
	l := d.s.Lang
	phase := "static"
	if d.live {
		phase = "live"
	}
	page := pageView{s: d.s, href: d.href}
	var body app.UI
	switch d.s.View {
	case ViewMatrix:
		body = page.matrix()
	case ViewCompare:
		body = page.compare(d.onCommand)
	default:
		body = page.demo(d.onCommand)
	}
	return app.Main().
		Class("dlock", "view-"+string(d.s.View)).
		DataSet("testid", "app").
		DataSet("phase", phase).
		DataSet("view", string(d.s.View)).
		Lang(string(l)).
		Body(
			// The slot stays when the notice goes: go-app matches children
			// by position, and a vanishing first child would rebuild (and
			// unfocus) everything after it.
			app.Div().Class("notice-slot").Body(
				app.If(len(d.bad) > 0, func() app.UI { return urlNotice(l, d.bad, d.onDismissNotice) }),
			),
			app.Section().Class("frame").Aria("labelledby", "demo-title").Body(
				page.header(d.onLang),
				page.viewNav(),
				page.pickers(d.onScenario, d.onStrategy),
				body,
			),
			app.P().Class("legend").Text(T(l, "legend")),
			app.If(d.s.View != ViewMatrix, func() app.UI {
				key := "keys.help"
				if d.s.View == ViewCompare {
					key = "keys.help.compare"
				}
				return app.P().Class("keys-help").Text(T(l, key))
			}),
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
					return app.Li().
						DataSet("param", bad[i].Name).
						Text(T(l, "notice.bad", bad[i].Name, bad[i].Value))
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
