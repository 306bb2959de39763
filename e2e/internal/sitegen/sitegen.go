//go:build !wasm

// Package sitegen is the native side of the benchmarks' go-app pages
// (e2e/minimal, e2e/bookpage): each writes its static site into the
// directory its command is given, and the benchmark puts the browser build
// at DIR/web/app.wasm.
package sitegen

import (
	"fmt"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Main writes h's static site (its routes registered) into the directory
// named by the command's one argument, or says how to call it and exits.
func Main(h *app.Handler) {
	if len(os.Args) != 2 {
		fmt.Fprintf(os.Stderr, "usage: %s DIR (then put the browser build at DIR/web/app.wasm)\n", h.Name)
		os.Exit(2)
	}
	if err := app.GenerateStaticWebsite(os.Args[1], h); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
