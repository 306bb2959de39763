package ui

import (
	"fmt"
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// slideDeck is the run as slides, for printing (print=slides): one step
// a 16:9 page, as large as the projector view draws it: the title, the
// step and the badge; the cards and the clients' beliefs; the action with
// its result and the step's note; the timeline so far. The style sheet
// shows it in print only, in place of the page. It draws the whole run,
// whatever the step shown, so a step leaves it alone.
type slideDeck struct {
	app.Compo
	// Run is the page's settings for the run, at its first step.
	Run      state.Settings
	Strategy core.Strategy
	Runs     *state.Runs
}

func (c *slideDeck) Render() app.UI {
	l := c.Run.Lang
	t := func(key string, args ...any) string { return words.T(l, key, args...) }
	sc := c.Run.ScenarioData(c.Runs)
	run := c.Runs.Run(sc, c.Strategy)
	if run.Err != nil {
		return el("section.slides")
	}
	frames := run.Frames
	// Drawn wide, as the projector view draws one run: the slide has room
	// across to spare, and none down.
	g := geometryOf(run, l, tlWide)
	r := runView{s: c.Run, sc: sc, st: c.Strategy, frames: frames, runs: c.Runs, judges: true}
	title := pictureTitle(l, sc, c.Strategy)
	slides := make([]app.UI, len(frames))
	for i := range frames {
		k := i + 1
		rk := r.at(at(c.Run, k))
		rk.id = "slide-" + strconv.Itoa(k)
		rk.steps = &stepped{s: rk.s}
		col := rk.id
		slides[i] = el("section.slide data-testid=slide").DataSet("step", k).Aria("label", t("slides.slide", k, len(frames))).Body(
			elBody("header.slide-head",
				elText("h2", title),
				elBody("span.slide-end",
					el("span.slide-counter data-testid=slide-counter").Text(strconv.Itoa(k)+" / "+strconv.Itoa(len(frames))),
					badge(rk.steps, "badge-"+col, frames, false),
				),
			),
			elBody("div.slide-state", rk.cards(), rk.network(), rk.clients()),
			elBody("div.slide-step",
				rk.actionLine(),
				el("p.note data-testid=slide-note").Text(rk.note()),
			),
			elBody("div.slide-timeline",
				svg("svg.timeline-svg.tl-wide").Attr("viewBox", fmt.Sprintf("%d 0 %d %d", -g.w(tlNames), g.width+g.w(tlNames), g.height())).
					Aria("hidden", true).Body(
					arrowDefs("tl-"+col),
					&timelineNames{Scenario: sc.ID, Strategy: c.Strategy, Lang: l, Runs: c.Runs, Wide: tlWide},
					g.current(rk.steps, "tl-current-"+col),
					&timelineDrawing{Scenario: sc.ID, Strategy: c.Strategy, Lang: l, Runs: c.Runs, Wide: tlWide},
					&timelineProgress{Scenario: sc.ID, Strategy: c.Strategy, Lang: l, Column: col, Runs: c.Runs, Wide: tlWide, Step: k},
				),
			),
		)
	}
	return el("section.slides data-testid=slides").Aria("label", t("slides.label")).Body(slides...)
}

// SlidesHTML is the run of s (its view, scenario or script, row and
// language) as slides, in HTML: what print=slides prints in place of the
// page. The picture encoder draws it (picture.wasm), and the loader's
// script puts it beside the page (static/loader/pictures.js, dlockSlides),
// so that app.wasm carries none of it. A view of more than one run (the
// compare view, the matrix, the search, the course) has none, nor has a
// run that does not replay: printing gives the page.
func SlidesHTML(runs *state.Runs, s state.Settings) string {
	if s.View != state.ViewDemo && (s.View != state.ViewPlay || s.Versus != "") {
		return ""
	}
	if runs.Run(s.ScenarioData(runs), s.Strategy).Err != nil {
		return "" // a run that does not replay has no steps to print
	}
	s.Step, s.Future, s.Present, s.Quiz, s.Autoplay, s.Pace = 1, false, false, false, false, 0
	return app.HTMLString(&slideDeck{Run: s, Strategy: s.Strategy, Runs: runs})
}

// printSlides is the projector view's "Print as slides": the address says
// print=slides, and the loader's script, which follows the address, draws
// the run as slides beside the page and prints them (static/loader/
// pictures.js).
func (p pageView) printSlides() app.UI {
	return el("button.btn.present-print type=button data-testid=print-slides").
		Aria("disabled", !p.live).
		Text(p.t("slides.print")).
		OnClick(p.link.Safe("slides", func(ctx app.Context, e app.Event) {
			p.link.Change(ctx, func(s state.Settings) state.Settings {
				s.Slides = true
				return s
			})
		}))
}
