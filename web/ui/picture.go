package ui

import (
	"fmt"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A run as a picture, for where the page cannot go (a README, a slide, a
// chat): every step drawn by the code that draws the page (the title and
// the badge, the cards, the clients' beliefs, the action and the timeline
// so far), styled by the page's own style sheet, one SVG a step. The
// animated SVG holds every step and shows each in turn, looping, by CSS
// alone: no script, no font or file fetched, so that it plays in an <img>
// (a README on GitHub among them). The page rasters each step's SVG for a
// GIF and for PNGs (static/web/picture.js).
//
// The HTML parts sit in a foreignObject, whose height SVG needs up front:
// pictureTop reckons it from what each step draws, its rows and its lines
// (a browser test holds the reckoning to every run, in both languages).
// The timeline is SVG already, and sits under them, scaled to the
// picture's width where it is wider.

// PictureWidth is a picture's width in CSS pixels, at which its text is
// readable.
const PictureWidth = 800

// How long the animated SVG holds a step, and the last one, in ms.
const (
	pictureHold     = 2000
	pictureHoldLast = 4000
)

// picturePad is the margin around the picture's parts.
const picturePad = 16

// Picture is a run drawn as pictures: one standalone SVG a step, each
// Width × Height CSS pixels, and how long each is held.
type Picture struct {
	Title         string // what the picture shows, in its language
	Lang          state.Lang
	Width, Height int
	Delays        []int // ms, by step - 1
	lay           pictureLayout
	css           string   // the page's rules the picture uses, then its own
	head          string   // the root's start tag, title and description
	still         string   // the timeline's parts that no step changes
	tops          []string // each step's HTML part, as XML
	lines         []string // each step's timeline: its highlight and progress
}

// pictureLayout is where a picture's parts go: the HTML part's height,
// and the timeline's box and drawing.
type pictureLayout struct {
	top                int
	tlX, tlY, tlW, tlH int
	viewBox            string
	total              int
}

// PictureOf draws the run of s under st (the run shown, or a column of
// the compare view), in s's language, styled by the page's style sheet css
// (which the page carries; natively, static/web/dlock.css), in the dark
// palette or the light. The timeline is drawn as far as each step, whatever
// s.Future says. It fails where the run does not replay.
func PictureOf(runs *state.Runs, s state.Settings, st core.Strategy, css string, dark bool) (*Picture, error) {
	sc := s.ScenarioData(runs)
	run := runs.Run(sc, st)
	if run.Err != nil {
		return nil, run.Err
	}
	frames := run.Frames
	s.Future, s.Present, s.Quiz, s.Embed = false, false, false, false
	r := runView{s: s, sc: sc, st: st, frames: frames, id: "pic", runs: runs}
	p := &Picture{Title: pictureTitle(s.Lang, sc, st), Lang: s.Lang, Width: PictureWidth}
	g := geometryOf(run, s.Lang, 100)

	top := 0
	var used strings.Builder
	for k := 1; k <= len(frames); k++ {
		rk := r.at(at(s, k))
		rk.steps = &stepped{s: rk.s}
		html := xhtml(app.HTMLString(rk.picture()))
		line := xhtml(app.HTMLString(g.current(rk.steps, "tl-current-pic"))) +
			xhtml(app.HTMLString(&timelineProgress{Scenario: sc.ID, Strategy: st, Lang: s.Lang, Column: "pic", Runs: runs, Wide: 100, Step: k}))
		p.tops, p.lines = append(p.tops, html), append(p.lines, line)
		used.WriteString(html)
		used.WriteString(line)
		top = max(top, pictureTopOf(html, s.Lang == state.Japanese))
		delay := pictureHold
		if k == len(frames) {
			delay = pictureHoldLast
		}
		p.Delays = append(p.Delays, delay)
	}
	p.lay = layoutPicture(g, top)
	p.Height = p.lay.total
	// The arrowhead as the page's timeline defines it (its id is the
	// column's), then what does not change with the step.
	p.still = `<defs><marker id="tl-pic-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">` +
		`<path class="tl-arrowhead" d="M0,0 L10,5 L0,10 z"/></marker></defs>` +
		xhtml(app.HTMLString(&timelineNames{Scenario: sc.ID, Strategy: st, Lang: s.Lang, Runs: runs, Wide: 100})) +
		xhtml(app.HTMLString(&timelineDrawing{Scenario: sc.ID, Strategy: st, Lang: s.Lang, Runs: runs, Wide: 100}))
	used.WriteString(p.still)
	// The picture's own elements (compose) are styled by the page's rules
	// too: its HTML part as the page's body, its timeline as the page's.
	used.WriteString(` class="picture timeline-svg"`)
	p.css = subsetCSS(css, namesIn(used.String())) + pictureCSS
	theme := "light"
	if dark {
		theme = "dark"
	}
	p.head = fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" data-theme="%s" role="img" aria-labelledby="pic-title pic-desc">`,
		p.Width, p.Height, p.Width, p.Height, theme) +
		`<title id="pic-title">` + xmlText(p.Title) + `</title>` +
		`<desc id="pic-desc">` + xmlText(words.T(s.Lang, "picture.desc", len(frames))) + `</desc>`
	return p, nil
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
		fmt.Fprintf(&b, `<div xmlns="http://www.w3.org/1999/xhtml" class="picture" lang="%s">`, p.Lang)
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
