package picture

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Every step of a picture is one SVG: the HTML part (the title and the
// badge, the cards, the beliefs, the action) in a foreignObject, and the
// timeline under it, which is SVG already, scaled to the picture's width.
// The animated SVG holds every step and shows each in turn, looping, by
// CSS alone: no script, no font or file fetched, so that it plays in an
// <img> (a README on GitHub among them). An SVG must say how tall its
// foreignObject is, and nothing lays out HTML outside a browser: the HTML
// part's height is reckoned from its markup (reckon.go).

// Width is a picture's width in CSS pixels, at which its text is readable.
const Width = 800

// pad is the margin around the picture's parts.
const pad = 16

// Parts are what the page draws of a run for its picture (ui.PictureParts),
// as go-app writes HTML. In the browser the picture encoder draws them
// (wasm/picture), given the page's style sheet and palette by the page's
// script (static/web/picture.js).
type Parts struct {
	Title string `json:"title"` // what the picture shows
	Desc  string `json:"desc"`  // how it plays, for its reader's assistive software
	Lang  string `json:"lang"`  // the page's language ("ja", "en")
	Dark  bool   `json:"dark"`  // the page's dark palette, not its light one
	CSS   string `json:"css"`   // the page's style sheet
	// Tops are each step's HTML part; Lines each step's timeline drawn so
	// far (its highlight and progress); Still the timeline's parts no step
	// changes; Delays how long each step is held, in ms.
	Tops   []string `json:"tops"`
	Lines  []string `json:"lines"`
	Still  string   `json:"still"`
	Delays []int    `json:"delays"`
	// The timeline's drawing: its lane names' width left of 0, and its
	// whole width and height, at its own size.
	Names     int `json:"names"`
	TimelineW int `json:"timelineW"`
	TimelineH int `json:"timelineH"`
}

// Picture is a run's picture: one standalone SVG a step, each Width ×
// Height CSS pixels, and how long each is held.
type Picture struct {
	Width, Height int
	Delays        []int
	lay           layout
	lang          string
	css           string   // the page's rules the picture uses, then its own
	head          string   // the root's start tag, title and description
	still         string   // the timeline's parts that no step changes
	tops          []string // each step's HTML part, as XML
	lines         []string // each step's timeline, as XML
}

// layout is where a picture's parts go: the HTML part's height, and the
// timeline's box and drawing.
type layout struct {
	top                int
	tlX, tlY, tlW, tlH int
	viewBox            string
	total              int
}

// Compose puts the parts together as a picture. It fails on parts that do
// not make one (no step, as many delays as steps, a timeline).
func Compose(p Parts) (*Picture, error) {
	n := len(p.Tops)
	if n == 0 || len(p.Lines) != n || len(p.Delays) != n || p.TimelineW <= 0 || p.TimelineH <= 0 {
		return nil, errors.New("a picture needs each step's HTML, timeline and delay, and the timeline's size")
	}
	pic := &Picture{Width: Width, Delays: p.Delays, lang: p.Lang}
	var used strings.Builder
	top := 0
	for k := range n {
		html, line := xhtml(p.Tops[k]), xhtml(p.Lines[k])
		pic.tops, pic.lines = append(pic.tops, html), append(pic.lines, line)
		used.WriteString(html)
		used.WriteString(line)
		top = max(top, topOf(html, p.Lang == "ja"))
	}
	pic.lay = layoutOf(top, p.Names, p.TimelineW, p.TimelineH)
	pic.Height = pic.lay.total
	// The arrowhead as the page's timeline defines it (its id is the
	// column's), then what does not change with the step.
	pic.still = `<defs><marker id="tl-pic-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">` +
		`<path class="tl-arrowhead" d="M0,0 L10,5 L0,10 z"/></marker></defs>` + xhtml(p.Still)
	used.WriteString(pic.still)
	// The picture's own elements (compose) are styled by the page's rules
	// too: its HTML part as the page's body, its timeline as the page's.
	used.WriteString(` class="picture timeline-svg"`)
	pic.css = subsetCSS(p.CSS, namesIn(used.String())) + pictureCSS
	theme := "light"
	if p.Dark {
		theme = "dark"
	}
	pic.head = fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" data-theme="%s" role="img" aria-labelledby="pic-title pic-desc">`,
		pic.Width, pic.Height, pic.Width, pic.Height, theme) +
		`<title id="pic-title">` + xmlText(p.Title) + `</title>` +
		`<desc id="pic-desc">` + xmlText(p.Desc) + `</desc>`
	return pic, nil
}

// layoutOf places a picture's parts: the HTML part top high, then the
// timeline under it (names wide left of 0, w × h in all), as wide as the
// picture (larger than the page draws it where the run is short, smaller
// where it is long), framed.
func layoutOf(top, names, w, h int) layout {
	room := Width - 2*pad
	return layout{top: top, tlX: pad, tlY: top + 8, tlW: room, tlH: (h*room + w/2) / w,
		viewBox: fmt.Sprintf("%d 0 %d %d", -names, w, h), total: top + 8 + (h*room+w/2)/w + pad}
}

// Len is the number of steps.
func (p *Picture) Len() int { return len(p.tops) }

// Step is the SVG of step k (1 … Len) alone.
func (p *Picture) Step(k int) string {
	if k < 1 || k > len(p.tops) {
		return ""
	}
	return p.compose([]int{k}, "")
}

// Animated is the SVG of every step, each shown in turn for its delay,
// looping; the last alone where animation is off (the reader prefers
// reduced motion, or the viewer plays no CSS animation).
func (p *Picture) Animated() string {
	total := 0
	for _, d := range p.Delays {
		total += d
	}
	pct := func(ms int) string { return strconv.FormatFloat(float64(ms)*100/float64(total), 'f', 3, 64) + "%" }
	var css strings.Builder
	all := make([]int, len(p.tops))
	// Every step hidden but the last; where motion is welcome, each
	// shown in its turn. A keyframe holds its value until the next
	// (step-end), and a step's animation starts with the loop.
	fmt.Fprintf(&css, ".pic-step{visibility:hidden}.pic-s%d{visibility:visible}@media (prefers-reduced-motion:no-preference){", len(p.tops))
	from := 0
	for i, d := range p.Delays {
		all[i] = i + 1
		k := i + 1
		fmt.Fprintf(&css, ".pic-s%d{animation:pic-a%d %dms step-end infinite}@keyframes pic-a%d{", k, k, total, k)
		if from > 0 {
			css.WriteString("0%{visibility:hidden}")
		}
		fmt.Fprintf(&css, "%s{visibility:visible}", pct(from))
		if from+d < total {
			fmt.Fprintf(&css, "%s{visibility:hidden}", pct(from+d))
		}
		css.WriteString("}")
		from += d
	}
	css.WriteString("}")
	return p.compose(all, css.String())
}

// compose puts the steps given (1-based) into one SVG, with the style
// sheet's rules and extra.
func (p *Picture) compose(steps []int, extra string) string {
	var b strings.Builder
	l := p.lay
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(p.head)
	b.WriteString("<style>")
	b.WriteString(p.css)
	b.WriteString(extra)
	b.WriteString("</style>")
	fmt.Fprintf(&b, `<rect class="pic-bg" x="0.5" y="0.5" width="%d" height="%d" rx="10"/>`, p.Width-1, p.Height-1)
	for _, k := range steps {
		fmt.Fprintf(&b, `<foreignObject class="pic-step pic-s%d" x="0" y="0" width="%d" height="%d">`, k, p.Width, l.top)
		fmt.Fprintf(&b, `<div xmlns="http://www.w3.org/1999/xhtml" class="picture" lang="%s">`, p.lang)
		b.WriteString(p.tops[k-1])
		b.WriteString("</div></foreignObject>")
	}
	fmt.Fprintf(&b, `<rect class="pic-tl-frame" x="%d" y="%d" width="%d" height="%d" rx="8"/>`, l.tlX-1, l.tlY-1, l.tlW+2, l.tlH+2)
	fmt.Fprintf(&b, `<svg class="timeline-svg" x="%d" y="%d" width="%d" height="%d" viewBox="%s">`, l.tlX, l.tlY, l.tlW, l.tlH, l.viewBox)
	b.WriteString(p.still)
	for _, k := range steps {
		fmt.Fprintf(&b, `<g class="pic-step pic-s%d">`, k)
		b.WriteString(p.lines[k-1])
		b.WriteString("</g>")
	}
	b.WriteString("</svg></svg>\n")
	return b.String()
}
