package ui

import (
	"strconv"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The timeline's download: a standalone SVG of the drawing at its step, for
// a slide. The page's style sheet does not travel with the file, so every
// element of a copy gets, inline, the computed values of the properties the
// drawing's style sets (in the page's theme); fonts are the page's stacks,
// which end in a generic family.

// svgStyled lists the properties written inline.
var svgStyled = []string{"fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "opacity",
	"font-family", "font-size", "font-weight", "color"}

// downloadTimeline writes the timeline of the column id (run, left, right)
// as a standalone SVG file named name. It does nothing where there is no
// browser or no drawing.
func downloadTimeline(id, name string) {
	if !app.IsClient {
		return
	}
	// A browser that lacks a piece of this (Blob, XMLSerializer) gets no
	// file; the app goes on (a panic would stop the whole WebAssembly app).
	defer func() {
		if p := recover(); p != nil {
			app.Log("dlock: the timeline could not be written as a file:", p)
		}
	}()
	win := app.Window()
	doc := win.Get("document")
	src := doc.Call("querySelector", `[data-testid="timeline"][data-column="`+id+`"] svg.timeline-svg`)
	if !src.Truthy() {
		return
	}
	copy := src.Call("cloneNode", true)
	from, to := src.Call("querySelectorAll", "*"), copy.Call("querySelectorAll", "*")
	inline := func(orig, el app.Value) {
		cs := win.Call("getComputedStyle", orig)
		style := ""
		for _, p := range svgStyled {
			if v := cs.Call("getPropertyValue", p).String(); v != "" {
				style += p + ":" + v + ";"
			}
		}
		el.Call("setAttribute", "style", style)
	}
	inline(src, copy)
	for i := 0; i < from.Length() && i < to.Length(); i++ {
		inline(from.Index(i), to.Index(i))
	}
	copy.Call("setAttribute", "xmlns", svgNS)
	bg := win.Call("getComputedStyle", doc.Get("body")).Call("getPropertyValue", "background-color").String()
	copy.Call("setAttribute", "style", copy.Call("getAttribute", "style").String()+"background:"+bg+";")
	text := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + win.Get("XMLSerializer").New().Call("serializeToString", copy).String()
	saveFile(text, "image/svg+xml;charset=utf-8", name)
}

// saveFile downloads text as a file named name, of type mime.
func saveFile(text, mime, name string) {
	win := app.Window()
	doc := win.Get("document")
	blob := win.Get("Blob").New([]any{text}, map[string]any{"type": mime})
	url := win.Get("URL").Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	win.Get("URL").Call("revokeObjectURL", url)
}

// timelineFileName names a download: scenario (or "play" for a run of free
// play, whose script does not belong in a file name), strategy, step and
// language.
func timelineFileName(s state.Settings, scenario string, st string) string {
	if s.View == state.ViewPlay {
		scenario = "play"
	}
	return "dlock-" + scenario + "-" + st + "-step" + strconv.Itoa(s.Step) + "-" + string(s.Lang) + ".svg"
}
