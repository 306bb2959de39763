package ui

import (
	"strconv"

	"dlock/web/state"
)

// The timeline's download, a standalone SVG of the drawing at its step for
// a slide, is the loader's script's (static/loader/pictures.js): it copies
// the drawing with the computed values of its style inline, since the
// page's style sheet does not travel with the file. The page names the
// file (data-file, timelineFileName).

// timelineFileName names a download: scenario (or "play" for a run of free
// play, whose script does not belong in a file name), strategy, step and
// language.
func timelineFileName(s state.Settings, scenario string, st string) string {
	if s.View == state.ViewPlay {
		scenario = "play"
	}
	return "dlock-" + scenario + "-" + st + "-step" + strconv.Itoa(s.Step) + "-" + string(s.Lang) + ".svg"
}
