package ui

import (
	"fmt"
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// timeline draws the run as far as the step shown (or, asked, the whole
// run with the steps to come faded), the current step highlighted, the
// lane names in a column of their own that stays in view while the
// drawing scrolls, the controls under it, and a transcript of its events
// as a table. What does not depend on the step is a component of its own
// (timelineDrawing, timelineNames, timelineLegend), which stepping leaves
// as it is; what does (timelineProgress) renders only the marks whose
// fields change.
func (r runView) timeline() app.UI {
	return part(r.held, "timeline-"+r.id, r.drawTimeline)
}

func (r runView) drawTimeline() app.UI {
	run := r.runs.Run(r.sc, r.st)
	wide := r.wide()
	g := geometryOf(run, r.s.Lang, wide)
	tl := g.tl
	id := "tl-" + r.id
	h := g.height()
	first, last := tl.Steps[0].From, tl.Steps[len(tl.Steps)-1].To
	desc := func(s state.Settings) string {
		key := "timeline.desc"
		if s.Future {
			key = "timeline.desc.future"
		}
		return words.T(s.Lang, key, len(tl.Clients), first, last, len(r.frames)-1, s.Step)
	}
	svgClass := []string{"timeline-svg"}
	if wide != 100 {
		svgClass = append(svgClass, "tl-wide") // its text k percent as large
	}
	return el("figure.timeline data-testid=timeline").
		DataSet("column", r.id).
		DataSet("mount", "timeline-"+r.id).
		DataSet("value", len(r.frames)-1).
		DataSet("future", state.OnOff(r.s.Future)).
		Body(
			elBody("div.timeline-frame",
				// The lane names: a drawing of their own, beside the
				// scrolling one, so that they stay in view. The marks name
				// their client and lane in words, so this is for the eye.
				&timelineNames{Scenario: r.sc.ID, Strategy: r.st, Lang: r.s.Lang, Runs: r.runs, Wide: wide, Column: true},
				el("div.timeline-scroll").
					TabIndex(0).
					Role("region").
					Aria("labelledby", id+"-title").
					Body(
						svg("svg").
							// The drawing keeps its size, and the region
							// scrolls where it is wider. It holds the lane
							// names too, left of 0: off the page's view
							// (the style sheet moves them under the names'
							// own column), but drawn where the drawing is
							// shown whole (the projector view, print) and
							// in a download.
							Class(svgClass...).
							Attr("viewBox", fmt.Sprintf("%d 0 %d %d", -g.w(tlNames), g.width+g.w(tlNames), h)).
							Attr("width", g.width+g.w(tlNames)).Attr("height", h).
							// A group, not an image: its marks are controls,
							// which an image's children cannot be.
							Attr("role", "group").
							Aria("labelledby", id+"-title "+id+"-desc").
							Body(
								svg("title").ID(id+"-title").Text(r.t("timeline.title", r.t(r.sc.Title), r.t("strategy."+string(r.st)))),
								r.steps.text(svg("desc").ID(id+"-desc"), "tl-desc-"+r.id, desc),
								arrowDefs(id),
								&timelineNames{Scenario: r.sc.ID, Strategy: r.st, Lang: r.s.Lang, Runs: r.runs, Wide: wide},
								// The current step, behind the drawing.
								g.current(r.steps, "tl-current-"+r.id),
								&timelineDrawing{Scenario: r.sc.ID, Strategy: r.st, Lang: r.s.Lang, Runs: r.runs, Wide: wide},
								// What has happened by the step.
								r.steps.svgIsland("tl-progress-"+r.id, svg("g.tl-progress-slot"), func(s state.Settings) []app.UI {
									return []app.UI{&timelineProgress{Scenario: r.sc.ID, Strategy: r.st, Lang: s.Lang, Column: r.id, Runs: r.runs,
										Wide: wide, Step: s.Step, Future: s.Future, Held: !r.judges}}
								}),
							),
					),
			),
			elBody("div.timeline-controls",
				r.futureButton(),
				r.downloadButton(),
				pictureControl(r.s.Lang, r.id, r.st, r.s),
			),
			r.timelineLegend(),
			r.transcript(),
		)
}

// arrowDefs define the arrowhead of the timeline id (tl-<column>): its
// messages end in it.
func arrowDefs(id string) app.UI {
	return svg("defs").Body(
		svg("marker").ID(id+"-arrow").Attr("viewBox", "0 0 10 10").Attr("refX", 9).Attr("refY", 5).
			Attr("markerWidth", 7).Attr("markerHeight", 7).Attr("orient", "auto-start-reverse").Body(
			svg("path.tl-arrowhead").Attr("d", "M0,0 L10,5 L0,10 z"),
		),
	)
}

// wide is how wide the timeline is drawn (tlGeometry.k): in the projector
// view, one run is drawn wide, since its frame across the screen has room
// to spare across and none down; two side by side have none either way.
func (r runView) wide() int {
	if r.s.Present && r.id == "run" {
		return tlWide
	}
	return 100
}

// timelineNames are the lanes' names: in a drawing of their own, the
// column that stays in view beside the scrolling drawing, or (Column
// false) a group inside the drawing, left of 0. A component: they depend
// on the run, not on the step.
type timelineNames struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Runs     *state.Runs
	Wide     int
	Column   bool
}

func (c *timelineNames) Render() app.UI {
	_, g, ok := drawnRun(c.Runs, c.Scenario, c.Strategy, c.Lang, c.Wide)
	if !ok {
		return svg("g")
	}
	names := append(append(append([]string{}, g.tl.Clients...), words.T(c.Lang, "timeline.lock")), g.res...)
	if c.Column {
		h := g.height()
		return svg("svg.timeline-names data-testid=timeline-names aria-hidden=true").
			Attr("viewBox", fmt.Sprintf("0 0 %d %d", tlNames, h)).
			Attr("width", tlNames).Attr("height", h).
			Body(laneNames(g, names, 4)...)
	}
	return svg("g.tl-names-in aria-hidden=true").Body(laneNames(g, names, 4-g.w(tlNames))...)
}

// laneNames are the lanes' names, at x.
func laneNames(g *tlGeometry, names []string, x int) []app.UI {
	out := make([]app.UI, len(names))
	for i, n := range names {
		out[i] = svg("text.tl-label x y", x, g.laneY(i)+4).Text(n)
	}
	return out
}

// futureButton shows the whole run, the steps to come faded, or only what
// has happened: for a teacher going over a run, and for a first reading.
func (r runView) futureButton() app.UI {
	return el("button.btn.tl-future-toggle type=button data-testid=timeline-future-toggle").
		DataSet("value", state.OnOff(r.s.Future)).
		Aria("pressed", r.s.Future).
		// Predict mode keeps the steps to come off the timeline.
		Aria("disabled", !app.IsClient || r.s.Quiz).
		Text(r.t("timeline.future")).
		OnClick(r.link.Safe("future", func(ctx app.Context, e app.Event) {
			r.link.Change(ctx, func(s state.Settings) state.Settings {
				s.Future = !s.Future && !s.Quiz
				return s
			})
		}))
}

// downloadButton writes the drawing, at this step, as a standalone SVG
// file, named for the step (a patch a step sets: the click reads it). It
// works in the browser only: before the app runs it is disabled.
func (r runView) downloadButton() app.UI {
	id := r.id
	b := el("button.btn.tl-download type=button").
		// The hook's value is the format; the file's name, which carries
		// the language, is data-file (hook values do not change with it).
		DataSet("testid", "timeline-download").DataSet("value", "svg").
		Aria("disabled", !app.IsClient).
		Text(r.t("timeline.download"))
	return r.steps.attr(b, "tl-download-"+id, "data-file", func(s state.Settings) string {
		return timelineFileName(s, r.sc.ID, string(r.st))
	})
}

// timelineLegend says what every symbol the drawing uses means, with a
// swatch of each.
func (r runView) timelineLegend() app.UI {
	return &timelineLegend{Lang: r.s.Lang, Future: r.s.Future}
}

// timelineLegend is the legend under a timeline: a component, since it
// depends on the language and on whether the whole run is shown, not on
// the step, so that stepping neither builds nor compares its lines.
type timelineLegend struct {
	app.Compo
	Lang   state.Lang
	Future bool
}

func (c *timelineLegend) Render() app.UI {
	items := make([]app.UI, 0, len(legendItems))
	for _, it := range legendItems {
		if it.key == "later" && !c.Future {
			continue // nothing is faded
		}
		items = append(items, elBody("li",
			el("span").Class("tl-swatch", "tl-swatch-"+it.swatch).Aria("hidden", "true").Text(it.symbol),
			app.Text(" "+words.T(c.Lang, "timeline.legend."+it.key)),
		))
	}
	return elBody("details.timeline-legend data-testid=timeline-legend",
		elText("summary", words.T(c.Lang, "timeline.legend")),
		elBody("ul", items...),
	)
}

// legendItems are the legend's lines: a swatch (its class and symbol) and
// the words (timeline.legend.key).
var legendItems = [...]struct{ swatch, symbol, key string }{
	{"axis", "", "axis"}, {"still", "", "still"}, {"tick", "▾+6", "tick"}, {"lease", "", "lease"},
	{"known", "", "known"}, {"stretched", "", "stretched"}, {"pause", "", "pause"}, {"crash", "", "crash"}, {"marks", "●", "dots"},
	{"marks", "⟲", "service"}, {"arrow", "→", "arrows"}, {"marks", "✓1", "marks"}, {"climax", "", "climax"},
	{"current", "", "current"}, {"later", "", "later"},
}

func resourceNames(frames []core.Frame) []string {
	var names []string
	for _, res := range frames[0].Resources {
		names = append(names, res.Name)
	}
	return names
}

// transcript is the timeline as a table, for screen readers and copying.
func (r runView) transcript() app.UI {
	return part(r.held, "transcript-"+r.id, r.drawTranscript)
}

// drawTranscript lists the events as far as the timeline draws them: up
// to the step shown, or, with the whole run asked for, all of them. Its
// rows are an island a step fills.
func (r runView) drawTranscript() app.UI {
	return el("details.transcript").DataSet("mount", "transcript-"+r.id).Body(
		elText("summary", r.t("timeline.transcript")),
		elBody("table data-testid=transcript",
			elText("caption", r.t("timeline.title", r.t(r.sc.Title), r.t("strategy."+string(r.st)))),
			columns(r.t("transcript.step"), r.t("transcript.time"), r.t("transcript.who"), r.t("transcript.action"), r.t("transcript.result")),
			r.steps.island("transcript-"+r.id, el("tbody"), func(s state.Settings) []app.UI { return r.at(s).transcriptRows() }),
		),
	)
}

// transcriptRows are the transcript's rows at r's step.
func (r runView) transcriptRows() []app.UI {
	rows := r.frames[:r.s.Step]
	if r.s.Future {
		rows = r.frames
	}
	return []app.UI{app.Range(rows).Slice(func(i int) app.UI {
		f := rows[i]
		row := el("tr").Body(
			elText("td", strconv.Itoa(f.Step)),
			elText("td", "t="+strconv.Itoa(f.Clock)),
			elText("td", f.Event.Client),
			elText("td", words.ActionText(r.s.Lang, f)),
			elText("td", words.ResultWords(r.s.Lang, f.Event)),
		)
		if f.Step == r.s.Step {
			row = row.Aria("current", "step").Class("current")
		}
		return row
	})}
}

// keepCurrentInView scrolls each timeline sideways, where its current step
// is out of sight, to bring it to the middle: a long run is wider than the
// screen, since the drawing never shrinks below legibility. It measures
// the drawing once the browser has drawn the frame that shows the step,
// when its layout is done and reading it costs nothing: measured at once,
// or in the frame's animation callback, after the step has changed the
// page, the reading forced that layout there and then, ahead of the frame
// and on the step's path. A timeline that must scroll does so a frame
// later.
func keepCurrentInView() {
	if !app.IsClient || inView.due {
		return
	}
	inView.due = true
	if inView.frame == nil {
		inView.after = app.FuncOf(func(app.Value, []app.Value) any {
			inView.due = false
			if inView.top {
				inView.top = false
				app.Window().Call("scrollTo", 0, 0)
			}
			scrollCurrentIntoView()
			placeTip()
			if inView.question {
				inView.question = false
				scrollQuestionIntoView()
			}
			return nil
		})
		// The animation callback comes before the frame is drawn; a task
		// it queues runs after.
		inView.frame = app.FuncOf(func(app.Value, []app.Value) any {
			app.Window().Call("setTimeout", inView.after, 0)
			return nil
		})
	}
	app.Window().Call("requestAnimationFrame", inView.frame)
}

// inView is keepCurrentInView's state: a measure is due (and predict
// mode's question is to be brought into view with it, or the page opened
// at its top), and its two callbacks, made once.
var inView struct {
	due, question, top bool
	frame, after       app.Func
}

// openAtTop scrolls the page to its top once the frame that shows it is
// drawn: a link followed to another view, scenario or exercise opens it
// there, not at the scroll position the page it left was at.
func openAtTop() {
	if !app.IsClient {
		return
	}
	inView.top = true
	keepCurrentInView()
}

// askInView brings predict mode's open question into view once the frame
// that shows it is drawn (see keepCurrentInView).
func askInView() {
	if !app.IsClient {
		return
	}
	inView.question = true
	keepCurrentInView()
}

// scrollQuestionIntoView scrolls the page, where predict mode's panel is
// not wholly in sight, to put it in the middle of what the screen shows
// above the bottom bar (a phone's; elsewhere it is not shown), or its top
// near the top where it is taller than that.
func scrollQuestionIntoView() {
	win := app.Window()
	doc := win.Get("document")
	panel := doc.Call("querySelector", `[data-testid="quiz"]`)
	if !panel.Truthy() {
		return
	}
	box := panel.Call("getBoundingClientRect")
	top, bottom := box.Get("top").Float(), box.Get("bottom").Float()
	seen := win.Get("innerHeight").Float()
	if dock := doc.Call("querySelector", `[data-testid="step-dock"]`); dock.Truthy() {
		if d := dock.Call("getBoundingClientRect"); d.Get("height").Float() > 0 && d.Get("top").Float() < seen {
			seen = d.Get("top").Float()
		}
	}
	if top >= 0 && bottom <= seen {
		return
	}
	win.Call("scrollBy", 0, top-max((seen-(bottom-top))/2, 8))
}

func scrollCurrentIntoView() {
	regions := app.Window().Get("document").Call("querySelectorAll", ".timeline-scroll")
	for i := 0; i < regions.Length(); i++ {
		region := regions.Index(i)
		current := region.Call("querySelector", ".tl-current")
		if !current.Truthy() {
			continue
		}
		view, box := region.Call("getBoundingClientRect"), current.Call("getBoundingClientRect")
		left, right := view.Get("left").Float(), view.Get("right").Float()
		x1, x2 := box.Get("left").Float(), box.Get("right").Float()
		if x1 >= left-1 && x2 <= right+1 {
			continue
		}
		// The current step to the middle of the region.
		region.Set("scrollLeft", region.Get("scrollLeft").Float()+(x1+x2)/2-(left+right)/2)
	}
}
