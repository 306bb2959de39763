//go:build !wasm

package server

import (
	"fmt"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FrameOrigin stands for the page's origin in prerendered frames (the
// embed code names it); the loader puts location.origin in its place.
const FrameOrigin = "https://dlock-origin.invalid"

// EnhancedFrames returns every frame of the default view (the chapter's
// scenario, each step with fencing on and off) in one language, embedded or
// not, as the live app draws them: one <template data-frame> (FrameID)
// each, holding the page's <main>. The loader steps through them before the
// WebAssembly arrives, and the app takes over from the step it reached.
func EnhancedFrames(runs *state.Runs, prefix string, l state.Lang, embed bool, version string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", words.T(l, "page.title"))
	sc := core.GCPause()
	for _, fencing := range []bool{true, false} {
		for step := 1; step <= sc.Frames(); step++ {
			s := state.Settings{
				Scenario: sc.ID, Strategy: core.Lease.WithFencing(fencing), Step: step,
				Lang: l, View: state.ViewDemo, Embed: embed,
			}
			d := ui.Frame(s, runs, strings.TrimSuffix(prefix, "/")+"/", FrameOrigin, version)
			fmt.Fprintf(&b, "<template data-frame=\"%s\">\n%s\n</template>\n", FrameID(s), app.HTMLString(d))
		}
	}
	return b.String()
}
