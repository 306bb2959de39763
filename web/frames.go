//go:build !wasm

package web

import (
	"fmt"
	"strings"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FrameOrigin stands for the page's origin in prerendered frames (the
// embed code names it); the loader puts location.origin in its place.
const FrameOrigin = "https://dlock-origin.invalid"

// FramesFile is where the frames of one language, embedded or not, are
// served (under the site's prefix).
func FramesFile(l Lang, embed bool) string {
	name := "/web/frames-" + string(l)
	if embed {
		name += "-embed"
	}
	return name + ".html"
}

// EnhancedFrames returns every frame of the default view (the chapter's
// scenario, each step with fencing on and off) in one language, embedded or
// not, as the live app draws them: one <template data-step data-fencing>
// each, holding the page's <main>. The loader steps through them before the
// WebAssembly arrives, and the app takes over from the step it reached.
func EnhancedFrames(prefix string, l Lang, embed bool, version string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", T(l, "page.title"))
	sc := core.GCPause()
	for _, fencing := range []bool{true, false} {
		for step := 1; step <= sc.Frames(); step++ {
			d := &Demo{
				s: Settings{
					Scenario: sc.ID, Strategy: core.Lease.WithFencing(fencing), Step: step,
					Lang: l, View: ViewDemo, Embed: embed,
				},
				path: strings.TrimSuffix(prefix, "/") + "/", origin: FrameOrigin, enhanced: true, version: version,
			}
			fmt.Fprintf(&b, "<template data-step=\"%d\" data-fencing=\"%s\">\n%s\n</template>\n", step, onOff(fencing), app.HTMLString(d))
		}
	}
	return b.String()
}
