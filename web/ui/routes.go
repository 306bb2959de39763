package ui

import (
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// OnePage is set where the site's one page is drawn once for every
// address (the static site, make pages): its head then names no run's
// frames to preload, since the loader fetches those of the address the
// page is opened at, and a preload of the default run's would be wasted
// on every other.
var OnePage bool

// Routes registers the page, each drawn from runs. The server's main and
// the browser's main both call it, so they agree on what every path
// renders.
func Routes(runs *state.Runs) {
	app.Route("/", func() app.Composer { return &Demo{runs: runs} })
}

// Frame is the page in settings s as the loader's prerendered frames draw
// it (see server.EnhancedFrames): at path, with origin standing for the
// page's origin, its step, fencing and language controls working before
// the app runs.
func Frame(s state.Settings, runs *state.Runs, path, origin, version string) *Demo {
	return &Demo{s: s, runs: runs, path: path, origin: origin, enhanced: true, version: version}
}
