//go:build wasm

package main

import (
	"syscall/js"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	js.Global().Get("performance").Call("mark", "dlock:main") // as dlock's main does
	routes()
	app.RunWhenOnBrowser()
}
