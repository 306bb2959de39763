//go:build js && wasm

// Command wasm is the browser's side of dlock: it registers the same routes
// as the server and runs the page.
package main

import (
	"runtime/debug"
	"syscall/js"

	"dlock/web/state"
	"dlock/web/ui"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	// Where a first load's time goes: the loader marks app.wasm compiled,
	// this marks Go's main reached (the runtime and package initialisation
	// done), and the page marks itself live once mounted.
	js.Global().Get("performance").Call("mark", "dlock:main")
	// The page's heap is small (a few MB); collecting it a quarter as often
	// keeps the collector out of most steps, at a few MB of memory.
	debug.SetGCPercent(400)
	// The page keeps its runs for as long as it is open.
	ui.Routes(state.NewRuns())
	app.RunWhenOnBrowser()
}
