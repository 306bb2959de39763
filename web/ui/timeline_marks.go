package ui

import (
	"fmt"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/core/timeline"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// stepMark is what one step draws on the timeline, before it is placed: a
// dot on a lane with its label, or a marker on the axis (a tick), and the
// messages it delivers or sends. Every label sits above its lane, right of
// its mark, inside the step's column, which is as wide as its widest
// label: no two steps' labels can overlap.
type stepMark struct {
	dot   int    // the lane of its dot; -1 for none
	label string // the dot's label, or the tick's
	tick  bool   // time passing for everyone: a marker on the axis
	// arrived is the message that arrives in this step, drawn from its
	// sending step's mark to this one; sent, one this step sends that
	// arrives in a later step or never.
	arrived, sent *timeline.Arrow
	result        string // the label at the arriving arrow's head
	resultClass   string // tl-result, tl-climax (destroys a newer holder's value, or loses a late write) or tl-rescue (refused)
	class         string // the climax or the rescue, on the whole mark
}

// width is the step's column in g: its widest label after its mark, or a
// mark's hit width.
func (m stepMark) width(g *tlGeometry) int {
	w := g.w(tlCol)
	for _, label := range []string{m.label, m.result} {
		if label != "" {
			w = max(w, g.w(tlMarkX+tlGap)+g.textWidth(label)+g.w(4))
		}
	}
	return w
}

// marksOf says what each step of a run draws, in l.
func marksOf(l state.Lang, g *tlGeometry, frames []core.Frame) []stepMark {
	arrived, inFlight := map[int]*timeline.Arrow{}, map[int]*timeline.Arrow{}
	for i := range g.tl.Messages {
		a := &g.tl.Messages[i]
		if a.ArrivedStep != 0 {
			arrived[a.ArrivedStep] = a
		}
		if a.ArrivedStep != a.SentStep {
			inFlight[a.SentStep] = a
		}
	}
	t := func(key string, args ...any) string { return words.T(l, key, args...) }
	marks := make([]stepMark, len(frames))
	for i, f := range frames {
		m := stepMark{dot: -1}
		if i == 0 {
			marks[i] = m
			continue
		}
		ev := f.Event
		dot := func(lane int, label string) { m.dot, m.label = lane, label }
		switch ev.Kind {
		case core.ActWrite, core.ActRead, core.ActPeek:
			switch ev.Result {
			case core.ResultSkipped:
				dot(g.laneOf(ev.Client), "—")
			case core.ResultHeld, core.ResultChecked:
				dot(g.laneOf(ev.Client), "w"+tokenMark(ev.Token))
			}
		case core.ActDeliver:
			if arrived[f.Step] == nil {
				dot(g.resourceLane(""), "∅")
			}
		case core.ActAcquire:
			label := "acq " + tokenMark(ev.Token)
			if ev.Err != nil {
				label = "acq ✗"
			}
			dot(g.laneOf(ev.Client), label)
		case core.ActJump:
			dot(g.lockLane(), "clock +"+strconv.Itoa(ev.Ticks))
		case core.ActRestart:
			dot(g.lockLane(), "⟲")
		case core.ActBackup, core.ActRestore, core.ActSync, core.ActFailover:
			dot(g.lockLane(), string(ev.Kind))
		case core.ActTick:
			m.tick, m.label = true, "+"+strconv.Itoa(ev.Ticks)
		default:
			dot(g.laneOf(ev.Client), eventMark(ev))
		}
		if a := arrived[f.Step]; a != nil {
			m.arrived = a
			m.result, m.resultClass = resultMark(a.Result, a.Token), "tl-result"
			switch {
			case ev.Harm == core.HarmOverwrite:
				m.result, m.resultClass = "✗ "+t("timeline.destroys", ev.Overwritten), "tl-climax"
			case ev.Harm == core.HarmLostUpdate:
				m.result, m.resultClass = "✗ "+t("timeline.loses"), "tl-climax"
			case ev.Result == core.ResultRejected:
				m.result, m.resultClass = resultMark(a.Result, a.Token)+" "+t("timeline.refused"), "tl-rescue"
			}
			if m.resultClass != "tl-result" {
				m.class = m.resultClass
			}
		}
		if a := inFlight[f.Step]; a != nil {
			m.sent = a
		}
		marks[i] = m
	}
	return marks
}

// timelineStep draws one step's mark, the messages it sends and the one it
// delivers: a component of its own, so that a step of the reader's renders
// only the marks whose fields change (the step they are at, whether it is
// still to come, whether what it sent has arrived).
type timelineStep struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Column   string // "run", "left" or "right": the element ids it uses
	Runs     *state.Runs
	Wide     int // drawn k percent wide (tlGeometry.k; 0 is 100)
	Step     int
	// Later: a step still to come, drawn faded (only when the whole run
	// is shown).
	Later bool
	// Arrived: what this step sent has arrived by the step shown, so its
	// arrow is drawn by the step it arrived at, not here.
	Arrived bool
	// Held: its note holds back what judges the run (words.HeldNote).
	Held bool
}

func (c *timelineStep) Render() app.UI {
	run, g, ok := drawnRun(c.Runs, c.Scenario, c.Strategy, c.Lang, c.Wide)
	if !ok || c.Step < 2 || c.Step > len(run.Frames) {
		return svg("g")
	}
	f := run.Frames[c.Step-1]
	m := g.marks[c.Step-1]
	ev := f.Event
	x := g.mark(c.Step)
	result := string(ev.Result)
	if result == "" {
		result = none
	}
	class := []string{"tl-step", "tl-ev", "tl-ev-" + result, g.clientClass(ev.Client)}
	if m.class != "" {
		class = append(class, m.class)
	}
	if c.Later {
		class = append(class, "tl-later")
	}
	var els []app.UI
	// shown collects the mark's visible words, which begin its accessible
	// name: one who speaks to the page names a control by what it shows.
	var shown []string
	label := func(x, lane int, cls, text string) {
		shown = append(shown, text)
		els = append(els, svg("text.tl-ev-label x y", x+g.w(tlGap), g.laneY(lane)-g.labelDY()).Class(cls).Text(text))
	}
	arrow := func(a *timeline.Arrow, arrived bool) {
		from, to := g.laneY(g.laneOf(a.Client)), g.laneY(g.resourceLane(a.Resource))
		switch a.Kind {
		case core.MsgReply:
			from, to = g.laneY(g.lockLane()), g.laneY(g.laneOf(a.Client))
			if a.Resource != "" { // no lock service: the resource answered
				from = g.laneY(g.resourceLane(a.Resource))
			}
		case core.MsgRenew:
			to = g.laneY(g.lockLane())
		}
		x1, x2, y2 := g.mark(a.SentStep), g.mark(a.ArrivedStep), to
		if !arrived {
			// Still on its way at the step shown: the arrow stops midway,
			// between two lanes, half a lane short of where it goes, never
			// on a lane it does not go to (the lock's, between a client's
			// and a resource's).
			x2, y2 = x1+g.w(tlUnit), (from+to)/2
			switch {
			case to-from > tlLane:
				y2 = to - tlLane/2
			case from-to > tlLane:
				y2 = to + tlLane/2
			}
		}
		els = append(els, svg("line.tl-msg x1 y1 x2 y2", x1, from, x2, y2).Attr("marker-end", "url(#tl-"+c.Column+"-arrow)"))
	}
	if m.sent != nil && !c.Arrived {
		arrow(m.sent, false)
	}
	if m.arrived != nil {
		arrow(m.arrived, true)
		lane := g.resourceLane(m.arrived.Resource)
		switch m.arrived.Kind {
		case core.MsgReply:
			lane = g.laneOf(m.arrived.Client)
		case core.MsgRenew:
			lane = g.lockLane()
		}
		label(x, lane, m.resultClass, m.result)
	}
	switch {
	case m.tick:
		y := g.lanesBottom() + 8
		els = append(els,
			svg("path.tl-tick-marker").Attr("d", fmt.Sprintf("M%d,%d l-5,-7 h10 z", x, y)),
			svg("text.tl-ev-label x y", x+g.w(tlGap+2), y-1).Text(m.label),
		)
		shown = append(shown, "▾"+m.label)
	case m.dot >= 0:
		els = append(els, svg("circle cx cy r", x, g.laneY(m.dot), 4))
		if m.label != "" {
			label(x, m.dot, "", m.label)
		}
	}
	noteID := "tl-" + c.Column + "-note-" + strconv.Itoa(c.Step)
	return svg("g").
		Class(class...).
		Attr("tabindex", 0).
		Attr("role", "button").
		Aria("label", strings.Join(append(shown, transcriptLine(c.Lang, f)), " · ")).
		Aria("describedby", noteID).
		DataSet("testid", "timeline-event").
		DataSet("step", c.Step).
		DataSet("t", g.tl.Steps[c.Step-1].From).
		DataSet("x", x).
		DataSet("kind", string(ev.Kind)).
		DataSet("result", resultValue(ev)).
		Body(append([]app.UI{
			svg("title").Text(transcriptLine(c.Lang, f)),
			svg("desc").ID(noteID).Text(c.note(run.Frames)),
			// The mark's target: its whole column, for a pointer or a
			// finger.
			svg("rect.tl-hit x y width height", g.colX[c.Step-1], 0, g.colW[c.Step-1], g.lanesBottom()),
		}, els...)...)
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

// note is the mark's note: the step's, without what judges the run where
// it is held.
func (c *timelineStep) note(frames []core.Frame) string {
	if c.Held {
		return words.HeldNote(c.Lang, frames, c.Step)
	}
	return words.Note(c.Lang, frames, c.Step)
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
