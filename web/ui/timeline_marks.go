package ui

import (
	"fmt"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// eventMarks draws the mark of each step's event on one run's timeline.
// Each mark is a control: focusable (Tab), named by its step's transcript
// line and described by its note (an SVG desc, which aria-describedby
// names too); a click or Enter opens its step, the arrow keys move to the
// next or previous mark (see timelineControl).
type eventMarks struct {
	lang   state.Lang
	column string // "run", "left" or "right": the element ids it uses
	lay    timelineLayout
	// arrived holds each message by the step it arrived at; inFlight the
	// messages still on their way at the run's end, by the step that sent
	// them.
	arrived, inFlight map[int]core.Arrow
	frames            []core.Frame // the run's, for each step's note
}

func newEventMarks(l state.Lang, column string, lay timelineLayout, messages []core.Arrow, frames []core.Frame) eventMarks {
	m := eventMarks{lang: l, column: column, lay: lay, arrived: map[int]core.Arrow{}, inFlight: map[int]core.Arrow{}, frames: frames}
	for _, a := range messages {
		if a.ArrivedStep != 0 {
			m.arrived[a.ArrivedStep] = a
		} else {
			m.inFlight[a.SentStep] = a
		}
	}
	return m
}

func (em eventMarks) t(key string, args ...any) string { return words.T(em.lang, key, args...) }

// draw draws the mark of frame f's event.
func (em eventMarks) draw(f core.Frame) app.UI {
	lay := em.lay
	ev := f.Event
	x := lay.mark(f.Step)
	result := string(ev.Result)
	if result == "" {
		result = none
	}
	class := []string{"tl-ev", "tl-ev-" + result, lay.clientClass(ev.Client)}
	var marks []app.UI
	// shown collects the mark's visible words, which begin its accessible
	// name: one who speaks to the page names a control by what it shows.
	var shown []string
	show := func(s string) string { shown = append(shown, s); return s }
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
			svg("circle cx cy r", x, y, 4),
			svg("text.tl-ev-label x y text-anchor=middle", x, y+labelDY).Text(show(label)),
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
		marks = append(marks, svg("line.tl-msg x1 y1 x2 y2", x1, from, x2, y2).
			Attr("marker-end", "url(#tl-"+em.column+"-arrow)"))
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
				label, cls = "✗ "+em.t("timeline.destroys", ev.Overwritten), "tl-climax"
			case ev.Harm == core.HarmLostUpdate:
				label, cls = "✗ "+em.t("timeline.loses"), "tl-climax"
			case ev.Result == core.ResultRejected:
				label, cls = resultMark(m.Result, m.Token)+" "+em.t("timeline.refused"), "tl-rescue"
			}
		}
		if cls == "tl-result" {
			marks = append(marks, svg("text.tl-ev-label x y", x2+4, y2+labelDY).Class(cls).Text(show(label)))
			return
		}
		// Named marks are long: they read leftwards from the arrow's
		// head, over the resource's lane, so they never run off the edge.
		class = append(class, cls)
		marks = append(marks, svg("text.tl-ev-label x y text-anchor=end", x2-8, y2+labelDY).Class(cls).Text(show(label)))
	}
	switch ev.Kind {
	case core.ActWrite, core.ActRead, core.ActPeek:
		switch ev.Result {
		case core.ResultSkipped:
			dot(laneOf(ev.Client), "—")
		case core.ResultHeld, core.ResultChecked:
			dot(laneOf(ev.Client), "w"+tokenMark(ev.Token))
			if m, ok := em.inFlight[f.Step]; ok {
				arrow(m, false)
			}
		default:
			arrow(em.arrived[f.Step], true)
		}
	case core.ActDeliver:
		if m, ok := em.arrived[f.Step]; ok {
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
			if m, ok := em.inFlight[f.Step]; ok {
				arrow(m, false)
			}
		}
	case core.ActRenew:
		dot(laneOf(ev.Client), eventMark(ev))
		if ev.Result == core.ResultHeld {
			if m, ok := em.inFlight[f.Step]; ok {
				arrow(m, false)
			}
		}
	case core.ActJump:
		dot(lay.lockLane(), "clock +"+strconv.Itoa(ev.Ticks))
	case core.ActRestart:
		dot(lay.lockLane(), "⟲")
	case core.ActBackup, core.ActRestore:
		dot(lay.lockLane(), string(ev.Kind))
	case core.ActTick:
		// Time passing belongs to the axis, not to a lane.
		y := lay.height() - tlAxis + 5
		marks = append(marks,
			svg("path").Attr("d", fmt.Sprintf("M%d,%d l-4,-5 h8 z", x, y)),
			svg("text.tl-ev-label x y", x+6, y+1).Text(show("+"+strconv.Itoa(ev.Ticks))),
		)
	default:
		dot(laneOf(ev.Client), eventMark(ev))
	}
	noteID := "tl-" + em.column + "-note-" + strconv.Itoa(f.Step)
	// The mark's target is a column around it, for a pointer or a finger:
	// 24 px wide, narrower where a neighbour's mark is closer.
	hit := 24
	for _, n := range []int{f.Step - 1, f.Step + 1} {
		if n >= 1 && n <= len(lay.markX) {
			if d := abs(lay.mark(n) - x); d > 0 && d < hit {
				hit = d
			}
		}
	}
	return svg("g").
		Class(class...).
		Attr("tabindex", 0).
		Attr("role", "button").
		Aria("label", strings.Join(append(shown, transcriptLine(em.lang, f)), " · ")).
		Aria("describedby", noteID).
		DataSet("testid", "timeline-event").
		DataSet("step", f.Step).
		DataSet("t", lay.tl.Steps[f.Step-1].From).
		DataSet("x", x).
		DataSet("kind", string(ev.Kind)).
		DataSet("client", orNone(ev.Client)).
		DataSet("token", tokenOrNone(ev.Token)).
		DataSet("result", resultValue(ev)).
		Body(append([]app.UI{
			svg("title").Text(transcriptLine(em.lang, f)),
			svg("desc").ID(noteID).Text(words.Note(em.lang, em.frames, f.Step)),
			// The mark's target: wider than its dot, for a finger.
			svg("rect.tl-hit x y width height", x-hit/2, 0, hit, lay.height()-tlAxis),
		}, marks...)...)
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

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
