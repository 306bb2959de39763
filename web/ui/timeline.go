package ui

import (
	"fmt"
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// svg returns an SVG element (go-app needs the namespace on each one).
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// Timeline geometry, in CSS pixels: the drawing is never scaled, so its
// text stays the size the style sheet gives it whatever the width, and a
// drawing wider than the page scrolls sideways.
const (
	tlLabel = 72 // lane labels
	tlUnit  = 48 // one tick of logical time: the x axis is time, uniform
	tlLane  = 44 // lane height
	tlAxis  = 34 // time axis below the lanes
	tlRight = 28
	tlTop   = 14 // room above the first lane for its marks' labels
)

// timelineLayout maps times and steps to x and lanes to y. The x axis is
// time: every tick is tlUnit wide. The steps that start at one time t sit in
// that time's column, [t, t+1), in their order, so several events at one
// time still read left to right; a lease, a pause or a crash spans exactly
// its times.
type timelineLayout struct {
	tl    core.Timeline
	first int   // the run's first time
	last  int   // its last
	markX []int // x of each step's mark (index step-1)
	ranks []int // each step's place (1, 2, …) among the steps that start at its time
	width int
	lanes map[string]int // client name → lane index; then the lock, then the resources
	res   []string       // the resources, one lane each
}

func newTimelineLayout(tl core.Timeline, resources []string) timelineLayout {
	lay := timelineLayout{tl: tl, lanes: map[string]int{}, res: resources}
	if len(tl.Steps) > 0 {
		lay.first, lay.last = tl.Steps[0].From, tl.Steps[0].To
	}
	at := map[int]int{} // time → how many steps start there
	for i, s := range tl.Steps {
		lay.last = max(lay.last, s.To)
		if i > 0 {
			at[s.From]++
		}
	}
	seen := map[int]int{}
	for i, s := range tl.Steps {
		if i == 0 {
			lay.markX, lay.ranks = append(lay.markX, lay.t(s.From)), append(lay.ranks, 0)
			continue
		}
		seen[s.From]++
		lay.markX = append(lay.markX, lay.t(s.From)+seen[s.From]*tlUnit/(at[s.From]+1))
		lay.ranks = append(lay.ranks, seen[s.From])
	}
	lay.width = lay.t(lay.last) + tlUnit + tlRight
	for i, c := range tl.Clients {
		lay.lanes[c] = i
	}
	return lay
}

func (lay timelineLayout) lockLane() int { return len(lay.tl.Clients) }
func (lay timelineLayout) height() int {
	return tlTop + (len(lay.tl.Clients)+1+len(lay.res))*tlLane + tlAxis
}

// resourceLane is the lane of the named resource (the first one's for "").
func (lay timelineLayout) resourceLane(name string) int {
	for i, r := range lay.res {
		if r == name {
			return len(lay.tl.Clients) + 1 + i
		}
	}
	return len(lay.tl.Clients) + 1
}
func (lay timelineLayout) laneY(lane int) int {
	return tlTop + lane*tlLane + tlLane/2
}

// t is where time falls: the left edge of its column.
func (lay timelineLayout) t(clock int) int {
	return tlLabel + tlUnit/2 + (clock-lay.first)*tlUnit
}

// rank is a step's place among the steps that start at its time.
func (lay timelineLayout) rank(step int) int {
	if step < 1 || step > len(lay.ranks) {
		return 0
	}
	return lay.ranks[step-1]
}

// mark is the x of a step's mark (1-based; past the end, the right edge).
func (lay timelineLayout) mark(step int) int {
	if step < 1 || step > len(lay.markX) {
		return lay.width - tlRight
	}
	return lay.markX[step-1]
}

// end is the right end of a span: the time it ended, or the edge if it goes
// on.
func (lay timelineLayout) end(toStep, to int) int {
	if toStep == 0 {
		return lay.width - tlRight
	}
	return lay.t(to)
}

// clientClass colours a client's marks; the marks also carry its name.
func (lay timelineLayout) clientClass(name string) string {
	if i, ok := lay.lanes[name]; ok {
		return "tl-c" + strconv.Itoa(i%4)
	}
	return "tl-service"
}

// timeline draws the whole run with the current step highlighted and the
// steps after it greyed out, and a transcript of its events as a table.
// What does not depend on the step is a component of its own
// (timelineDrawing), which stepping leaves as it is: a step only moves the
// highlight and the grey mask, and says so in the description.
func (r runView) timeline() app.UI {
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
		future = svg("rect").Class("tl-future-mask").DataSet("testid", "timeline-future").DataSet("value", cur+1).
			Attr("x", x).Attr("y", 0).Attr("width", lay.width-x).Attr("height", lanesBottom)
	}
	first, last := tl.Steps[0].From, tl.Steps[len(tl.Steps)-1].To
	return app.Figure().
		Class("timeline").
		DataSet("testid", "timeline").
		DataSet("column", r.id).
		DataSet("value", len(r.frames)-1).
		Body(
			app.Div().
				Class("timeline-scroll").
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
						Attr("role", "img").
						Aria("labelledby", id+"-title "+id+"-desc").
						Body(
							svg("title").ID(id+"-title").Text(r.t("timeline.title", r.t(r.sc.Title), r.t("strategy."+string(r.st)))),
							svg("desc").ID(id+"-desc").Text(r.t("timeline.desc", len(tl.Clients), first, last, len(r.frames)-1, r.s.Step)),
							svg("defs").Body(
								svg("marker").ID(id+"-arrow").Attr("viewBox", "0 0 10 10").Attr("refX", 9).Attr("refY", 5).
									Attr("markerWidth", 7).Attr("markerHeight", 7).Attr("orient", "auto-start-reverse").Body(
									svg("path").Attr("d", "M0,0 L10,5 L0,10 z").Class("tl-arrowhead"),
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
	return app.Button().Type("button").Class("btn", "tl-download").
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
		return app.Li().Body(app.Span().Class("tl-swatch", swatch).Aria("hidden", "true"), app.Text(" "+r.t(key)))
	}
	return app.Details().Class("timeline-legend").DataSet("testid", "timeline-legend").Body(
		app.Summary().Text(r.t("timeline.legend")),
		app.Ul().Body(
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

// timelineDrawing is the part of a run's timeline that does not depend on
// the step: lanes, the time axis, leases, pauses, crashes, and one mark per
// event. go-app renders it again only when its fields change, so stepping
// does not rebuild it.
type timelineDrawing struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Column   string // "run", "left" or "right": the element ids it uses
	Runs     *state.Runs
}

func (c *timelineDrawing) Render() app.UI {
	sc, _ := c.Runs.Scenario(c.Scenario)
	run := c.Runs.Run(sc, c.Strategy)
	if run.Err != nil {
		return svg("g")
	}
	r := runView{s: state.Settings{Lang: c.Lang}, sc: sc, st: c.Strategy, f: run.Frames[0], frames: run.Frames, id: c.Column, runs: c.Runs}
	tl := run.Timeline
	resources := resourceNames(run.Frames)
	lay := newTimelineLayout(tl, resources)
	h := lay.height()

	var els []app.UI
	// Lanes and their labels.
	labels := append(append(append([]string{}, tl.Clients...), r.t("timeline.lock")), resources...)
	for i, label := range labels {
		y := lay.laneY(i)
		els = append(els,
			svg("line").Class("tl-lane").Attr("x1", tlLabel-6).Attr("x2", lay.width-tlRight).Attr("y1", y).Attr("y2", y),
			svg("text").Class("tl-label").Attr("x", 4).Attr("y", y+4).Text(label),
		)
	}
	// The time axis: a tick at every unit of time, a label on each where
	// it fits (every unit at this width).
	axisY := h - tlAxis + 4
	els = append(els, svg("line").Class("tl-axis-line").Attr("x1", lay.t(lay.first)).Attr("x2", lay.t(lay.last)).Attr("y1", axisY).Attr("y2", axisY))
	for t := lay.first; t <= lay.last; t++ {
		x := lay.t(t)
		els = append(els,
			svg("line").Class("tl-tick").DataSet("testid", "timeline-tick").DataSet("t", t).Attr("x1", x).Attr("x2", x).Attr("y1", axisY-4).Attr("y2", axisY+4),
			svg("text").Class("tl-axis").Attr("x", x).Attr("y", h-6).Attr("text-anchor", "middle").Text("t="+strconv.Itoa(t)),
		)
	}
	// Leases on the lock service's lane.
	for _, l := range tl.Leases {
		x1, x2 := lay.t(l.From), lay.end(l.ToStep, l.To)
		y := lay.laneY(lay.lockLane())
		label := l.Client
		if l.Token != 0 {
			label = fmt.Sprintf("%s·%d", l.Client, l.Token)
		}
		els = append(els, svg("g").Class("tl-lease", lay.clientClass(l.Client)).Body(
			svg("title").Text(leaseTitle(r.s.Lang, l)),
			svg("rect").Attr("x", x1).Attr("y", y-7).Attr("width", max(x2-x1, 3)).Attr("height", 14).Attr("rx", 3),
			svg("text").Class("tl-bar-label").Attr("x", x1+3).Attr("y", y+4).Text(label),
		))
	}
	// Pauses and crashes on the clients' lanes.
	for _, p := range tl.Pauses {
		els = append(els, band("tl-pause", p, lay, r.t("timeline.paused", p.Client)))
		// The band's own label, inside it, clear of its border.
		if x2 := lay.end(p.ToStep, p.To); x2-lay.t(p.From) > 60 {
			y := lay.laneY(lay.lanes[p.Client])
			els = append(els, svg("text").Class("tl-band-label").Attr("x", (lay.t(p.From)+x2)/2).Attr("y", y+4).Attr("text-anchor", "middle").Text(r.t("timeline.pause")))
		}
	}
	for _, c := range tl.Crashes {
		els = append(els, band("tl-crash", c, lay, r.t("timeline.crashed", c.Client)))
	}
	// One mark per step: the event of that step.
	arrowAt := map[int]core.Arrow{}
	for _, m := range tl.Messages {
		if m.ArrivedStep != 0 {
			arrowAt[m.ArrivedStep] = m
		} else {
			arrowAt[-m.SentStep] = m
		}
	}
	for _, f := range run.Frames[1:] {
		els = append(els, r.timelineEvent(lay, f, arrowAt))
	}
	return svg("g").Class("tl-drawing").Body(els...)
}

// band is a pause or a crash on a client's lane (its event's mark names it).
func band(class string, s core.Span, lay timelineLayout, title string) app.UI {
	x1, x2 := lay.t(s.From), lay.end(s.ToStep, s.To)
	y := lay.laneY(lay.lanes[s.Client])
	return svg("g").Class(class, lay.clientClass(s.Client)).Body(
		svg("title").Text(title),
		svg("rect").Attr("x", x1).Attr("y", y-11).Attr("width", max(x2-x1, 3)).Attr("height", 22).Attr("rx", 2),
	)
}

func leaseTitle(l state.Lang, s core.Span) string {
	if s.ToStep == 0 {
		return words.T(l, "timeline.lease.open", s.Client, s.Token, s.From)
	}
	return words.T(l, "timeline.lease", s.Client, s.Token, s.From, s.To, words.T(l, "timeline.ended."+string(s.Ended)))
}

// timelineEvent draws the mark of one step's event.
func (r runView) timelineEvent(lay timelineLayout, f core.Frame, arrowAt map[int]core.Arrow) app.UI {
	ev := f.Event
	x := lay.mark(f.Step)
	result := string(ev.Result)
	if result == "" {
		result = none
	}
	class := []string{"tl-ev", "tl-ev-" + result, lay.clientClass(ev.Client)}
	var marks []app.UI
	laneOf := func(name string) int {
		if i, ok := lay.lanes[name]; ok {
			return i
		}
		return lay.lockLane()
	}
	// Marks of one time alternate their labels above and below the lane,
	// so that neighbours in one column do not overlap.
	labelDY := -15
	if lay.rank(f.Step)%2 == 0 {
		labelDY = 25
	}
	dot := func(lane int, label string) {
		y := lay.laneY(lane)
		marks = append(marks,
			svg("circle").Attr("cx", x).Attr("cy", y).Attr("r", 4),
			svg("text").Class("tl-ev-label").Attr("x", x).Attr("y", y+labelDY).Attr("text-anchor", "middle").Text(label),
		)
	}
	arrow := func(m core.Arrow, ok bool) {
		from, to := lay.laneY(laneOf(m.Client)), lay.laneY(lay.resourceLane(m.Resource))
		switch m.Kind {
		case core.MsgReply:
			from, to = lay.laneY(lay.lockLane()), lay.laneY(laneOf(m.Client))
		case core.MsgRenew:
			to = lay.laneY(lay.lockLane())
		}
		x1 := lay.mark(m.SentStep)
		x2, y2 := lay.mark(m.ArrivedStep), to
		if !ok {
			// Still in the network at the end: the arrow stops midway.
			x2, y2 = min(x1+tlUnit, lay.width-tlRight), (from+to)/2
		}
		marks = append(marks, svg("line").Class("tl-msg").
			Attr("x1", x1).Attr("y1", from).Attr("x2", x2).Attr("y2", y2).
			Attr("marker-end", "url(#tl-"+r.id+"-arrow)"))
		if !ok {
			return
		}
		// The climax and the rescue are named: the write that destroys a
		// newer holder's value (or loses a late write), in red with ✗, and
		// the write the resource refuses.
		label, cls := resultMark(m.Result, m.Token), "tl-result"
		if m.ArrivedStep == f.Step {
			switch {
			case ev.Harm == core.HarmOverwrite:
				label, cls = "✗ "+r.t("timeline.destroys", ev.Overwritten), "tl-climax"
			case ev.Harm == core.HarmLostUpdate:
				label, cls = "✗ "+r.t("timeline.loses"), "tl-climax"
			case ev.Result == core.ResultRejected:
				label, cls = resultMark(m.Result, m.Token)+" "+r.t("timeline.refused"), "tl-rescue"
			}
		}
		if cls == "tl-result" {
			marks = append(marks, svg("text").Class("tl-ev-label", cls).Attr("x", x2+4).Attr("y", y2+labelDY).Text(label))
			return
		}
		// Named marks are long: they read leftwards from the arrow's
		// head, over the resource's lane, so they never run off the edge.
		class = append(class, cls)
		marks = append(marks, svg("text").Class("tl-ev-label", cls).Attr("x", x2-8).Attr("y", y2+labelDY).Attr("text-anchor", "end").Text(label))
	}
	switch ev.Kind {
	case core.ActWrite, core.ActRead, core.ActPeek:
		switch ev.Result {
		case core.ResultSkipped:
			dot(laneOf(ev.Client), "—")
		case core.ResultHeld, core.ResultChecked:
			dot(laneOf(ev.Client), "w"+tokenMark(ev.Token))
			if m, ok := arrowAt[-f.Step]; ok {
				arrow(m, false)
			}
		default:
			arrow(arrowAt[f.Step], true)
		}
	case core.ActDeliver:
		if m, ok := arrowAt[f.Step]; ok {
			arrow(m, true)
		} else {
			dot(lay.resourceLane(""), "∅")
		}
	case core.ActAcquire:
		label := "acq " + tokenMark(ev.Token)
		if ev.Err != nil {
			label = "acq ✗"
		}
		dot(laneOf(ev.Client), label)
		if ev.Result == core.ResultHeld {
			if m, ok := arrowAt[-f.Step]; ok {
				arrow(m, false)
			}
		}
	case core.ActRenew:
		dot(laneOf(ev.Client), eventMark(ev))
		if ev.Result == core.ResultHeld {
			if m, ok := arrowAt[-f.Step]; ok {
				arrow(m, false)
			}
		}
	case core.ActJump:
		dot(lay.lockLane(), "clock +"+strconv.Itoa(ev.Ticks))
	case core.ActRestart:
		dot(lay.lockLane(), "⟲")
	case core.ActTick:
		// Time passing belongs to the axis, not to a lane.
		y := lay.height() - tlAxis + 5
		marks = append(marks,
			svg("path").Attr("d", fmt.Sprintf("M%d,%d l-4,-5 h8 z", x, y)),
			svg("text").Class("tl-ev-label").Attr("x", x+6).Attr("y", y+1).Text("+"+strconv.Itoa(ev.Ticks)),
		)
	default:
		dot(laneOf(ev.Client), eventMark(ev))
	}
	return svg("g").
		Class(class...).
		DataSet("testid", "timeline-event").
		DataSet("step", f.Step).
		DataSet("t", lay.tl.Steps[f.Step-1].From).
		DataSet("x", x).
		DataSet("kind", string(ev.Kind)).
		DataSet("client", orNone(ev.Client)).
		DataSet("token", tokenOrNone(ev.Token)).
		DataSet("result", resultValue(ev)).
		Body(append([]app.UI{svg("title").Text(transcriptLine(r.s.Lang, f))}, marks...)...)
}

// tokenMark is a token in a mark, or ✓ for a grant without one.
func tokenMark(token int64) string {
	if token == 0 {
		return "✓"
	}
	return strconv.FormatInt(token, 10)
}

// resultMark is the short mark at an arrow's head: ✓ or ✗ and the token.
func resultMark(result core.Result, token int64) string {
	t := ""
	if token != 0 {
		t = strconv.FormatInt(token, 10)
	}
	switch result {
	case core.ResultAccepted, core.ResultGranted, core.ResultRenewed:
		return "✓" + t
	case core.ResultStale:
		return "✓" + t + "!"
	}
	return "✗" + t
}

func eventMark(ev core.Event) string {
	switch ev.Kind {
	case core.ActRenew:
		if ev.Err != nil {
			return "renew ✗"
		}
		return "renew"
	case core.ActRelease:
		return "rel"
	case core.ActCheck:
		if ev.Result == core.ResultValid {
			return "chk ✓"
		}
		return "chk ✗"
	case core.ActPause:
		return "" // the pause's band carries its name
	case core.ActResume:
		return "▶"
	case core.ActCrash:
		return "✗"
	}
	return string(ev.Kind)
}

// transcriptLine is one event in words.
func transcriptLine(l state.Lang, f core.Frame) string {
	s := fmt.Sprintf("%d. t=%d ", f.Step, f.Clock)
	if f.Event.Client != "" {
		s += f.Event.Client + ": "
	}
	s += words.ActionText(l, f)
	if w := words.ResultWords(l, f.Event); w != "" {
		s += " — " + w
	}
	return s
}

// transcript is the timeline as a table, for screen readers and copying.
func (r runView) transcript() app.UI {
	return app.Details().Class("transcript").Body(
		app.Summary().Text(r.t("timeline.transcript")),
		app.Table().DataSet("testid", "transcript").Body(
			app.Caption().Text(r.t("timeline.title", r.t(r.sc.Title), r.t("strategy."+string(r.st)))),
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text(r.t("transcript.step")),
				app.Th().Scope("col").Text(r.t("transcript.time")),
				app.Th().Scope("col").Text(r.t("transcript.who")),
				app.Th().Scope("col").Text(r.t("transcript.action")),
				app.Th().Scope("col").Text(r.t("transcript.result")),
			)),
			app.TBody().Body(app.Range(r.frames).Slice(func(i int) app.UI {
				f := r.frames[i]
				row := app.Tr().Body(
					app.Td().Text(f.Step),
					app.Td().Text("t="+strconv.Itoa(f.Clock)),
					app.Td().Text(f.Event.Client),
					app.Td().Text(words.ActionText(r.s.Lang, f)),
					app.Td().Text(words.ResultWords(r.s.Lang, f.Event)),
				)
				if f.Step == r.s.Step {
					row = row.Aria("current", "step").Class("current")
				}
				return row
			})),
		),
	)
}

// current highlights the current step: the span of time it let pass, or a
// narrow column around its mark.
func (lay timelineLayout) current(step, bottom int) app.UI {
	x1, x2 := lay.mark(step)-8, lay.mark(step)+8
	if s := lay.tl.Steps[step-1]; s.To > s.From {
		x1, x2 = min(x1, lay.t(s.From)), max(x2, lay.t(s.To))
	}
	return svg("rect").Class("tl-current").DataSet("testid", "timeline-current").DataSet("value", step).
		Attr("x", x1).Attr("y", 0).Attr("width", x2-x1).Attr("height", bottom)
}

// keepCurrentInView scrolls each timeline sideways, where its current step
// is out of sight, to bring it to the middle: a long run is wider than the
// screen, since the drawing never shrinks below legibility.
func keepCurrentInView() {
	if !app.IsClient {
		return
	}
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
