package ui

import (
	"sync"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// drawing is how the page is drawn: by the server (the page of an
// address, the static site's one page, a frame for the loader), or live
// in the browser.
type drawing struct {
	live bool // mounted in the browser and handling input
	// enhanced marks a frame prerendered for the loader to step through
	// before the app runs (see frames.go): its step, fencing and language
	// controls work, the rest waits for the app.
	enhanced bool
	version  string // the build, for prerendered frames ("" reads GOAPP_VERSION)
	// onePage: the page is drawn once for every address (see OnePage).
	onePage bool
}

// sync gives the document the language and title of the settings s. A
// page the server prerenders for a state that has frames (the one-run
// view) also starts the download of its run's frames file, which the
// loader steps through before the app runs.
func (m drawing) sync(ctx app.Context, s state.Settings) {
	ctx.Page().SetLang(string(s.Lang))
	ctx.Page().SetTitle("%s", words.T(s.Lang, "page.title"))
	if !app.IsClient && !m.onePage && s.HasFrame() {
		ctx.Page().SetPreloads(app.Preload{
			Type: "text/html", As: "fetch", FetchPriority: "high",
			Href: state.FramesFile(s.Lang, s.Embed, s.View, s.Scenario, s.Strategy) + " crossorigin=anonymous",
		})
	}
}

// follow gives the document the new language, when it changes.
func (m *drawing) follow(ctx app.Context, was, now state.Settings, by cause) {
	if now.Lang != was.Lang {
		m.sync(ctx, now)
	}
}

// phase is the page's data-phase: "static" as the server drew it,
// "enhanced" as a frame the loader steps through, "mounting" while parts
// of it are still held as the frame drew them (holding), then "live".
func (m drawing) phase(holding bool) string {
	switch {
	case m.live && holding:
		return "mounting"
	case m.live:
		return "live"
	case m.enhanced:
		return "enhanced"
	}
	return "static"
}

// buildVersion is GOAPP_VERSION, read once (drawing.build).
var (
	buildOnce    sync.Once
	buildVersion string
)

// build is the build the page is drawn by.
func (m drawing) build() string {
	if m.version == "" && app.IsClient {
		// Read once: in the browser each read is a call into JavaScript,
		// and every render names the build, which does not change.
		buildOnce.Do(func() { buildVersion = app.Getenv("GOAPP_VERSION") })
		return buildVersion
	}
	if m.version == "" {
		return app.Getenv("GOAPP_VERSION")
	}
	return m.version
}

// A RouteOption says how the server draws the page Routes registers.
type RouteOption func(*drawing)

// OnePage is for a site whose one page is drawn once for every address
// (the static site, make pages): its head then names no run's frames to
// preload, since the loader fetches those of the address the page is
// opened at, and a preload of the default run's would be wasted on every
// other. (The head's script preloads them for an address without a query,
// which is the default view: static/loader/head.js.)
func OnePage() RouteOption { return func(m *drawing) { m.onePage = true } }

// Routes registers the page, each drawn from runs. The server's main and
// the browser's main both call it, so they agree on what every path
// renders.
func Routes(runs *state.Runs, options ...RouteOption) {
	var m drawing
	for _, o := range options {
		o(&m)
	}
	app.Route("/", func() app.Composer { return &Demo{runs: runs, mode: m} })
}

// Frame is the page in settings s as the loader's prerendered frames draw
// it (see server.EnhancedFrames): at path, with origin standing for the
// page's origin, its step, fencing and language controls working before
// the app runs.
func Frame(s state.Settings, runs *state.Runs, path, origin, version string) *Demo {
	return &Demo{s: s, runs: runs, at: place{path: path, origin: origin}, mode: drawing{enhanced: true, version: version}}
}
