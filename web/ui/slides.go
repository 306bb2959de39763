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
	r := runView{s: c.Run, sc: sc, st: c.Strategy, frames: frames, runs: c.Runs}
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

// slides is the run shown as slides, where printing asks for them
// (print=slides) in a view of one run.
func (p pageView) slides() app.UI {
	run := p.s
	run.Step, run.Future, run.Present, run.Quiz, run.Autoplay, run.Pace = 1, false, false, false, false, 0
	return &slideDeck{Run: run, Strategy: p.s.Strategy, Runs: p.runs}
}

// printSlides is the projector view's "Print as slides": the page draws
// the run as slides (print=slides, which the address keeps), and prints
// once it has.
func (p pageView) printSlides() app.UI {
	return el("button.btn.present-print type=button data-testid=print-slides").
		Aria("disabled", !p.live).
		Text(p.t("slides.print")).
		OnClick(p.link.Safe("slides", func(ctx app.Context, e app.Event) {
			p.link.Change(ctx, func(s state.Settings) state.Settings {
				s.Slides = true
				return s
			})
			printWhenDrawn(0)
		}))
}

// printWhenDrawn prints the page once it has drawn the slides (go-app
// draws a change at its next frame), trying again for about a second.
func printWhenDrawn(tries int) {
	afterBrowser(50, func() {
		if app.Window().Get("document").Call("querySelector", `[data-testid="slides"]`).Truthy() {
			app.Window().Call("print")
		} else if tries < 20 {
			printWhenDrawn(tries + 1)
		}
	})
}
