package ui

import (
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// embedBox offers the HTML that embeds the view shown in another page, and
// copies it. What it last did ("copied", "selected") is its own, and is
// forgotten when the code changes.
type embedBox struct {
	app.Compo
	Snippet string // the code (see embedSnippet)
	Lang    state.Lang
	Live    bool
	Link    *pageLink

	copied string // the catalogue key of what the control last did, said aloud
}

// OnUpdate forgets what the control last did: the code it copied is gone.
func (c *embedBox) OnUpdate(ctx app.Context) { c.copied = "" }

func (c *embedBox) Render() app.UI {
	l := c.Lang
	status := ""
	if c.copied != "" {
		status = words.T(l, c.copied)
	}
	return app.Details().Class("embed-code").Body(
		app.Summary().Text(words.T(l, "embed.title")),
		app.P().Class("muted").Text(words.T(l, "embed.about")),
		// A pre, not a textarea: go-app prerenders a textarea's text as a
		// quoted attribute, which breaks the HTML.
		app.Pre().Class("embed-snippet").DataSet("testid", "embed-code").Text(c.Snippet),
		app.Div().Class("embed-actions").Body(
			app.Button().Type("button").Class("btn").DataSet("testid", "copy-embed").Aria("disabled", !c.Live).
				Text(words.T(l, "embed.copy")).OnClick(c.Link.Safe("embed", c.onCopy)),
			app.Span().Role("status").DataSet("testid", "copy-status").Text(status),
		),
	)
}

// onCopy copies the code. Where the clipboard is not available it selects
// the code for Ctrl+C instead.
func (c *embedBox) onCopy(ctx app.Context, e app.Event) {
	win := app.Window()
	clipboard := win.Get("navigator").Get("clipboard")
	if !clipboard.Truthy() {
		c.selectCode()
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
				c.copied = "embed.copied"
			} else {
				c.selectCode()
			}
		})
	}
	done = app.FuncOf(func(app.Value, []app.Value) any { settle(true); return nil })
	refused = app.FuncOf(func(app.Value, []app.Value) any { settle(false); return nil })
	clipboard.Call("writeText", c.Snippet).Call("then", done, refused)
}

func (c *embedBox) selectCode() {
	win := app.Window()
	if code := win.Get("document").Call("querySelector", `[data-testid="embed-code"]`); code.Truthy() {
		win.Call("getSelection").Call("selectAllChildren", code)
	}
	c.copied = "embed.selected"
}
