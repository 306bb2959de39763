package ui

import (
	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pictureControl offers the run of the column drawn with r (its settings
// at the first step, as an address's query: the run, whatever the step)
// as a picture, beside the timeline's own download: as an animated SVG, a
// GIF or PNGs in a zip. app.wasm only draws it. The loader's script
// (static/loader/pictures.js) answers a press, before the app runs as
// well as after: it loads the picture's script and encoder the first time
// a reader asks (static/web/picture.js, picture.wasm in a worker), which
// draw each step with the code that draws the page (PictureParts) from
// the run's query, raster the steps and encode them, and it shows how far
// a GIF or a zip has got in the progress bar and the status, while the
// page answers. The app draws the control idle (data-value none, the bar
// hidden, the status empty) and never changes that; the script keeps the
// picture's state and draws it on the controls at each change, since the
// page may draw a control anew meanwhile (a step before the app runs, the
// app's mount).
func pictureControl(l state.Lang, column string, st core.Strategy, run state.Settings) app.UI {
	label := "picture-label-" + column
	buttons := make([]app.UI, len(pictureKinds))
	for i, kind := range pictureKinds {
		buttons[i] = el("button.btn type=button aria-disabled=false").DataSet("testid", "picture-"+kind).DataSet("value", kind).
			Text(words.T(l, "picture."+kind))
	}
	return el("div.picture-control role=group data-testid=picture-control data-value=none").DataSet("column", column).
		DataSet("strategy", string(st)).DataSet("run", runQuery(run)).Aria("labelledby", label).Body(
		el("span.picture-label").ID(label).Text(words.T(l, "picture.label")),
		elBody("span.picture-kinds", buttons...),
		el("progress.picture-progress data-testid=picture-progress hidden=hidden max=1 value=0").Aria("label", words.T(l, "picture.progress")),
		el("span.picture-status role=status data-testid=picture-status"),
	)
}

// pictureKinds are the control's formats, in its order, each a button
// whose data-testid is picture-<kind>.
var pictureKinds = []string{"svg", "gif", "png"}

// runQuery is the query of the run s shows, at its first step, outside
// the projector view, predict mode and play: what the picture and the
// slides of it are drawn from (PictureParts, SlidesHTML).
func runQuery(s state.Settings) string {
	s.Step, s.Future, s.Present, s.Quiz, s.Autoplay, s.Pace = 1, false, false, false, false, 0
	return s.Query(nil).Encode()
}
