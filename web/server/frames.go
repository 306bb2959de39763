//go:build !wasm

package web

import (
	"fmt"
	"net/url"
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

// FramesFor returns the frames file the loader needs for a page's query,
// or false when the query asks for anything the frames do not hold
// (another scenario or view, a value the app would refuse): the same rule
// as static/app.js's dlockEnhancedState.
func FramesFor(q url.Values) (string, bool) {
	s, bad := ParseSettings(q)
	if len(bad) > 0 || s.View != ViewDemo || s.Scenario != core.GCPause().ID || q.Has(ParamVersus) ||
		(s.Strategy != core.Lease && s.Strategy != core.LeaseFencing) {
		return "", false
	}
	return FramesFile(s.Lang, s.Embed), true
}

// FramesPreload is the <link> that starts the download of a frames file
// with the page.
func FramesPreload(prefix, file string) string {
	return `<link rel="preload" href="` + strings.TrimSuffix(prefix, "/") + file + `" as="fetch" crossorigin="anonymous" fetchpriority="high">`
}
