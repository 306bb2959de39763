package state

import "dlock/core"

// The default view has frames prerendered for every state the reader can
// step to from it: the chapter's scenario, fenced or not, each step, in
// both languages, embedded or not. The loader (static/app.js) shows them
// before app.wasm has arrived; web/server draws them and gives the loader
// its rules.

// HasFrame reports whether s is one of those states. The projector view
// and a pace other than 1× are drawn otherwise than the frames are (its
// class, the pace's select), so they wait for the app.
func (s Settings) HasFrame() bool {
	return s.View == ViewDemo && s.Scenario == core.GCPause().ID && s.Versus == "" &&
		(s.Strategy == core.Lease || s.Strategy == core.LeaseFencing) && !s.Present && s.Pace == 0
}

// FramesFile is where the frames of one language, embedded or not, are
// served (under the site's prefix).
func FramesFile(l Lang, embed bool) string {
	name := "/web/frames-" + string(l)
	if embed {
		name += "-embed"
	}
	return name + ".html"
}
