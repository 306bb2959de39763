package ui

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The timeline is a control: each event mark (eventMarks) is focusable; a
// click on it, or Enter or Space on it, opens its step; ← and → (↑ and ↓)
// move to the previous and next mark of the same timeline, Home and End to
// its first and last. Pointing at a mark or focusing it shows its step's
// note beside the drawing; Escape, or leaving the mark, hides it. The note
// is also the mark's accessible description (its SVG desc), so the tip
// itself is hidden from screen readers. The page listens at the document,
// where it listens to the step keys (listeners.go), so the drawing, which
// stepping does not render again, carries no handler of its own.

const markSelector = `[data-testid="timeline-event"]`

// markAt is the timeline mark el is in, and its step.
func markAt(el app.Value) (app.Value, int, bool) {
	if !el.Truthy() || !el.Get("closest").Truthy() {
		return nil, 0, false
	}
	m := el.Call("closest", markSelector)
	if !m.Truthy() {
		return nil, 0, false
	}
	step, err := strconv.Atoi(m.Get("dataset").Get("step").String())
	return m, step, err == nil
}

// markKey handles a key pressed on a timeline mark, and reports whether it
// did, and the step it opens (0 for none): the caller opens it on the
// page's goroutine.
func markKey(e app.Value) (handled bool, open int) {
	m, step, ok := markAt(e.Get("target"))
	if !ok {
		return false, 0
	}
	marks := m.Get("ownerSVGElement").Call("querySelectorAll", markSelector)
	at := 0
	for i := 0; i < marks.Length(); i++ {
		if marks.Index(i).Equal(m) {
			at = i
		}
	}
	move := func(i int) {
		i = max(0, min(i, marks.Length()-1))
		marks.Index(i).Call("focus")
	}
	switch e.Get("key").String() {
	case "Enter", " ", "Spacebar":
		open = step
	case "ArrowRight", "Right", "ArrowDown", "Down":
		move(at + 1)
	case "ArrowLeft", "Left", "ArrowUp", "Up":
		move(at - 1)
	case "Home":
		move(0)
	case "End":
		move(marks.Length() - 1)
	case "Escape", "Esc":
		hideTip()
	default:
		return false, 0
	}
	e.Call("preventDefault")
	return true, open
}

// tipID is the one tip the page shows for a mark.
const tipID = "tl-tip"

// tipFor is the mark the tip shows, while it is shown.
var tipFor app.Value

// showTip shows mark m's step and note below its timeline's drawing,
// under the mark.
func showTip(m app.Value) {
	doc := app.Window().Get("document")
	tip := doc.Call("getElementById", tipID)
	if !tip.Truthy() {
		tip = doc.Call("createElement", "div")
		tip.Set("id", tipID)
		tip.Set("className", "tl-tip")
		tip.Call("setAttribute", "aria-hidden", "true")
		tip.Call("setAttribute", "data-testid", "timeline-tip")
		doc.Get("body").Call("appendChild", tip)
	}
	note := m.Call("querySelector", "desc")
	title := m.Call("querySelector", "title")
	if !note.Truthy() || !title.Truthy() {
		return
	}
	tip.Set("textContent", "")
	head := doc.Call("createElement", "strong")
	head.Set("textContent", title.Get("textContent"))
	body := doc.Call("createElement", "span")
	body.Set("textContent", note.Get("textContent"))
	tip.Call("appendChild", head)
	tip.Call("appendChild", body)
	tip.Call("setAttribute", "data-step", m.Get("dataset").Get("step"))
	tip.Set("hidden", false)
	tipFor = m
	win := app.Window()
	svg := m.Get("ownerSVGElement").Call("getBoundingClientRect")
	box := m.Call("getBoundingClientRect")
	width := tip.Get("offsetWidth").Float()
	viewport := doc.Get("documentElement").Get("clientWidth").Float()
	x := box.Get("left").Float() + box.Get("width").Float()/2 - width/2
	x = math.Max(8, math.Min(x, viewport-width-8))
	style := tip.Get("style")
	style.Set("left", strconv.Itoa(int(x+win.Get("scrollX").Float()))+"px")
	style.Set("top", strconv.Itoa(int(svg.Get("bottom").Float()+win.Get("scrollY").Float()+6))+"px")
}

// hideTip hides the mark's tip.
func hideTip() {
	tipFor = nil
	if tip := app.Window().Get("document").Call("getElementById", tipID); tip.Truthy() {
		tip.Set("hidden", true)
	}
}

// placeTip puts a shown tip under its mark again: a step changes what is
// drawn above the timeline, and the drawing moves, but the tip is placed on
// the page. A mark no longer in the page takes its tip with it.
func placeTip() {
	switch {
	case tipFor == nil:
	case tipFor.Get("isConnected").Bool():
		showTip(tipFor)
	default:
		hideTip()
	}
}

// inMarkOrTip reports whether el is in a timeline mark or in the tip.
func inMarkOrTip(el app.Value) bool {
	if _, _, ok := markAt(el); ok {
		return true
	}
	return el.Truthy() && el.Get("closest").Truthy() && el.Call("closest", "#"+tipID).Truthy()
}

// markHandlers are the handlers of the marks of every timeline on the
// page, which the page adds at the document (listeners.go): click opens
// the mark's step, by openStep, which the browser's event calls; over
// (mouseover, focusin) shows its tip, out (mouseout, focusout) hides it.
func markHandlers(openStep func(step int)) (click, over, out app.Func) {
	click = app.FuncOf(func(this app.Value, args []app.Value) any {
		if _, step, ok := markAt(args[0].Get("target")); ok {
			openStep(step)
		}
		return nil
	})
	over = app.FuncOf(func(this app.Value, args []app.Value) any {
		if m, _, ok := markAt(args[0].Get("target")); ok {
			showTip(m)
		}
		return nil
	})
	out = app.FuncOf(func(this app.Value, args []app.Value) any {
		e := args[0]
		if !inMarkOrTip(e.Get("target")) {
			return nil
		}
		// Onto a mark (which shows its own) or the tip, it stays: the
		// reader may move the pointer onto the tip to read it.
		if inMarkOrTip(e.Get("relatedTarget")) {
			return nil
		}
		hideTip()
		return nil
	})
	return click, over, out
}
