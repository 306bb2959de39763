package web

import (
	"fmt"
	"strconv"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// svg returns an SVG element (go-app needs the namespace on each one).
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// Timeline geometry, in SVG units.
const (
	tlLabel = 64 // lane labels
	tlBase  = 44 // width of a step in which no time passes
	tlTick  = 8  // extra width per tick that passes in a step
	tlLane  = 34 // lane height
	tlAxis  = 26 // time axis below the lanes
	tlRight = 14
)

// timelineLayout maps (step, clock) to x and lanes to y.
type timelineLayout struct {
	tl    core.Timeline
	segX  []int // left edge of each step's segment
	segW  []int
	width int
	lanes map[string]int // client name → lane index; then the lock, then the resources
	res   []string       // the resources, one lane each
}

func newTimelineLayout(tl core.Timeline, resources []string) timelineLayout {
	lay := timelineLayout{tl: tl, lanes: map[string]int{}, res: resources}
	x := tlLabel
	for _, s := range tl.Steps {
		w := tlBase + tlTick*(s.To-s.From)
		lay.segX, lay.segW = append(lay.segX, x), append(lay.segW, w)
		x += w
	}
	lay.width = x + tlRight
	for i, c := range tl.Clients {
		lay.lanes[c] = i
	}
	return lay
}

func (lay timelineLayout) lockLane() int { return len(lay.tl.Clients) }
func (lay timelineLayout) height() int   { return (len(lay.tl.Clients)+1+len(lay.res))*tlLane + tlAxis }

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
	return lane*tlLane + tlLane/2
}

// x is where clock falls within step's segment.
func (lay timelineLayout) x(step, clock int) int {
	i := step - 1
	if i < 0 || i >= len(lay.segX) {
		return lay.width - tlRight
	}
	s := lay.tl.Steps[i]
	clock = max(s.From, min(clock, s.To))
	return lay.segX[i] + tlBase/2 + tlTick*(clock-s.From)
}

// end is the right end of a span: where it ended, or the edge if it goes on.
func (lay timelineLayout) end(toStep, to int) int {
	if toStep == 0 {
		return lay.width - tlRight
	}
	return lay.x(toStep, to)
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
	tl := runOf(r.sc, r.st).timeline
	lay := newTimelineLayout(tl, resourceNames(r.frames))
	cur := r.s.Step
	id := "tl-" + r.id
	h := lay.height()
	lanesBottom := h - tlAxis
	future := app.UI(nil)
	if cur < len(tl.Steps) {
		x := lay.segX[cur]
		future = svg("rect").Class("tl-future-mask").DataSet("testid", "timeline-future").DataSet("value", cur+1).
			Attr("x", x).Attr("y", 0).Attr("width", lay.width-x).Attr("height", lanesBottom)
	}
	first, last := tl.Steps[0].From, tl.Steps[len(tl.Steps)-1].To
	return app.Figure().
		Class("timeline").
		DataSet("testid", "timeline").
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
						Class("timeline-svg", fmt.Sprintf("tl-min-%d", min(max(lay.width*4/5/100, 3), 12))).
						Attr("viewBox", fmt.Sprintf("0 0 %d %d", lay.width, h)).
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
							svg("rect").Class("tl-current").DataSet("testid", "timeline-current").DataSet("value", cur).
								Attr("x", lay.segX[cur-1]).Attr("y", 0).Attr("width", lay.segW[cur-1]).Attr("height", lanesBottom),
							&timelineDrawing{Scenario: r.sc.ID, Strategy: r.st, Lang: r.s.Lang, Column: r.id},
							future,
						),
				),
			r.transcript(),
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
	Lang     Lang
	Column   string // "run", "left" or "right": the element ids it uses
}

func (c *timelineDrawing) Render() app.UI {
	sc, _ := scenarioOf(c.Scenario)
	run := runOf(sc, c.Strategy)
	if run.err != nil {
		return svg("g")
	}
	r := runView{s: Settings{Lang: c.Lang}, sc: sc, st: c.Strategy, f: run.frames[0], frames: run.frames, id: c.Column}
	tl := run.timeline
	resources := resourceNames(run.frames)
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
	// The time axis: a label wherever the clock has moved.
	shown := -1
	for i, s := range tl.Steps {
		if s.From != shown {
			els = append(els, svg("text").Class("tl-axis").Attr("x", lay.x(i+1, s.From)).Attr("y", h-8).Attr("text-anchor", "middle").Text("t="+strconv.Itoa(s.From)))
			shown = s.From
		}
		if s.To != shown {
			els = append(els, svg("text").Class("tl-axis").Attr("x", lay.x(i+1, s.To)).Attr("y", h-8).Attr("text-anchor", "middle").Text("t="+strconv.Itoa(s.To)))
			shown = s.To
		}
	}
	// Leases on the lock service's lane.
	for _, l := range tl.Leases {
		x1, x2 := lay.x(l.FromStep, l.From), lay.end(l.ToStep, l.To)
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
	for _, f := range run.frames[1:] {
		els = append(els, r.timelineEvent(lay, f, arrowAt))
	}
	return svg("g").Class("tl-drawing").Body(els...)
}

// band is a pause or a crash on a client's lane (its event's mark names it).
func band(class string, s core.Span, lay timelineLayout, title string) app.UI {
	x1, x2 := lay.x(s.FromStep, s.From), lay.end(s.ToStep, s.To)
	y := lay.laneY(lay.lanes[s.Client])
	return svg("g").Class(class, lay.clientClass(s.Client)).Body(
		svg("title").Text(title),
		svg("rect").Attr("x", x1).Attr("y", y-11).Attr("width", max(x2-x1, 3)).Attr("height", 22).Attr("rx", 2),
	)
}

func leaseTitle(l Lang, s core.Span) string {
	if s.ToStep == 0 {
		return T(l, "timeline.lease.open", s.Client, s.Token, s.From)
	}
	return T(l, "timeline.lease", s.Client, s.Token, s.From, s.To, T(l, "timeline.ended."+string(s.Ended)))
}

// timelineEvent draws the mark of one step's event.
func (r runView) timelineEvent(lay timelineLayout, f core.Frame, arrowAt map[int]core.Arrow) app.UI {
	ev := f.Event
	x := lay.x(f.Step, lay.tl.Steps[f.Step-1].From)
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
	dot := func(lane int, label string) {
		y := lay.laneY(lane)
		marks = append(marks,
			svg("circle").Attr("cx", x).Attr("cy", y).Attr("r", 4),
			svg("text").Class("tl-ev-label").Attr("x", x).Attr("y", y-8).Attr("text-anchor", "middle").Text(label),
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
		x1 := lay.x(m.SentStep, m.SentAt)
		x2, y2 := lay.x(m.ArrivedStep, m.ArrivedAt), to
		if !ok {
			// Still in the network at the end: the arrow stops midway.
			x2, y2 = min(x1+tlBase, lay.width-tlRight), (from+to)/2
		}
		marks = append(marks, svg("line").Class("tl-msg").
			Attr("x1", x1).Attr("y1", from).Attr("x2", x2).Attr("y2", y2).
			Attr("marker-end", "url(#tl-"+r.id+"-arrow)"))
		if ok {
			marks = append(marks, svg("text").Class("tl-ev-label", "tl-result").Attr("x", x2+4).Attr("y", y2-4).Text(resultMark(m.Result, m.Token)))
		}
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
		return "GC"
	case core.ActResume:
		return "▶"
	case core.ActCrash:
		return "✗"
	}
	return string(ev.Kind)
}

// transcriptLine is one event in words.
func transcriptLine(l Lang, f core.Frame) string {
	s := fmt.Sprintf("%d. t=%d ", f.Step, f.Clock)
	if f.Event.Client != "" {
		s += f.Event.Client + ": "
	}
	s += actionText(l, f)
	if w := resultWords(l, f.Event); w != "" {
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
					app.Td().Text(actionText(r.s.Lang, f)),
					app.Td().Text(resultWords(r.s.Lang, f.Event)),
				)
				if f.Step == r.s.Step {
					row = row.Aria("current", "step").Class("current")
				}
				return row
			})),
		),
	)
}
