package encode

import (
	"archive/zip"
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"testing"
	"time"
)

// frameOf is a w × h frame filled with bg, with a rect of fg, and
// transparent corners (a picture's rounded frame).
func frameOf(w, h int, bg, fg color.RGBA, box image.Rectangle, delay int) Frame {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, &image.Uniform{bg}, image.Point{}, draw.Src)
	draw.Draw(img, box, &image.Uniform{fg}, image.Point{}, draw.Src)
	for _, p := range []image.Point{{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}} {
		img.Set(p.X, p.Y, color.RGBA{})
	}
	return Frame{Pix: img.Pix, Width: w, Height: h, Delay: delay}
}

// composed are a GIF's frames as a viewer shows them: each drawn over the
// one before (disposal none), transparent pixels leaving it as it was.
func composed(t *testing.T, g *gif.GIF) []*image.RGBA {
	t.Helper()
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for i, f := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Errorf("frame %d disposes of itself (%d)", i, g.Disposal[i])
		}
		draw.Draw(canvas, f.Rect, f, f.Rect.Min, draw.Over)
		snap := image.NewRGBA(canvas.Rect)
		copy(snap.Pix, canvas.Pix)
		out = append(out, snap)
	}
	return out
}

// A run's frames become one looping GIF whose frames, as a viewer shows
// them, are the frames given, in order, each held for its delay; the
// frames after the first carry only what changed; the corners stay
// transparent.
func TestGIFShowsTheFramesInOrder(t *testing.T) {
	white, ink, red, green := color.RGBA{251, 250, 247, 255}, color.RGBA{27, 27, 27, 255}, color.RGBA{163, 22, 27, 255}, color.RGBA{26, 102, 49, 255}
	frames := []Frame{
		frameOf(40, 30, white, ink, image.Rect(5, 5, 15, 10), 2000),
		frameOf(40, 30, white, red, image.Rect(5, 5, 15, 10), 2000),
		frameOf(40, 30, white, green, image.Rect(20, 20, 30, 25), 4000),
	}
	// The third: the first box gone, a green one elsewhere.
	var enc GIF
	for _, f := range frames {
		if err := enc.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	var seen []int
	b, err := enc.Encode(func(n int) { seen = append(seen, n) })
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 3 || seen[2] != 3 {
		t.Errorf("progress was told %v", seen)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if g.LoopCount != 0 || len(g.Image) != 3 || g.Delay[0] != 200 || g.Delay[2] != 400 {
		t.Errorf("loop %d, %d frames, delays %v: want a loop forever, 3 frames, 2 s, 2 s, 4 s", g.LoopCount, len(g.Image), g.Delay)
	}
	if r := g.Image[1].Rect; r != image.Rect(5, 5, 15, 10) {
		t.Errorf("the second frame carries %v, not only the box that changed", r)
	}
	for i, got := range composed(t, g) {
		want := frames[i]
		for y := 0; y < 30; y++ {
			for x := 0; x < 40; x++ {
				p := want.Pix[4*(y*40+x):]
				c := got.RGBAAt(x, y)
				if p[3] == 0 {
					if c.A != 0 {
						t.Fatalf("frame %d: the corner %d,%d is drawn", i+1, x, y)
					}
					continue
				}
				if c != (color.RGBA{p[0], p[1], p[2], 255}) {
					t.Fatalf("frame %d at %d,%d: %v, want %v", i+1, x, y, c, p[:4])
				}
			}
		}
	}
}

// Frames that do not fit are refused, and nothing is encoded without one.
func TestGIFRefusesFramesThatDoNotFit(t *testing.T) {
	var enc GIF
	if _, err := enc.Encode(nil); err == nil {
		t.Error("an empty GIF was encoded")
	}
	if err := enc.Add(Frame{Pix: make([]byte, 10), Width: 2, Height: 2}); err == nil {
		t.Error("a frame with too few pixels was taken")
	}
	if err := enc.Add(Frame{Pix: make([]byte, 16), Width: 2, Height: 2}); err != nil {
		t.Fatal(err)
	}
	if err := enc.Add(Frame{Pix: make([]byte, 36), Width: 3, Height: 3}); err == nil || enc.Len() != 1 {
		t.Error("a frame of another size was taken")
	}
}

// The PNGs go into a zip as they are, in order, under their names.
func TestZipStoresTheFiles(t *testing.T) {
	when := time.Date(2026, 1, 2, 3, 4, 6, 0, time.UTC)
	b, err := Zip([]File{{"step-1.png", []byte("\x89PNG one")}, {"step-2.png", []byte("\x89PNG two")}}, when)
	if err != nil {
		t.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if len(z.File) != 2 {
		t.Fatalf("%d files", len(z.File))
	}
	for i, want := range []string{"\x89PNG one", "\x89PNG two"} {
		f := z.File[i]
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(r)
		if string(got) != want || f.Method != zip.Store || !f.Modified.Equal(when) {
			t.Errorf("%s: %q, method %d, dated %v", f.Name, got, f.Method, f.Modified)
		}
	}
	if _, err := Zip(nil, when); err == nil {
		t.Error("an empty zip was written")
	}
}
