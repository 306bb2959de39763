package ui

import (
	"regexp"
	"strconv"
	"testing"

	"dlock/core"
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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

// A write still on its way is drawn from its client's lane towards its
// resource's, and stops short of it, between two lanes: never on the
// lock's lane, which lies between them.
func TestAWriteOnItsWayStopsShortOfItsResource(t *testing.T) {
	runs := state.NewRuns()
	sc, _ := runs.Scenario("delayed-write")
	run := runs.Run(sc, core.LeaseFencing)
	g := geometryOf(run, state.English, 0)
	// Step 3: A's write, held up in the network, not arrived at step 3.
	c := &timelineStep{Scenario: sc.ID, Strategy: core.LeaseFencing, Lang: state.English, Column: "run", Runs: runs, Step: 3}
	html := app.HTMLString(c)
	m := regexp.MustCompile(`<line[^>]*class="tl-msg"[^>]*>`).FindString(html)
	y := func(name string) int {
		v, _ := strconv.Atoi(regexp.MustCompile(`\s` + name + `="(\d+)"`).FindStringSubmatch(m)[1])
		return v
	}
	if m == "" {
		t.Fatalf("no arrow drawn: %s", html)
	}
	from, to, lock := g.laneY(g.laneOf("A")), g.laneY(g.resourceLane(core.Row42)), g.laneY(g.lockLane())
	if y1, y2 := y("y1"), y("y2"); y1 != from || y2 == lock || y2 <= lock || y2 >= to {
		t.Errorf("the arrow runs from y=%d to y=%d; its client's lane is at %d, the lock's at %d, the resource's at %d", y1, y2, from, lock, to)
	}
}
