package ui

import (
	"testing"

	"dlock/core"
	"dlock/web/state"
)

// A run that ends with time passing has no step's column after its last
// time: the drawing still has room for that time's label on the axis,
// in the page's size and in the projector's.
func TestTheLastTimesLabelFits(t *testing.T) {
	runs := state.NewRuns()
	sc, err := runs.Script("A:acquire,A:write:v,tick:12")
	if err != nil {
		t.Fatal(err)
	}
	run := runs.Run(sc, core.Lease)
	for _, k := range []int{100, tlWide} {
		g := newGeometry(state.English, run.Timeline, run.Frames, k)
		if end := g.x(g.last) + g.textWidth("t=12"); end > g.width {
			t.Errorf("at %d%%: the label of t=12 ends at %d, the drawing at %d", k, end, g.width)
		}
	}
}
