package ui

import (
	"fmt"
	"strconv"

	"dlock/core"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// timeline draws the whole run with the current step highlighted and the
// steps after it greyed out, and a transcript of its events as a table.
// What does not depend on the step is a component of its own
// (timelineDrawing), which stepping leaves as it is: a step only moves the
// highlight and the grey mask, and says so in the description.
func (r runView) timeline() app.UI {
	return part(r.held, "timeline-"+r.id, r.drawTimeline)
}

func (r runView) drawTimeline() app.UI {
	tl := r.runs.Run(r.sc, r.st).Timeline
	lay := newTimelineLayout(tl, resourceNames(r.frames))
	cur := r.s.Step
	id := "tl-" + r.id
	h := lay.height()
	lanesBottom := h - tlAxis
	future := app.UI(nil)
	if cur < len(tl.Steps) {
		// From just before the next step's mark.
		x := lay.mark(cur+1) - 6
		future = svg("rect.tl-future-mask").DataSet("testid", "timeline-future").DataSet("value", cur+1).
			Attr("x", x).Attr("y", 0).Attr("width", lay.width-x).Attr("height", lanesBottom)
	}
	first, last := tl.Steps[0].From, tl.Steps[len(tl.Steps)-1].To
	return el("figure.timeline data-testid=timeline").
		DataSet("column", r.id).
		DataSet("mount", "timeline-"+r.id).
		DataSet("value", len(r.frames)-1).
		Body(
			el("div.timeline-scroll").
				TabIndex(0).
				Role("region").
				Aria("labelledby", id+"-title").
				Body(
					svg("svg").
						// The drawing stretches to the width available but
						// never shrinks below a readable size: below that
						// the region scrolls. The class carries the minimum
						// (no inline style, so a strict CSP holds).
						Class("timeline-svg").
						Attr("viewBox", fmt.Sprintf("0 0 %d %d", lay.width, h)).
						Attr("width", lay.width).Attr("height", h).
						// A group, not an image: its marks are controls,
						// which an image's children cannot be.
						Attr("role", "group").
						Aria("labelledby", id+"-title "+id+"-desc").
						Body(
							svg("title").ID(id+"-title").Text(r.t("timeline.title", r.t(r.sc.Title), r.t("strategy."+string(r.st)))),
							svg("desc").ID(id+"-desc").Text(r.t("timeline.desc", len(tl.Clients), first, last, len(r.frames)-1, r.s.Step)),
							svg("defs").Body(
								svg("marker").ID(id+"-arrow").Attr("viewBox", "0 0 10 10").Attr("refX", 9).Attr("refY", 5).
									Attr("markerWidth", 7).Attr("markerHeight", 7).Attr("orient", "auto-start-reverse").Body(
									svg("path.tl-arrowhead").Attr("d", "M0,0 L10,5 L0,10 z"),
								),
							),
							// The current step, behind the drawing.
							lay.current(cur, lanesBottom),
							&timelineDrawing{Scenario: r.sc.ID, Strategy: r.st, Lang: r.s.Lang, Column: r.id, Runs: r.runs},
							future,
						),
				),
			r.timelineLegend(),
			r.downloadButton(),
			r.transcript(),
		)
}

// downloadButton writes the drawing, at this step, as a standalone SVG
// file. It works in the browser only: before the app runs it is disabled.
func (r runView) downloadButton() app.UI {
	name := timelineFileName(r.s, r.sc.ID, string(r.st))
	id := r.id
	return el("button.btn.tl-download type=button").
		// The hook's value is the format; the file's name, which carries
		// the language, is data-file (hook values do not change with it).
		DataSet("testid", "timeline-download").DataSet("value", "svg").DataSet("file", name).
		Aria("disabled", !app.IsClient).
		Text(r.t("timeline.download")).
		OnClick(func(ctx app.Context, e app.Event) { downloadTimeline(id, name) })
}

// timelineLegend says what the drawing's marks mean, with a swatch of each.
func (r runView) timelineLegend() app.UI {
	item := func(swatch, key string) app.UI {
		return elBody("li", el("span").Class("tl-swatch", swatch).Aria("hidden", "true"), app.Text(" "+r.t(key)))
	}
	return elBody("details.timeline-legend data-testid=timeline-legend",
		elText("summary", r.t("timeline.legend")),
		elBody("ul",
			item("tl-swatch-axis", "timeline.legend.axis"),
			item("tl-swatch-lease", "timeline.legend.lease"),
			item("tl-swatch-pause", "timeline.legend.pause"),
			item("tl-swatch-crash", "timeline.legend.crash"),
			item("tl-swatch-marks", "timeline.legend.marks"),
			item("tl-swatch-climax", "timeline.legend.climax"),
			item("tl-swatch-current", "timeline.legend.current"),
		),
	)
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

func (r runView) drawTranscript() app.UI {
	return el("details.transcript").DataSet("mount", "transcript-"+r.id).Body(
		elText("summary", r.t("timeline.transcript")),
		elBody("table data-testid=transcript",
			elText("caption", r.t("timeline.title", r.t(r.sc.Title), r.t("strategy."+string(r.st)))),
			columns(r.t("transcript.step"), r.t("transcript.time"), r.t("transcript.who"), r.t("transcript.action"), r.t("transcript.result")),
			elBody("tbody", app.Range(r.frames).Slice(func(i int) app.UI {
				f := r.frames[i]
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
			})),
		),
	)
}

// keepCurrentInView scrolls each timeline sideways, where its current step
// is out of sight, to bring it to the middle: a long run is wider than the
// screen, since the drawing never shrinks below legibility. It measures
// the drawing just before the browser's next frame, whose layout it then
// shares: measured at once, after a step has changed the page, it forced
// a layout of its own, which cost a third of a step's time.
func keepCurrentInView() {
	if !app.IsClient || inViewDue {
		return
	}
	inViewDue = true
	var f app.Func
	f = app.FuncOf(func(app.Value, []app.Value) any {
		inViewDue = false
		f.Release()
		scrollCurrentIntoView()
		placeTip()
		return nil
	})
	app.Window().Call("requestAnimationFrame", f)
}

// inViewDue: keepCurrentInView has a frame's measure pending.
var inViewDue bool

func scrollCurrentIntoView() {
	regions := app.Window().Get("document").Call("querySelectorAll", ".timeline-scroll")
	for i := 0; i < regions.Length(); i++ {
		region := regions.Index(i)
		current := region.Call("querySelector", ".tl-current")
		if !current.Truthy() {
			continue
		}
		svgBox, box := region.Call("querySelector", "svg").Call("getBoundingClientRect"), current.Call("getBoundingClientRect")
		left, width := region.Get("scrollLeft").Float(), region.Get("clientWidth").Float()
		x := box.Get("left").Float() - svgBox.Get("left").Float() // within the drawing
		w := box.Get("width").Float()
		if x >= left && x+w <= left+width {
			continue
		}
		region.Set("scrollLeft", x+w/2-width/2)
	}
}
