package ui

import (
	"strconv"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// svgNS is the namespace go-app needs on each SVG element (svg, el.go).
const svgNS = "http://www.w3.org/2000/svg"

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

// current highlights the current step: the span of time it let pass, or a
// narrow column around its mark.
func (lay timelineLayout) current(step, bottom int) app.UI {
	x1, x2 := lay.mark(step)-8, lay.mark(step)+8
	if s := lay.tl.Steps[step-1]; s.To > s.From {
		x1, x2 = min(x1, lay.t(s.From)), max(x2, lay.t(s.To))
	}
	return svg("rect.tl-current").DataSet("testid", "timeline-current").DataSet("value", step).
		Attr("x", x1).Attr("y", 0).Attr("width", x2-x1).Attr("height", bottom)
}
