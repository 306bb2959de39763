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
// the test build's hook asks for (testhook.go). It knows the page only by
// what a report says of it (report).
type crashes struct {
	caught *crash
	// forced makes the next Render ("render") or command ("command")
	// panic; only the test build's hook sets it.
	forced string
	// report is what a crash's report says of the page: its settings, and
	// the address that reproduces them.
	report func() (s state.Settings, url string)
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
func (c *crashes) guard(where string, f func()) {
	defer func() {
		if p := recover(); p != nil {
			c.crashed(where, p)
		}
	}()
	f()
}

// safe is h, guarded.
func (c *crashes) safe(where string, h app.EventHandler) app.EventHandler {
	return func(ctx app.Context, e app.Event) { c.guard(where, func() { h(ctx, e) }) }
}

// crashed records a panic and reports it: on the console for whoever
// debugs, and to an embedding page as {type: "dlock:error", message, url}.
func (c *crashes) crashed(where string, p any) {
	s, url := c.report()
	caught := &crash{where: where, message: fmt.Sprint(p), state: s, url: url}
	c.caught = caught
	if !app.IsClient {
		return
	}
	win := app.Window()
	win.Get("console").Call("warn", "dlock: "+where+" panicked: "+caught.message+"\n"+string(debug.Stack()))
	if parent := win.Get("parent"); parent.Truthy() && !parent.Equal(win.JSValue()) {
		parent.Call("postMessage", map[string]any{
			"type":    "dlock:error",
			"message": words.T(s.Lang, "crash.title") + " " + caught.message,
			"url":     url,
		}, "*")
	}
}

// view draws the crash caught (see crashPage); reset leaves it.
func (c *crashes) view(reset func(ctx app.Context)) app.UI {
	k := c.caught
	return &crashPage{Where: k.where, Message: k.message, URL: k.url, State: k.state, Reset: reset}
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
