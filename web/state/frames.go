package state

import "dlock/core"

// The one-run view has frames prerendered for every state a reader can
// open or step to in it: every scenario under every row, each step, in
// both languages, embedded or not, one file per run. The loader
// (static/loader) shows them before app.wasm has arrived; web/server draws
// them and gives the loader its rules.

// HasFrame reports whether s is one of those states. The projector view
// and a pace other than 1× are drawn otherwise than the frames are (its
// class, the pace's select), so they wait for the app.
func (s Settings) HasFrame() bool {
	return s.View == ViewDemo && s.Versus == "" && !s.Present && s.Pace == 0
}

// FramesFile is where the frames of one run (a scenario under a row), in
// one language, embedded or not, are served (under the site's prefix).
func FramesFile(l Lang, embed bool, scenario string, st core.Strategy) string {
	dir := string(l)
	if embed {
		dir += "-embed"
	}
	return "/web/frames/" + dir + "/" + scenario + "." + string(st) + ".html"
}
