//go:build !wasm

package main

import (
	"dlock/e2e/internal/sitegen"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	routes()
	sitegen.Main(&app.Handler{Name: "bookpage", Title: "bookpage", Lang: "ja", Version: "bench",
		Icon: app.Icon{Default: "/web/icon.png", SVG: "/web/icon.svg"}, StyleText: style})
}
