//go:build js && wasm

// Command wasm is the browser's side of dlock: it registers the same routes
// as the server and runs the page.
package main

import (
	"dlock/web"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	web.Routes()
	app.RunWhenOnBrowser()
}
