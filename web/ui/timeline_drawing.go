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
			svg("line.tl-lane x1 x2 y1 y2", tlLabel-6, lay.width-tlRight, y, y),
			svg("text.tl-label x y", 4, y+4).Text(label),
		)
	}
	// The time axis: a tick at every unit of time, a label on each where
	// it fits (every unit at this width).
	axisY := h - tlAxis + 4
	els = append(els, svg("line.tl-axis-line x1 x2 y1 y2", lay.t(lay.first), lay.t(lay.last), axisY, axisY))
	for t := lay.first; t <= lay.last; t++ {
		x := lay.t(t)
		els = append(els,
			svg("line.tl-tick data-testid=timeline-tick x1 x2 y1 y2", x, x, axisY-4, axisY+4).DataSet("t", t),
			svg("text.tl-axis x y text-anchor=middle", x, h-6).Text("t="+strconv.Itoa(t)),
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
			svg("rect x y width height rx", x1, y-7, max(x2-x1, 3), 14, 3),
			svg("text.tl-bar-label x y", x1+3, y+4).Text(label),
		))
	}
	// Pauses and crashes on the clients' lanes.
	for _, p := range tl.Pauses {
		els = append(els, band("tl-pause", p, lay, t("timeline.paused", p.Client)))
		// The band's own label, inside it, clear of its border.
		if x2 := lay.end(p.ToStep, p.To); x2-lay.t(p.From) > 60 {
			y := lay.laneY(lay.lanes[p.Client])
			els = append(els, svg("text.tl-band-label x y text-anchor=middle", (lay.t(p.From)+x2)/2, y+4).Text(t("timeline.pause")))
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
	return svg("g.tl-drawing").Body(els...)
}

// band is a pause or a crash on a client's lane (its event's mark names it).
func band(class string, s core.Span, lay timelineLayout, title string) app.UI {
	x1, x2 := lay.t(s.From), lay.end(s.ToStep, s.To)
	y := lay.laneY(lay.lanes[s.Client])
	return svg("g").Class(class, lay.clientClass(s.Client)).Body(
		svg("title").Text(title),
		svg("rect x y width height rx", x1, y-11, max(x2-x1, 3), 22, 2),
	)
}

func leaseTitle(l state.Lang, s core.Span) string {
	if s.ToStep == 0 {
		return words.T(l, "timeline.lease.open", s.Client, s.Token, s.From)
	}
	return words.T(l, "timeline.lease", s.Client, s.Token, s.From, s.To, words.T(l, "timeline.ended."+string(s.Ended)))
}
