package encode

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"sort"
)

// Frame is one step as the browser rastered it: RGBA pixels, four bytes a
// pixel, row by row, Width × Height, shown for Delay ms.
type Frame struct {
	Pix           []byte
	Width, Height int
	Delay         int
}

// GIF makes an animated GIF of frames, which it keeps as they are added.
type GIF struct {
	frames []Frame
	counts map[uint16]*bucket
}

// bucket is the pixels of one colour, to 5 bits a channel: how many, and
// their sum, whose mean is the colour the palette takes.
type bucket struct {
	n       int
	r, g, b int
}

// transparent is the palette's index of "nothing drawn here": a
// picture's rounded corners, and in every frame after the first, the
// pixels that stay as the frame before left them.
const transparent = 255

// Add keeps a frame, which must be as large as the first. A pixel less
// than half opaque is transparent.
func (g *GIF) Add(f Frame) error {
	switch {
	case f.Width <= 0 || f.Height <= 0 || len(f.Pix) != 4*f.Width*f.Height:
		return fmt.Errorf("a frame of %d × %d needs %d bytes of RGBA, not %d", f.Width, f.Height, 4*f.Width*f.Height, len(f.Pix))
	case len(g.frames) > 0 && (f.Width != g.frames[0].Width || f.Height != g.frames[0].Height):
		return fmt.Errorf("a frame of %d × %d in an animation of %d × %d", f.Width, f.Height, g.frames[0].Width, g.frames[0].Height)
	}
	if g.counts == nil {
		g.counts = map[uint16]*bucket{}
	}
	for i := 0; i < len(f.Pix); i += 4 {
		if f.Pix[i+3] < 128 {
			continue
		}
		k := key(f.Pix[i], f.Pix[i+1], f.Pix[i+2])
		b := g.counts[k]
		if b == nil {
			b = &bucket{}
			g.counts[k] = b
		}
		b.n++
		b.r += int(f.Pix[i])
		b.g += int(f.Pix[i+1])
		b.b += int(f.Pix[i+2])
	}
	g.frames = append(g.frames, f)
	return nil
}

// Len is the number of frames added.
func (g *GIF) Len() int { return len(g.frames) }

func key(r, g, b byte) uint16 { return uint16(r>>3)<<10 | uint16(g>>3)<<5 | uint16(b>>3) }

// Encode writes the frames as one GIF that loops forever, calling done
// after each frame. The frames share one palette: the 255 colours they
// use most, each pixel drawn in the nearest, without dithering, so that
// text stays crisp. Each frame after the first is drawn only where it
// differs from the one before (the rest transparent over it), which
// keeps the file small: most of a step's picture is the step before's.
func (g *GIF) Encode(done func(frame int)) ([]byte, error) {
	if len(g.frames) == 0 {
		return nil, errors.New("no frame to encode")
	}
	pal := g.palette()
	near := make([]int16, 1<<15)
	for i := range near {
		near[i] = -1
	}
	nearest := func(r, gg, b byte) uint8 {
		k := key(r, gg, b)
		if near[k] < 0 {
			near[k] = int16(closest(pal, int(r), int(gg), int(b)))
		}
		return uint8(near[k])
	}
	w, h := g.frames[0].Width, g.frames[0].Height
	out := &gif.GIF{Config: image.Config{ColorModel: pal, Width: w, Height: h}, LoopCount: 0}
	var prev []uint8
	for n, f := range g.frames {
		idx := make([]uint8, w*h)
		for i := range idx {
			p := f.Pix[4*i : 4*i+4]
			if p[3] < 128 {
				idx[i] = transparent
			} else {
				idx[i] = nearest(p[0], p[1], p[2])
			}
		}
		img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
		copy(img.Pix, idx)
		frame := img
		if prev != nil {
			frame = changed(img, prev)
		}
		out.Image = append(out.Image, frame)
		out.Delay = append(out.Delay, (f.Delay+5)/10)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev = idx
		if done != nil {
			done(n + 1)
		}
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, out); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// changed is img cut to the box where it differs from prev (the frame
// before's indices), each pixel in it that does not differ transparent;
// one transparent pixel where nothing differs.
func changed(img *image.Paletted, prev []uint8) *image.Paletted {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	x0, y0, x1, y1 := w, h, -1, -1
	for y := range h {
		row := img.Pix[y*w : (y+1)*w]
		for x := range w {
			if row[x] != prev[y*w+x] {
				x0, x1 = min(x0, x), max(x1, x)
				y0, y1 = min(y0, y), max(y1, y)
			}
		}
	}
	if x1 < 0 {
		x0, y0, x1, y1 = 0, 0, 0, 0
	}
	sub := image.NewPaletted(image.Rect(x0, y0, x1+1, y1+1), img.Palette)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			i := y*w + x
			c := img.Pix[i]
			if c == prev[i] {
				c = transparent
			}
			sub.Pix[(y-y0)*sub.Stride+(x-x0)] = c
		}
	}
	return sub
}

// palette is the 255 colours the frames use most, each the mean of the
// pixels of its bucket, then transparent.
func (g *GIF) palette() color.Palette {
	type entry struct {
		k uint16
		b *bucket
	}
	all := make([]entry, 0, len(g.counts))
	for k, b := range g.counts {
		all = append(all, entry{k, b})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].b.n != all[j].b.n {
			return all[i].b.n > all[j].b.n
		}
		return all[i].k < all[j].k
	})
	pal := make(color.Palette, 0, 256)
	for _, e := range all[:min(len(all), transparent)] {
		n := e.b.n
		pal = append(pal, color.RGBA{uint8(e.b.r / n), uint8(e.b.g / n), uint8(e.b.b / n), 255})
	}
	for len(pal) < transparent {
		pal = append(pal, color.RGBA{0, 0, 0, 255})
	}
	return append(pal, color.RGBA{})
}

// closest is the index of pal's opaque colour nearest r, g, b (by the
// squared distance, green weighing most, as the eye does).
func closest(pal color.Palette, r, g, b int) int {
	best, bestD := 0, 1<<62
	for i, c := range pal[:transparent] {
		cr, cg, cb, _ := c.RGBA()
		dr, dg, db := r-int(cr>>8), g-int(cg>>8), b-int(cb>>8)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
