package ui

import (
	"fmt"
	"strconv"

	"dlock/core"
	"dlock/core/timeline"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// timelineDrawing is the part of a run's timeline that does not depend on
// the step: the lanes and the time axis, with the stretches of the axis
// where time stands still. go-app renders it again only when its fields
// change, so stepping does not rebuild it.
type timelineDrawing struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Runs     *state.Runs
	Wide     int // drawn k percent wide (tlGeometry.k; 0 is 100)
}

func (c *timelineDrawing) Render() app.UI {
	_, g, ok := drawnRun(c.Runs, c.Scenario, c.Strategy, c.Lang, c.Wide)
	if !ok {
		return svg("g")
	}
	var els []app.UI
	for lane := 0; lane < len(g.tl.Clients)+1+len(g.res); lane++ {
		y := g.laneY(lane)
		els = append(els, svg("line.tl-lane x1 x2 y1 y2", 0, g.width-g.w(tlRight), y, y))
	}
	// The time axis: a tick where each time starts, its label under it.
	// (Where several steps happened at one time the axis is as wide as
	// their columns, and time stands still there: timelineProgress shades
	// those stretches as the run reaches them.)
	axisY := g.axisY()
	els = append(els, svg("line.tl-axis-line x1 x2 y1 y2", g.x(g.first), g.x(g.last)+g.still[len(g.still)-1], axisY, axisY))
	for t := g.first; t <= g.last; t++ {
		x := g.x(t)
		els = append(els,
			svg("line.tl-tick data-testid=timeline-tick x1 x2 y1 y2", x, x, axisY-5, axisY+5).DataSet("t", t),
			svg("text.tl-axis x y", x, axisY+19).Text("t="+strconv.Itoa(t)),
		)
	}
	return svg("g.tl-drawing").Body(els...)
}

// timelineProgress is what the run has drawn by the step shown: the
// leases, pauses and crashes as far as they have reached, and each step's
// mark up to it. With the whole run asked for (Settings.Future), the steps
// still to come are drawn too, faded; otherwise nothing of them is drawn,
// nor in the page's accessibility tree.
type timelineProgress struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Column   string
	Runs     *state.Runs
	Wide     int // drawn k percent wide (tlGeometry.k; 0 is 100)
	Step     int
	Future   bool
	// Held: the marks' notes hold back what judges the run (predict mode,
	// before the verdict: words.HeldNote).
	Held bool
}

func (c *timelineProgress) Render() app.UI {
	run, g, ok := drawnRun(c.Runs, c.Scenario, c.Strategy, c.Lang, c.Wide)
	if !ok {
		return svg("g")
	}
	t := func(key string, args ...any) string { return words.T(c.Lang, key, args...) }
	cur := min(max(c.Step, 1), len(run.Frames))
	// Leases on the lock service's lane, pauses and crashes on the
	// clients', each as far as it has reached at the step shown.
	lockY := g.laneY(g.lockLane())
	leases := c.spans(g, cur, g.tl.Leases, func(s timeline.Span) spanLook {
		label := s.Client
		if s.Token != 0 {
			label = fmt.Sprintf("%s·%d", s.Client, s.Token)
		}
		return spanLook{"tl-lease", lockY, 14, leaseTitle(c.Lang, s, cur), label}
	})
	pauses := c.spans(g, cur, g.tl.Pauses, func(s timeline.Span) spanLook {
		return spanLook{"tl-pause", g.laneY(g.lanes[s.Client]), 22, t("timeline.paused", s.Client), t("timeline.pause")}
	})
	crashes := c.spans(g, cur, g.tl.Crashes, func(s timeline.Span) spanLook {
		return spanLook{"tl-crash", g.laneY(g.lanes[s.Client]), 22, t("timeline.crashed", s.Client), ""}
	})
	// The lease in force also shows, dashed, where it will end as far as
	// is known now (a renewal moves it, a release or a restart cuts it
	// short).
	var known []app.UI
	if f := run.Frames[cur-1]; f.Lock.Grant != 0 && len(f.Lock.Nodes) == 1 && f.Lock.Expiry != core.Never {
		// The service's expiry, on the clients' clock.
		end := min(g.x(f.Lock.Expiry-(f.Lock.Now-f.Clock)), g.width-g.w(tlRight))
		if from := g.now(cur); end > from {
			known = append(known, svg("rect.tl-lease-known x y width height rx", from, lockY-7, end-from, 14, 3).
				DataSet("testid", "timeline-lease-known").DataSet("step", cur).Class(g.clientClass(f.Lock.Holder)))
		}
	}
	// Where a lease a new leader restarted would have ended without the
	// failover: an upright dotted line on the lock's lane, from the
	// failover on, which the bar then reaches past.
	for _, s := range g.tl.Leases {
		if s.WouldEnd == 0 || s.FailoverStep > cur && !c.Future {
			continue
		}
		x := g.x(s.WouldEnd)
		if x > g.width-g.w(tlRight) {
			continue
		}
		class := []string{"tl-would-end", g.clientClass(s.Client)}
		if s.FailoverStep > cur {
			class = append(class, "tl-later")
		}
		known = append(known, svg("g").Class(class...).DataSet("testid", "timeline-would-end").DataSet("t", s.WouldEnd).Body(
			svg("title").Text(t("timeline.would-end", s.Client, s.WouldEnd)),
			svg("line x1 x2 y1 y2", x, x, lockY-13, lockY+13),
		))
	}
	// The stretches of the axis where time stood still, as far as the run
	// has reached them.
	var stills []app.UI
	for t := g.first; t <= g.last; t++ {
		x, still := g.x(t), g.still[t-g.first]
		if !c.Future {
			still = min(still, g.now(cur)-x)
		}
		if still > 0 {
			stills = append(stills, svg("rect.tl-still data-testid=timeline-still x y width height", x, g.axisY()-4, still, 8).DataSet("t", t))
		}
	}
	// One mark per step.
	last := cur
	if c.Future {
		last = len(run.Frames)
	}
	var marks []app.UI
	for step := 2; step <= last; step++ {
		arrived := false
		if a := g.marks[step-1].sent; a != nil {
			arrived = a.ArrivedStep != 0 && a.ArrivedStep <= cur
		}
		marks = append(marks, &timelineStep{Scenario: c.Scenario, Strategy: c.Strategy, Lang: c.Lang, Column: c.Column,
			Runs: c.Runs, Wide: c.Wide, Step: step, Later: step > cur, Arrived: arrived, Held: c.Held})
	}
	// Three groups, each of its own: go-app matches children by position,
	// so a span that appears must not shift the marks after it (which would
	// rebuild them, and lose the focus of the one focused).
	return svg("g.tl-progress").DataSet("testid", "timeline-progress").DataSet("value", cur).Body(
		svg("g.tl-spans").Body(
			svg("g").Body(leases...),
			svg("g").Body(known...),
			svg("g").Body(pauses...),
			svg("g").Body(crashes...),
		),
		svg("g.tl-stills").Body(stills...),
		svg("g.tl-marks").Body(marks...),
	)
}

// spanLook is how a span of one kind is drawn: its class, the y of its
// lane, its height, its title and the label inside it ("" for none).
type spanLook struct {
	class string
	y, h  int
	title string
	label string
}

// spans draws spans of one kind as far as the run has reached at step
// cur; with the whole run asked for, also those still to come and the
// rest of those under way, faded.
func (c *timelineProgress) spans(g *tlGeometry, cur int, spans []timeline.Span, look func(timeline.Span) spanLook) []app.UI {
	var out []app.UI
	for _, s := range spans {
		later := s.FromStep > cur
		if later && !c.Future {
			continue
		}
		lk := look(s)
		x1, x2 := g.span(s, cur, later)
		class := []string{lk.class, g.clientClass(s.Client)}
		if later {
			class = append(class, "tl-later")
		}
		var rest, label app.UI
		if c.Future && !later && (s.ToStep == 0 || s.ToStep > cur) {
			if _, end := g.span(s, cur, true); end > x2 {
				rest = svg("rect.tl-later x y width height rx", x2, lk.y-lk.h/2, end-x2, lk.h, 2)
			}
		}
		switch {
		case lk.class == "tl-lease":
			label = svg("text.tl-bar-label x y", x1+3, lk.y+4).Text(lk.label)
		case lk.label != "" && x2-x1 > g.w(70):
			// A band's own label, inside it, clear of its border.
			label = svg("text.tl-band-label x y text-anchor=middle", (x1+x2)/2, lk.y+4).Text(lk.label)
		}
		out = append(out, svg("g").Class(class...).DataSet("step", s.FromStep).Body(
			svg("title").Text(lk.title),
			svg("rect x y width height rx", x1, lk.y-lk.h/2, x2-x1, lk.h, 2),
			rest,
			label,
		))
	}
	return out
}

// leaseTitle words a lease as far as the run has reached at step cur.
func leaseTitle(l state.Lang, s timeline.Span, cur int) string {
	if s.ToStep == 0 || s.ToStep > cur {
		return words.T(l, "timeline.lease.open", s.Client, s.Token, s.From)
	}
	return words.T(l, "timeline.lease", s.Client, s.Token, s.From, s.To, words.T(l, "timeline.ended."+string(s.Ended)))
}
