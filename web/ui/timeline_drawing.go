package ui

import (
	"fmt"
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	t := func(key string, args ...any) string { return words.T(c.Lang, key, args...) }
	tl := run.Timeline
	resources := resourceNames(run.Frames)
	lay := newTimelineLayout(tl, resources)
	h := lay.height()

	var els []app.UI
	// Lanes and their labels.
	labels := append(append(append([]string{}, tl.Clients...), t("timeline.lock")), resources...)
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
			svg("title").Text(leaseTitle(c.Lang, l)),
			svg("rect").Attr("x", x1).Attr("y", y-7).Attr("width", max(x2-x1, 3)).Attr("height", 14).Attr("rx", 3),
			svg("text").Class("tl-bar-label").Attr("x", x1+3).Attr("y", y+4).Text(label),
		))
	}
	// Pauses and crashes on the clients' lanes.
	for _, p := range tl.Pauses {
		els = append(els, band("tl-pause", p, lay, t("timeline.paused", p.Client)))
		// The band's own label, inside it, clear of its border.
		if x2 := lay.end(p.ToStep, p.To); x2-lay.t(p.From) > 60 {
			y := lay.laneY(lay.lanes[p.Client])
			els = append(els, svg("text").Class("tl-band-label").Attr("x", (lay.t(p.From)+x2)/2).Attr("y", y+4).Attr("text-anchor", "middle").Text(t("timeline.pause")))
		}
	}
	for _, cr := range tl.Crashes {
		els = append(els, band("tl-crash", cr, lay, t("timeline.crashed", cr.Client)))
	}
	// One mark per step: the event of that step.
	marks := newEventMarks(c.Lang, c.Column, lay, tl.Messages, run.Frames)
	for _, f := range run.Frames[1:] {
		els = append(els, marks.draw(f))
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
