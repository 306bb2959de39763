package ui

import (
	"fmt"
	"runtime/debug"
	"strings"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// crash is what the page keeps of a panic: enough for a report. A panic in
// WebAssembly would kill the whole app, silently, in front of the readers
// of someone else's documentation; the page catches it in every event
// handler and in Render, shows this instead of the view that failed, tells
// an embedding page, and stays usable.
type crash struct {
	where   string         // "render", or the event that was being handled
	message string         // what panicked, in the words of the panic
	state   state.Settings // the settings it happened in
	url     string         // the address that reproduces it
}

// crashes are what the page keeps of panics: the one caught, which the
// page shows instead of its view until the reader leaves it, and the one
// the test build's hook asks for (testhook.go).
type crashes struct {
	caught *crash
	// forced makes the next Render ("render") or command ("command")
	// panic; only the test build's hook sets it.
	forced string
}

// forcing reports whether the test hook asked for a panic in where, and
// forgets that it did.
func (c *crashes) forcing(where string) bool {
	if c.forced != where {
		return false
	}
	c.forced = ""
	return true
}

// guard runs f; a panic in it becomes the crash view.
func (d *Demo) guard(where string, f func()) {
	defer func() {
		if p := recover(); p != nil {
			d.crashed(where, p)
		}
	}()
	f()
}

// safe is h, guarded.
func (d *Demo) safe(where string, h app.EventHandler) app.EventHandler {
	return func(ctx app.Context, e app.Event) { d.guard(where, func() { h(ctx, e) }) }
}

// crashed records a panic and reports it: on the console for whoever
// debugs, and to an embedding page as {type: "dlock:error", message, url}.
func (d *Demo) crashed(where string, p any) {
	c := &crash{where: where, message: fmt.Sprint(p), state: d.s}
	c.url = d.at.url(d.s)
	d.crash.caught = c
	if !app.IsClient {
		return
	}
	win := app.Window()
	win.Get("console").Call("warn", "dlock: "+where+" panicked: "+c.message+"\n"+string(debug.Stack()))
	if parent := win.Get("parent"); parent.Truthy() && !parent.Equal(win.JSValue()) {
		parent.Call("postMessage", map[string]any{
			"type":    "dlock:error",
			"message": words.T(d.s.Lang, "crash.title") + " " + c.message,
			"url":     c.url,
		}, "*")
	}
}

// onCrashReset leaves the crash view for the default view.
func (d *Demo) onCrashReset(ctx app.Context) {
	d.crash.caught, d.notice.bad = nil, nil
	s := state.Defaults()
	s.Lang, s.Embed = d.s.Lang, d.s.Embed
	d.s = state.Settings{} // set writes the URL only when the settings change
	d.set(ctx, s)
	focusTestID("btn-advance")
}

// crashView draws the crash (see crashPage).
func (d *Demo) crashView() app.UI {
	c := d.crash.caught
	return &crashPage{Where: c.where, Message: c.message, URL: c.url, State: c.state, Reset: d.onCrashReset}
}

// crashPage says what went wrong, what to report, and offers the way back
// (Reset).
type crashPage struct {
	app.Compo
	Where, Message, URL string
	State               state.Settings
	Reset               func(ctx app.Context)
}

func (c *crashPage) Render() app.UI {
	l := c.State.Lang
	st := words.T(l, "crash.state", c.State.Scenario, c.State.Strategy, c.State.Step, c.State.View)
	return el("main.dlock.view-crash data-testid=app data-phase=live data-view=crash").
		Lang(string(l)).
		Body(
			el("section.frame.crash role=alert data-testid=crash").DataSet("value", c.Where).Body(
				elText("h1", words.T(l, "crash.title")),
				elText("p", words.T(l, "crash.report")),
				elText("pre.crash-url data-testid=crash-url", c.URL),
				elText("p data-testid=crash-state", st),
				elText("p.muted data-testid=crash-message", strings.TrimSpace(c.Message)),
				el("button.btn.primary type=button data-testid=crash-reset").
					Text(words.T(l, "crash.reset")).
					OnClick(func(ctx app.Context, e app.Event) { c.Reset(ctx) }),
			),
		)
}

// installTestHooks is set only in the test build (go build -tags dlocktest,
// testhook.go): it lets a browser test force a panic. It is nil in the
// build people load.
var installTestHooks func(d *Demo, ctx app.Context)
