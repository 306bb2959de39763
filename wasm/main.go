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
	// The runtime's start and the packages' initialisation were one task;
	// the page answers a key pressed meanwhile (the loader, stepping
	// through prerendered frames) before the app's first render is the
	// next.
	yieldToBrowser()
	// The page keeps its runs for as long as it is open.
	runs := state.NewRuns()
	// Its words, fetched by the loader beside app.wasm, are in before the
	// first render; without words in any language the page cannot start,
	// and the loader says why.
	if ok, err := ui.LoadWords(runs); !ok {
		js.Global().Call("dlockFail", js.Global().Get("Error").New(err.Error()))
		return
	}
	ui.Routes(runs)
	app.RunWhenOnBrowser()
}

// yieldToBrowser blocks until the browser has run what is waiting (input,
// a paint): with every goroutine blocked, Go hands the thread back to the
// browser until the timer's callback wakes it.
func yieldToBrowser() {
	done := make(chan struct{})
	var wake js.Func
	wake = js.FuncOf(func(js.Value, []js.Value) any {
		wake.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", wake, 0)
	<-done
}
