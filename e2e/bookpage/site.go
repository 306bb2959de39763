//go:build !wasm

package main

import (
	"fmt"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: bookpage DIR (then put the browser build at DIR/web/app.wasm)")
		os.Exit(2)
	}
	routes()
	h := &app.Handler{Name: "bookpage", Title: "bookpage", Lang: "ja", Version: "bench",
		Icon: app.Icon{Default: "/web/icon.png", SVG: "/web/icon.svg"}, StyleText: style}
	if err := app.GenerateStaticWebsite(os.Args[1], h); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
