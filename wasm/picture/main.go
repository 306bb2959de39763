//go:build js && wasm

// Command picture is the picture encoder (picture.wasm): it runs in a
// worker (static/web/picture-worker.js), which the page starts only when a
// reader asks for a run as a picture, and does packages picture's and encode's work:
// it puts together the parts the page drew of each step as SVG, and
// encodes the steps the page rastered as a GIF or PNGs in a zip. It
// answers one message at a time:
//
//	{kind: "compose", parts, animated}                         the steps' SVGs, or the animated one
//	{kind: "reset"}                                             a new file: forget the steps given
//	{kind: "frame", pixels: Uint8Array, width, height, delay}  a step's RGBA, for the GIF
//	{kind: "file", name, bytes: Uint8Array}                    a step's PNG, for the zip
//	{kind: "gif"} or {kind: "zip"}                              encode what it was given
//
// posting {kind: "progress", done} while it encodes, and answering
// compose, gif and zip with {kind: "done", svgs} or {kind: "done", bytes},
// or {kind: "failed", message}.
package main

import (
	"syscall/js"
	"time"

	"dlock/web/picture"
	"dlock/web/picture/encode"
)

func main() {
	var anim encode.GIF
	var files []encode.File
	post := func(v map[string]any) { js.Global().Call("postMessage", v) }
	fail := func(err error) { post(map[string]any{"kind": "failed", "message": err.Error()}) }
	done := func(b []byte) {
		out := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(out, b)
		js.Global().Call("postMessage", map[string]any{"kind": "done", "bytes": out}, []any{out.Get("buffer")})
	}
	bytesOf := func(v js.Value) []byte {
		b := make([]byte, v.Get("length").Int())
		js.CopyBytesToGo(b, v)
		return b
	}
	js.Global().Set("dlockEncode", js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := args[0]
		switch msg.Get("kind").String() {
		case "compose":
			p, err := picture.Compose(partsOf(msg.Get("parts")))
			if err != nil {
				fail(err)
				return nil
			}
			var svgs []any
			if msg.Get("animated").Bool() {
				svgs = append(svgs, p.Animated())
			} else {
				for k := 1; k <= p.Len(); k++ {
					svgs = append(svgs, p.Step(k))
				}
			}
			post(map[string]any{"kind": "done", "svgs": svgs})
		case "reset":
			anim, files = encode.GIF{}, nil
		case "frame":
			f := encode.Frame{Pix: bytesOf(msg.Get("pixels")), Width: msg.Get("width").Int(), Height: msg.Get("height").Int(),
				Delay: msg.Get("delay").Int()}
			if err := anim.Add(f); err != nil {
				fail(err)
			}
		case "file":
			files = append(files, encode.File{Name: msg.Get("name").String(), Body: bytesOf(msg.Get("bytes"))})
		case "gif":
			b, err := anim.Encode(func(n int) { post(map[string]any{"kind": "progress", "done": n}) })
			anim = encode.GIF{}
			if err != nil {
				fail(err)
				return nil
			}
			done(b)
		case "zip":
			b, err := encode.Zip(files, time.Now())
			files = nil
			if err != nil {
				fail(err)
				return nil
			}
			done(b)
		}
		return nil
	}))
	select {}
}

// partsOf reads the parts the page drew (ui.PictureParts, as the page
// hands them over: web/ui/picture_control.go).
func partsOf(v js.Value) picture.Parts {
	strs := func(a js.Value) []string {
		out := make([]string, a.Length())
		for i := range out {
			out[i] = a.Index(i).String()
		}
		return out
	}
	delays := v.Get("delays")
	p := picture.Parts{Title: v.Get("title").String(), Desc: v.Get("desc").String(), Lang: v.Get("lang").String(),
		Dark: v.Get("dark").Bool(), CSS: v.Get("css").String(), Tops: strs(v.Get("tops")), Lines: strs(v.Get("lines")),
		Still: v.Get("still").String(), Names: v.Get("names").Int(), TimelineW: v.Get("timelineW").Int(),
		TimelineH: v.Get("timelineH").Int()}
	for i := range delays.Length() {
		p.Delays = append(p.Delays, delays.Index(i).Int())
	}
	return p
}
