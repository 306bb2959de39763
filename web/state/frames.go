package state

import "dlock/core"

// The one-run view has frames prerendered for every state a reader can
// open or step to in it: every scenario under every row, each step, in
// both languages, embedded or not, one file per run. So has the matrix, as
// it opens (its address names no run). The loader (static/loader) shows
// them before app.wasm has arrived; web/server draws them and gives the
// loader its rules.

// HasFrame reports whether s is one of those states. The projector view,
// the whole run on the timeline and a pace other than 1× are drawn
// otherwise than the frames are (its class, the timeline, the pace's
// select), so they wait for the app. So does predict mode: its control is
// drawn pressed, and only the app knows the questions, which the loader
// must not step past. So do slides (print=slides), which the frames do not
// draw.
func (s Settings) HasFrame() bool {
	if s.Present || s.Future || s.Pace != 0 || s.Versus != "" || s.Quiz || s.Slides {
		return false
	}
	d := Defaults()
	switch s.View {
	case ViewDemo:
		return true
	case ViewMatrix:
		return s.Scenario == d.Scenario && s.Strategy == d.Strategy && s.Step == d.Step
	}
	return false
}

// FramedViews are the views with frames.
var FramedViews = []View{ViewDemo, ViewMatrix}

// FrameSteps is how many steps of sc a view's frames hold: every one in
// the one-run view, the first in the matrix (which has no steps).
func FrameSteps(v View, sc core.Scenario) int {
	if v == ViewMatrix {
		return 1
	}
	return sc.Frames()
}

// FramesFile is where the frames of one view of a run (a scenario under a
// row), in one language, embedded or not, are served (under the site's
// prefix).
func FramesFile(l Lang, embed bool, v View, scenario string, st core.Strategy) string {
	dir := string(l)
	if embed {
		dir += "-embed"
	}
	return "/web/frames/" + dir + "/" + string(v) + "/" + scenario + "." + string(st) + ".html"
}
