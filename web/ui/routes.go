package ui

import (
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
