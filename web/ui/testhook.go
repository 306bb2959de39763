//go:build dlocktest

package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The test build's hooks: a "dlock:test-panic" event on the document makes
// the app panic in its next Render (detail "render") or in the next command,
// a key or a button (detail "command"), so a browser test can see the crash
// view, the report to an embedding page, and the way back. A
// "dlock:test-redraw" event has go-app draw the page again with nothing
// changed, so a benchmark can weigh what drawing the whole page costs when
// no part of it changes (BenchmarkStepProfile). dlockTestSteps() says how
// many steps the step path drew without drawing the page, and how many
// times the page was drawn.
func init() {
	installTestHooks = func(d *Demo, ctx app.Context) {
		panicNow := app.FuncOf(func(this app.Value, args []app.Value) any {
			where := args[0].Get("detail").String()
			ctx.Dispatch(func(ctx app.Context) { d.crash.forced = where })
			return nil
		})
		redraw := app.FuncOf(func(this app.Value, args []app.Value) any {
			ctx.Dispatch(func(app.Context) {})
			return nil
		})
		doc := app.Window().Get("document")
		doc.Call("addEventListener", "dlock:test-panic", panicNow)
		doc.Call("addEventListener", "dlock:test-redraw", redraw)
		// How many steps the step path drew, and how many times the page
		// was drawn (steps.go).
		app.Window().Set("dlockTestSteps", app.FuncOf(func(this app.Value, args []app.Value) any {
			return map[string]any{"fast": d.steps.fast, "renders": d.steps.renders}
		}))
		// The page says it listens: the app is live before it mounts,
		// and an event sent before now would be lost.
		doc.Get("documentElement").Call("setAttribute", "data-test-hooks", "on")
	}
}
