package ui

import (
	"strconv"
	"strings"

	"dlock/core/course"
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A step of the run shown, once the app is live, is drawn without drawing
// the page. Drawn whole, a step costs go-app a render of every part of the
// page and a comparison of it with the last, then a few dozen changes to
// the document, each a call from Go into JavaScript: several milliseconds
// on a laptop, three to five frames on a phone. So the page says, as it
// draws, which parts a step changes (stepped), and in what way:
//
//   - an island is an element whose whole content the step decides (the
//     cards, the clients, the action, the timeline's drawing so far, the
//     handout): go-app draws it empty in the browser, and the step path
//     fills it with the content the same code draws for the step, written
//     once as HTML and kept parsed, so that showing it again is one clone;
//   - a patch is an attribute, or the text, of an element go-app draws (a
//     button's aria-disabled, the step counter, a link's address, the live
//     region): the step path sets it to what go-app would draw for the
//     step, so go-app, when it next draws the page, finds it as it would
//     have left it.
//
// A change of settings that is only a step, outside predict mode, with
// nothing else on the page changing, is then drawn by the step path alone
// (stepPath.follow), and the page is left undrawn (Demo.press).
// Every other change draws the page as go-app does, and the step path then
// fills the islands it drew empty.

// stepped is what a render of the page drew that a step changes: the
// islands and the patches, for the settings drawn.
type stepped struct {
	s       state.Settings
	live    bool // drawn in the browser: the islands are drawn empty
	islands []island
	patches []patch
}

// island is an element whose content a step decides: id is its
// data-stepped, draw draws its content in settings that differ from the
// drawn ones only in the step; svg: the content is SVG.
type island struct {
	id   string
	svg  bool
	draw func(s state.Settings) []app.UI
}

// patch is an attribute (name), or the text (name ""), of the element
// whose data-stepped is id: value says what it is in settings that differ
// from the drawn ones only in the step.
type patch struct {
	id, name string
	value    func(s state.Settings) string
}

// island is host, whose data-stepped is id, holding what draw draws in the
// settings drawn; in the browser it is drawn empty, and the step path
// fills it. A nil stepped (a part drawn outside the page) draws it whole.
func (st *stepped) island(id string, host app.HTMLElem, draw func(s state.Settings) []app.UI) app.UI {
	host = host.DataSet("stepped", id)
	if st != nil {
		st.islands = append(st.islands, island{id: id, draw: draw})
		if !st.live {
			host = host.Body(draw(st.s)...)
		}
	}
	return &islandHost{ID: id, Host: func() app.UI { return host }}
}

// svgIsland is island for an SVG host and content.
func (st *stepped) svgIsland(id string, host app.HTMLElem, draw func(s state.Settings) []app.UI) app.UI {
	ui := st.island(id, host, draw)
	if st != nil {
		st.islands[len(st.islands)-1].svg = true
	}
	return ui
}

// islandHost is an island's element: a component of its own, so that
// go-app never takes it for another element, nor another for it. go-app
// matches a component only with one of its type, and this one only with
// the same island (CompoID): the content of an island is the step path's,
// not go-app's, and go-app must never add to it, or take from it, children
// it thinks the element has.
type islandHost struct {
	app.Compo
	ID string
	// Host is the element, its content left out in the browser: a
	// function, which go-app takes for a change at every render, so that
	// the element follows its attributes.
	Host func() app.UI
}

// CompoID is the island's id: go-app mounts a new element for another.
func (c *islandHost) CompoID() string { return c.ID }

func (c *islandHost) Render() app.UI { return c.Host() }

// attr is e with the attribute name set to value in the settings drawn,
// noted as a patch of the element id.
func (st *stepped) attr(e app.HTMLElem, id, name string, value func(s state.Settings) string) app.HTMLElem {
	return st.note(e, id, name, value).Attr(name, value(st.settings()))
}

// text is e with its text value in the settings drawn, noted as a patch of
// the element id.
func (st *stepped) text(e app.HTMLElem, id string, value func(s state.Settings) string) app.HTMLElem {
	return st.note(e, id, "", value).Text(value(st.settings()))
}

func (st *stepped) note(e app.HTMLElem, id, name string, value func(s state.Settings) string) app.HTMLElem {
	st.patch(id, name, value)
	return e.DataSet("stepped", id)
}

// patch notes a patch of the element id (whose data-stepped is id, drawn
// by a component that says so itself).
func (st *stepped) patch(id, name string, value func(s state.Settings) string) {
	if st != nil {
		st.patches = append(st.patches, patch{id: id, name: name, value: value})
	}
}

func (st *stepped) settings() state.Settings {
	if st == nil {
		return state.Settings{}
	}
	return st.s
}

// at is s at step, its other settings as drawn.
func at(s state.Settings, step int) state.Settings {
	s.Step = step
	return s
}

// drawnState is what the page draws from beside its settings (Demo.drawn).
type drawnState struct {
	s       state.Settings
	held    bool // parts are held as the loader's frame drew them
	playing bool
	asking  *course.Question
	last    *quizAnswer
	caught  *crash
	notice  int
}

// onlyStep reports whether a and b differ in nothing but the step.
func onlyStep(a, b state.Settings) bool {
	a.Step = b.Step
	return a == b
}

// stepPath draws a step of the run shown without drawing the page: it
// keeps what the last render drew (drawn), and hands each step's content
// and values to the loader's step path (static/loader/steps.js,
// dlockSteps), which keeps them parsed and shows a step in one call.
type stepPath struct {
	runs  *state.Runs
	drawn *stepped
	// shown is the settings the islands and patches show: drawn's, or a
	// step of them the step path drew since.
	shown state.Settings
	// gen counts the runs drawn (another run, or the same drawn
	// otherwise); opened is the last the loader's side was told of, with
	// its islands' and patches' ids (list). islands are the steps whose
	// islands it holds, for the run drawn; values those whose patches'
	// values it holds, for the page as last drawn (a value may depend on
	// more than the step: what predict mode says, the embed box's
	// choices).
	gen, opened     int
	list            string
	islands, values map[int]bool
	// drew: the last change was drawn by the step path.
	drew bool
	// filling: a render has drawn islands empty, which fill fills; after
	// is what waits for that (what reads the page's layout, or moves
	// focus, after a render).
	filling bool
	after   []func()
	// fast and renders count the steps the step path drew and the renders
	// of the page (the test build's hook reads them).
	fast, renders int
	// rendered is what the last render drew beside the settings: a step
	// drawn by the step path leaves the page undrawn only where nothing
	// else has changed since (drewAll).
	rendered drawnState
	// guard runs f; a panic in it becomes the crash view.
	guard func(where string, f func())
	// page is what the page draws from now (Demo.drawn): whether a step
	// key is, there, only a step (arm).
	page func() drawnState
	// fill and prepare run after a render (a microtask) and when the
	// browser is idle.
	fill, prepare app.Func
	due           bool
}

// begin starts the collection of what a render of the page in settings s
// draws that a step changes.
//
// In the browser the islands are drawn empty, for the step path to fill,
// where the page has the loader's side (static/loader/steps.js); without
// it, go-app draws them whole, and every step draws the page.
func (p *stepPath) begin(s state.Settings, live bool) *stepped {
	st := &stepped{s: s, live: live && app.IsClient && hands().Truthy()}
	if !st.live {
		return st
	}
	p.renders++
	if p.drawn == nil || !onlyStep(p.drawn.s, s) {
		p.gen++ // another run, or the same drawn otherwise
	}
	p.drawn, p.shown = st, s
	if p.fill == nil {
		p.fill = app.FuncOf(func(app.Value, []app.Value) any {
			p.guard("render", p.fillIslands)
			return nil
		})
		p.prepare = app.FuncOf(func(app.Value, []app.Value) any {
			p.due = false
			p.guard("idle", p.prepareSteps)
			return nil
		})
	}
	// After go-app has changed the page (the render's frame), before the
	// browser draws it.
	if !p.filling {
		p.filling = true
		app.Window().Call("queueMicrotask", p.fill)
	}
	return st
}

// then calls fn once the islands a render drew empty are filled: at once
// where none waits.
func (p *stepPath) then(fn func()) {
	if !p.filling {
		fn()
		return
	}
	p.after = append(p.after, fn)
}

// follow draws a change that is only a step, outside predict mode, by the
// step path, where the page drew the run in the browser and its islands
// show it; any other change is left to go-app's render. In either case
// the run's current step is brought into view once drawn.
func (p *stepPath) follow(ctx app.Context, was, now state.Settings, by cause) {
	p.drew = false
	keepCurrentInView()
	defer p.arm()
	if p.drawn == nil || !p.drawn.live || p.filling || now.Quiz || !onlyStep(p.drawn.s, now) || p.shown != was {
		return
	}
	if !p.ready(now.Step) || !hands().Call("show", now.Step, true, true).Bool() {
		return
	}
	p.shown, p.drew = now, true
	p.fast++
	p.schedulePrepare()
}

// stepCommands are the commands that move the step.
var stepCommands = [...]state.Command{state.CmdFirst, state.CmdPrev, state.CmdNext, state.CmdLast}

// arm tells the loader's side which step each step key leads to, where a
// step is all that key changes now and the page shows the state it is
// at: the loader's side then shows that step as the key is pressed, in
// the frame the key asks for, and tells the app the key once the frame
// is drawn (steps.js, key), which finds the step shown (follow). Where a
// key does more (predict mode's question, play paused, a part still held,
// the page about to be drawn), no key is armed, and the app hears the key
// first.
func (p *stepPath) arm() {
	if h := hands(); h.Truthy() {
		h.Call("arm", p.keyTargets())
	}
}

// keyTargets is what arm tells: "command=step" items joined by spaces, ""
// where no key is only a step.
func (p *stepPath) keyTargets() string {
	if p.page == nil || p.drawn == nil || !p.drawn.live || p.filling {
		return ""
	}
	now := p.page()
	rendered := now
	rendered.s = p.rendered.s
	if p.shown != now.s || now.s.Quiz || now.playing || now.held || !onlyStep(p.drawn.s, now.s) || rendered != p.rendered {
		return ""
	}
	var b strings.Builder
	for _, cmd := range stepCommands {
		if next := now.s.Do(p.runs, cmd); next.Step != now.s.Step && onlyStep(next, now.s) {
			b.WriteString(cmd.String() + "=" + strconv.Itoa(next.Step) + " ")
		}
	}
	return b.String()
}

// drewAll reports whether the step path drew all that changed since the
// last render, the page now being as now says: the step, and nothing else
// the page draws.
func (p *stepPath) drewAll(now drawnState) bool {
	if !p.drew || !onlyStep(p.rendered.s, now.s) {
		return false
	}
	now.s = p.rendered.s
	return p.rendered == now
}

// hands is the loader's step path (static/loader/steps.js).
func hands() app.Value { return app.Window().Get("dlockSteps") }

// ready has the loader's side hold step of the run drawn, told of that run
// first where it is not yet: false where the page has no loader's side (a
// page served without the loader).
func (p *stepPath) ready(step int) bool {
	h := hands()
	if !h.Truthy() {
		return false
	}
	if list := p.drawn.ids(); p.opened != p.gen || p.list != list {
		islands, patches, names := p.drawn.lists()
		h.Call("open", p.gen, islands, patches, names)
		p.opened, p.list, p.islands, p.values = p.gen, list, map[int]bool{}, map[int]bool{}
	}
	s := at(p.drawn.s, step)
	if !p.islands[step] {
		h.Call("putIslands", step, p.drawn.content(s))
		p.islands[step] = true
	}
	if !p.values[step] {
		h.Call("putValues", step, p.drawn.valuesAt(s))
		p.values[step] = true
	}
	return true
}

// fillIslands fills, after a render, each island the render drew empty
// with its content in the settings drawn, then calls what waited for it.
func (p *stepPath) fillIslands() {
	p.filling = false
	defer func() {
		after := p.after
		p.after = nil
		for _, fn := range after {
			fn()
		}
	}()
	if p.drawn == nil {
		return
	}
	h := hands()
	if h.Truthy() && p.values != nil {
		// go-app may have drawn any element anew, and any value may have
		// changed with what the page drew.
		h.Call("drawn")
		p.values = map[int]bool{}
	}
	if p.ready(p.drawn.s.Step) {
		h.Call("fill", p.drawn.s.Step)
		p.schedulePrepare()
	}
	p.arm()
}

// schedulePrepare has the steps next to the one shown prepared when the
// browser is idle.
func (p *stepPath) schedulePrepare() {
	if p.due || p.prepare == nil {
		return
	}
	p.due = true
	idleCall(p.prepare, 500)
}

// prepareSteps has the loader's side hold the steps next to the one shown,
// then the others, while the browser is idle: a step then only clones what
// is ready.
func (p *stepPath) prepareSteps() {
	if p.drawn == nil || !p.drawn.live || p.opened != p.gen {
		return
	}
	total := p.shown.Total(p.runs)
	made := 0
	for _, k := range append([]int{p.shown.Step + 1, p.shown.Step - 1}, rangeTo(total)...) {
		if k < 1 || k > total || p.islands[k] && p.values[k] {
			continue
		}
		p.ready(k)
		if made++; made >= 3 {
			// A few steps an idle period: the rest in the next.
			p.schedulePrepare()
			return
		}
	}
}

// rangeTo is 1 … n.
func rangeTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// ids names what st noted: its islands' and patches' ids, as the loader's
// side is told them.
func (st *stepped) ids() string {
	islands, patches, names := st.lists()
	return islands + "|" + patches + "|" + names
}

// lists are st's islands' ids, its patches' ids and its patches'
// attributes ("" for the text), each joined by "\n".
func (st *stepped) lists() (islands, patches, names string) {
	var is, ps, ns []string
	for _, i := range st.islands {
		is = append(is, i.id)
	}
	for _, pt := range st.patches {
		ps, ns = append(ps, pt.id), append(ns, pt.name)
	}
	return strings.Join(is, "\n"), strings.Join(ps, "\n"), strings.Join(ns, "\n")
}

// content is what st's islands hold in settings s, which differ from st's
// only in the step: each island's HTML, joined by NUL.
func (st *stepped) content(s state.Settings) string {
	var b strings.Builder
	for i, is := range st.islands {
		if i > 0 {
			b.WriteByte(0)
		}
		for _, ui := range app.FilterUIElems(is.draw(s)...) {
			b.WriteString(app.HTMLString(ui))
		}
	}
	return b.String()
}

// valuesAt is what st's patches say in settings s, which differ from st's
// only in the step: each patch's value, joined by NUL.
func (st *stepped) valuesAt(s state.Settings) string {
	var b strings.Builder
	for i, pt := range st.patches {
		if i > 0 {
			b.WriteByte(0)
		}
		b.WriteString(pt.value(s))
	}
	return b.String()
}

// idleCall calls fn when the browser is next idle, within timeout ms.
func idleCall(fn app.Func, timeout int) {
	win := app.Window()
	if win.Get("requestIdleCallback").Truthy() {
		win.Call("requestIdleCallback", fn, map[string]any{"timeout": timeout})
		return
	}
	win.Call("setTimeout", fn, 50)
}
