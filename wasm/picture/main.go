//go:build js && wasm

// Command picture is the picture encoder (picture.wasm): it runs in a
// worker (static/web/picture-worker.js), which the page starts only when a
// reader asks for a run as a picture or as slides. It draws the run with
// the code that draws the page (ui.PictureParts, ui.SlidesHTML), from the
// run's query and the page's words, so that app.wasm carries none of it;
// packages picture and encode put the steps together as SVG and encode
// the steps the page rastered as a GIF or PNGs in a zip. It answers one
// message at a time:
//
//	{kind: "draw", query, strategy, lang, words, css, dark, animated, file}  the steps' SVGs, or the animated one
//	{kind: "slides", query, lang, words}                        the run as slides, in HTML
//	{kind: "reset"}                                             a new file: forget the steps given
//	{kind: "frame", pixels: Uint8Array, width, height, delay}  a step's RGBA, for the GIF
//	{kind: "file", name, bytes: Uint8Array}                    a step's PNG, for the zip
//	{kind: "gif"} or {kind: "zip"}                              encode what it was given
//
// posting {kind: "progress", done} while it encodes, and answering draw
// with {kind: "done", svgs, delays, name}, slides with {kind: "done",
// html}, gif and zip with {kind: "done", bytes}, or any of them with
// {kind: "failed", message}.
package main

import (
	"fmt"
	"net/url"
	"slices"
	"syscall/js"
	"time"

	"dlock/core"
	"dlock/web/picture"
	"dlock/web/picture/encode"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"
)

func main() {
	// The runs drawn, kept for the next request.
	runs := state.NewRuns()
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
	var frameErr error // a step the GIF could not take, told with the GIF
	js.Global().Set("dlockEncode", js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := args[0]
		// A panic would end the encoder, and every request after it would
		// wait for an answer: the request that met it fails instead.
		defer func() {
			if p := recover(); p != nil {
				anim, files, frameErr = encode.GIF{}, nil, nil
				fail(fmt.Errorf("%v", p))
			}
		}()
		switch msg.Get("kind").String() {
		case "draw":
			s, st, err := settingsOf(runs, msg)
			if err != nil {
				fail(err)
				return nil
			}
			parts, err := ui.PictureParts(runs, s, st, msg.Get("css").String(), msg.Get("dark").Bool())
			if err != nil {
				fail(err)
				return nil
			}
			p, err := picture.Compose(parts)
			if err != nil {
				fail(err)
				return nil
			}
			var svgs, delays []any
			if msg.Get("animated").Bool() {
				svgs = append(svgs, p.Animated())
			} else {
				for k := 1; k <= p.Len(); k++ {
					svgs = append(svgs, p.Step(k))
				}
			}
			for _, d := range p.Delays {
				delays = append(delays, d)
			}
			post(map[string]any{"kind": "done", "svgs": svgs, "delays": delays, "name": ui.PictureFileName(s, st, msg.Get("file").String())})
		case "slides":
			s, _, err := settingsOf(runs, msg)
			if err != nil {
				fail(err)
				return nil
			}
			post(map[string]any{"kind": "done", "html": ui.SlidesHTML(runs, s)})
		case "reset":
			anim, files, frameErr = encode.GIF{}, nil, nil
		case "frame":
			f := encode.Frame{Pix: bytesOf(msg.Get("pixels")), Width: msg.Get("width").Int(), Height: msg.Get("height").Int(),
				Delay: msg.Get("delay").Int()}
			if err := anim.Add(f); err != nil && frameErr == nil {
				frameErr = err
			}
		case "file":
			files = append(files, encode.File{Name: msg.Get("name").String(), Body: bytesOf(msg.Get("bytes"))})
		case "gif":
			if err := frameErr; err != nil {
				anim, frameErr = encode.GIF{}, nil
				fail(err)
				return nil
			}
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

// settingsOf reads the run a request names: its query (the page's
// settings, as the address writes them), the row drawn (strategy; "" for
// the query's) and the language, whose words (the catalogue's, as the
// page loaded them) it loads first where it has none yet.
func settingsOf(runs *state.Runs, msg js.Value) (state.Settings, core.Strategy, error) {
	l := state.Lang(msg.Get("lang").String())
	if !slices.Contains(state.Langs, l) {
		return state.Settings{}, "", fmt.Errorf("no language %q", l)
	}
	if !words.Has(l) {
		if err := words.Load(l, []byte(msg.Get("words").String())); err != nil {
			return state.Settings{}, "", err
		}
	}
	q, err := url.ParseQuery(msg.Get("query").String())
	if err != nil {
		return state.Settings{}, "", err
	}
	// A parameter the page would refuse keeps its default, as on the page,
	// which says so there.
	s, _ := state.ParseSettings(runs, q)
	s.Lang = l
	st := s.Strategy
	if v := msg.Get("strategy").String(); v != "" {
		st = core.Strategy(v)
	}
	return s, st, nil
}
