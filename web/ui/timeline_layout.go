package ui

import (
	"math"
	"strconv"
	"sync"

	"dlock/core"
	"dlock/core/timeline"
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// svgNS is the namespace go-app needs on each SVG element (svg, el.go).
const svgNS = "http://www.w3.org/2000/svg"

// Timeline geometry, in CSS pixels: the drawing is never scaled on the
// page, so its text stays the size the style sheet gives it whatever the
// width, and a drawing wider than the page scrolls sideways. The projector
// view draws one run wide (tlWide): every length across, and the text, half
// as large again, the lanes as they are (see tlGeometry.k).
const (
	tlUnit  = 32 // one tick of time passing
	tlCol   = 24 // the narrowest column of a step: its mark's hit width
	tlMarkX = 10 // a mark's x within its column
	tlGap   = 5  // between a mark and its label
	tlLane  = 44 // lane height
	tlAxis  = 40 // the time axis below the lanes
	tlLeft  = 8
	tlRight = 20
	tlTop   = 26 // room above the first lane for its marks' labels
	tlNames = 64 // the lane names' column, a drawing of its own that does not scroll
	// tlLabelDY is how far above its lane's line a mark's label sits: clear
	// of a lease bar (±7) and a pause band (±11) on that lane.
	tlLabelDY = 14
	// tlWide is the projector view's one run, in percent. Scaled to fit
	// its frame, a drawing as tall as the frame and narrower than it (the
	// frame of a 16:9 screen is about six times as wide as tall, the
	// chapter's run three) keeps its height and shows its text half as
	// large again; one wider than its frame shows it as large as drawn
	// narrow. A lane has room for text of this size: an 18 px label,
	// raised 2 px more (tlGeometry.labelDY), clears both the band on its
	// own lane and the bars of the lane above.
	tlWide = 150
)

// tlGeometry is a run's timeline laid out. The x axis is time, but time
// does not always move between steps: every step gets a column of its own,
// wide enough for its labels, at the time it happened, and several steps
// at one time sit side by side in a stretch of the axis where time stands
// still. Between one time and the next, time passes over tlUnit.
type tlGeometry struct {
	tl    timeline.Timeline
	marks []stepMark // what each step draws, by step - 1 (step 1 draws nothing)
	colX  []int      // each step's column, by step - 1
	colW  []int
	timeX []int // where time first+i starts, by i
	still []int // how wide the stretch where time first+i stands still is (0: no step then)
	first int   // the run's first time
	last  int   // its last
	width int
	lanes map[string]int // client name → lane index; then the lock, then the resources
	res   []string       // the resources, one lane each
	// k is how large it is drawn across, in percent: 100, or tlWide in
	// the projector view. Every length across is k percent of its
	// constant, and so is the text (the style sheet's .tl-wide); the
	// lengths down are as they are.
	k int
}

// w is n, a length across, drawn at the geometry's k.
func (g *tlGeometry) w(n int) int { return (n*g.k + 50) / 100 }

// labelDY is how far above its lane's line a mark's label sits: tlLabelDY,
// and for the larger text of a wide drawing 2 px more, for its larger
// descent.
func (g *tlGeometry) labelDY() int {
	if g.k > 100 {
		return tlLabelDY + 2
	}
	return tlLabelDY
}

// drawnRun is what a timeline's component draws from: the run of the
// scenario with that id under st (from runs, which replay it once), and
// its timeline's geometry in l, wide percent wide; ok is false where the
// run failed, which the timeline's own error shows.
func drawnRun(runs *state.Runs, id string, st core.Strategy, l state.Lang, wide int) (run *state.Run, g *tlGeometry, ok bool) {
	sc, _ := runs.Scenario(id)
	run = runs.Run(sc, st)
	if run.Err != nil {
		return run, nil, false
	}
	return run, geometryOf(run, l, wide), true
}

// geometryOf lays out run in l, k percent wide (0 is 100), once: the same
// run, language and k give the same geometry, which every component of its
// timeline reads.
func geometryOf(run *state.Run, l state.Lang, wide int) *tlGeometry {
	if wide == 0 {
		wide = 100
	}
	geoms.Lock()
	defer geoms.Unlock()
	k := geomKey{run, l, wide}
	if g, ok := geoms.m[k]; ok {
		return g
	}
	if len(geoms.m) >= 128 {
		// Free play's runs come and go (state.Runs forgets old scripts):
		// start again rather than keep them all.
		geoms.m = map[geomKey]*tlGeometry{}
	}
	g := newGeometry(l, run.Timeline, run.Frames, wide)
	geoms.m[k] = g
	return g
}

type geomKey struct {
	run  *state.Run
	lang state.Lang
	wide int
}

var geoms = struct {
	sync.Mutex
	m map[geomKey]*tlGeometry
}{m: map[geomKey]*tlGeometry{}}

func newGeometry(l state.Lang, tl timeline.Timeline, frames []core.Frame, wide int) *tlGeometry {
	g := &tlGeometry{tl: tl, lanes: map[string]int{}, res: resourceNames(frames), k: wide}
	for i, c := range tl.Clients {
		g.lanes[c] = i
	}
	if len(tl.Steps) == 0 {
		return g
	}
	g.first, g.last = tl.Steps[0].From, tl.Steps[0].To
	for _, s := range tl.Steps {
		g.last = max(g.last, s.To)
	}
	g.marks = marksOf(l, g, frames)
	g.colX, g.colW = make([]int, len(tl.Steps)), make([]int, len(tl.Steps))
	x := g.w(tlLeft)
	next := 1 // the next step to place (step 1 draws nothing)
	for t := g.first; t <= g.last; t++ {
		g.timeX = append(g.timeX, x)
		start := x
		for next < len(tl.Steps) && tl.Steps[next].From == t {
			g.colX[next], g.colW[next] = x, g.marks[next].width(g)
			x += g.colW[next]
			next++
		}
		g.still = append(g.still, x-start)
		if t < g.last {
			x += g.w(tlUnit)
		}
	}
	g.colX[0] = g.w(tlLeft)
	// Room on the right for the last time's label on the axis, where the
	// run ends with time passing and no step's column follows it.
	g.width = max(x+g.w(tlRight), g.x(g.last)+g.textWidth("t="+strconv.Itoa(g.last))+g.w(4))
	return g
}

func (g *tlGeometry) lockLane() int { return len(g.tl.Clients) }

// lanesBottom is where the lanes end and the axis begins.
func (g *tlGeometry) lanesBottom() int { return tlTop + (len(g.tl.Clients)+1+len(g.res))*tlLane }

func (g *tlGeometry) height() int { return g.lanesBottom() + tlAxis }

// axisY is where the time axis runs.
func (g *tlGeometry) axisY() int { return g.lanesBottom() + 12 }

// laneOf is the lane of a client, or the lock's for anyone else.
func (g *tlGeometry) laneOf(name string) int {
	if i, ok := g.lanes[name]; ok {
		return i
	}
	return g.lockLane()
}

// resourceLane is the lane of the named resource (the first one's for "").
func (g *tlGeometry) resourceLane(name string) int {
	for i, r := range g.res {
		if r == name {
			return len(g.tl.Clients) + 1 + i
		}
	}
	return len(g.tl.Clients) + 1
}

func (g *tlGeometry) laneY(lane int) int { return tlTop + lane*tlLane + tlLane/2 }

// x is where time t starts (past the run's last time, as if time went on).
func (g *tlGeometry) x(t int) int {
	switch {
	case len(g.timeX) == 0:
		return g.w(tlLeft)
	case t < g.first:
		return g.timeX[0]
	case t > g.last:
		return g.timeX[len(g.timeX)-1] + g.still[len(g.still)-1] + (t-g.last)*g.w(tlUnit)
	}
	return g.timeX[t-g.first]
}

// mark is the x of a step's mark (1-based): in its column, tlMarkX in.
func (g *tlGeometry) mark(step int) int {
	if step < 1 || step > len(g.colX) {
		return g.width - g.w(tlRight)
	}
	if step == 1 {
		return g.x(g.first)
	}
	return g.colX[step-1] + g.w(tlMarkX)
}

// now is the x the run has reached at step: the end of its column, or,
// for a step over which time passed, the time it ended at.
func (g *tlGeometry) now(step int) int {
	if step <= 1 || step > len(g.colX) {
		return g.x(g.first)
	}
	if s := g.tl.Steps[step-1]; s.To > s.From {
		return g.x(s.To)
	}
	return g.colX[step-1] + g.colW[step-1]
}

// at is where a span's end at time t in step falls: at that step's mark
// if it is the time the step began (the step's own event ended it), else
// where time t starts (it ended while the step let time pass).
func (g *tlGeometry) at(step, t int) int {
	if step >= 1 && step <= len(g.tl.Steps) && g.tl.Steps[step-1].From == t {
		return g.mark(step)
	}
	return g.x(t)
}

// span is where a lease, a pause or a crash lies, as far as the run has
// reached at step cur (or, with whole, as it ends).
func (g *tlGeometry) span(s timeline.Span, cur int, whole bool) (x1, x2 int) {
	x1 = g.at(s.FromStep, s.From)
	switch {
	case s.ToStep != 0 && (whole || s.ToStep <= cur):
		x2 = g.at(s.ToStep, s.To)
	case whole:
		x2 = g.width - g.w(tlRight)
	default:
		x2 = g.now(cur)
	}
	return x1, max(x2, x1+3)
}

// current highlights step's column, and the time it let pass.
// current is the band behind the current step, in st (steps.go): where
// it is, its patches of the element id.
func (g *tlGeometry) current(st *stepped, id string) app.UI {
	band := func(s state.Settings) (x1, x2 int) {
		x1, x2 = g.x(g.first)-g.w(6), g.x(g.first)+g.w(6)
		if step := s.Step; step > 1 && step <= len(g.colX) {
			x1, x2 = g.colX[step-1], g.now(step)
		}
		return x1, x2
	}
	r := svg("rect.tl-current").DataSet("testid", "timeline-current").Attr("y", 0).Attr("height", g.lanesBottom())
	step := func(s state.Settings) string { return strconv.Itoa(s.Step) }
	r = st.attr(r, id, "data-value", step)
	r = st.attr(r, id, "data-step", step)
	r = st.attr(r, id, "x", func(s state.Settings) string { x1, _ := band(s); return strconv.Itoa(x1) })
	return st.attr(r, id, "width", func(s state.Settings) string { x1, x2 := band(s); return strconv.Itoa(x2 - x1) })
}

// clientClass colours a client's marks; the marks also carry its name.
func (g *tlGeometry) clientClass(name string) string {
	if i, ok := g.lanes[name]; ok {
		return "tl-c" + strconv.Itoa(i%4)
	}
	return "tl-service"
}

// textWidth is about how wide s is drawn in a mark's label (12 px, the
// monospaced stack, at k percent): 0.6 em a character, a full em for a
// wide (CJK) one. Rounded up, so that a label never runs past its column.
func (g *tlGeometry) textWidth(s string) int {
	w := 0.0
	for _, r := range s {
		if r >= 0x2E80 {
			w += 12
		} else {
			w += 7.4
		}
	}
	return int(math.Ceil(w * float64(g.k) / 100))
}
