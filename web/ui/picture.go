package ui

import (
	"dlock/core"
	"dlock/web/picture"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A run as a picture, for where the page cannot go (a README, a slide, a
// chat): each step drawn by the code that draws the page (the title and
// the badge, the cards, the clients' beliefs, the action and the timeline
// so far), which package picture puts together as SVG files: natively
// here (PictureOf), and in the browser in the picture encoder
// (wasm/picture), which the page loads only when a reader asks; app.wasm
// links none of it (picture_control.go).

// How long the animated SVG holds a step, and the last one, in ms.
const (
	pictureHold     = 2000
	pictureHoldLast = 4000
)

// PictureParts draws the run of s under st (the run shown, or a column of
// the compare view) for its picture, in s's language, styled by css (the
// page's style sheet), in the dark palette or the light: every step, the
// timeline drawn as far as each, whatever s.Future says. It fails where the
// run does not replay.
func PictureParts(runs *state.Runs, s state.Settings, st core.Strategy, css string, dark bool) (picture.Parts, error) {
	sc := s.ScenarioData(runs)
	run := runs.Run(sc, st)
	if run.Err != nil {
		return picture.Parts{}, run.Err
	}
	frames := run.Frames
	s.Future, s.Present, s.Quiz, s.Embed = false, false, false, false
	r := runView{s: s, sc: sc, st: st, frames: frames, id: "pic", runs: runs, judges: true}
	g := geometryOf(run, s.Lang, 100)
	p := picture.Parts{Title: pictureTitle(s.Lang, sc, st), Desc: words.T(s.Lang, "picture.desc", len(frames)),
		Lang: string(s.Lang), Dark: dark, CSS: css, Names: g.w(tlNames), TimelineW: g.width + g.w(tlNames), TimelineH: g.height()}
	for k := 1; k <= len(frames); k++ {
		rk := r.at(at(s, k))
		rk.steps = &stepped{s: rk.s}
		p.Tops = append(p.Tops, app.HTMLString(rk.picture()))
		p.Lines = append(p.Lines, app.HTMLString(g.current(rk.steps, "tl-current-pic"))+
			app.HTMLString(&timelineProgress{Scenario: sc.ID, Strategy: st, Lang: s.Lang, Column: "pic", Runs: runs, Wide: 100, Step: k}))
		delay := pictureHold
		if k == len(frames) {
			delay = pictureHoldLast
		}
		p.Delays = append(p.Delays, delay)
	}
	p.Still = app.HTMLString(&timelineNames{Scenario: sc.ID, Strategy: st, Lang: s.Lang, Runs: runs, Wide: 100}) +
		app.HTMLString(&timelineDrawing{Scenario: sc.ID, Strategy: st, Lang: s.Lang, Runs: runs, Wide: 100})
	return p, nil
}

// PictureFileName names a picture of the run of s under st as kind ("svg",
// "gif" or "png"): the scenario (or "play" for a run of free play), the row
// and the language.
func PictureFileName(s state.Settings, st core.Strategy, kind string) string {
	scenario := s.Scenario
	if s.View == state.ViewPlay {
		scenario = "play"
	}
	base := "dlock-" + scenario + "-" + string(st) + "-" + string(s.Lang)
	switch kind {
	case "png":
		return base + "-steps.zip"
	case "gif":
		return base + ".gif"
	}
	return base + ".svg"
}
