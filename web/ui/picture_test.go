//go:build !wasm

package ui

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"
)

// pageCSS is the page's own style sheet, which a picture carries.
func pageCSS(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../static/web/dlock.css")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// svgText is every text of an SVG file by the data-testid of the element
// that holds it (the first found), and whether it is well-formed XML.
func svgHooks(t *testing.T, svg string) map[string]string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	out := map[string]string{}
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			id := ""
			for _, a := range tok.Attr {
				if a.Name.Local == "data-testid" {
					id = a.Value
				}
			}
			stack = append(stack, id)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			for _, id := range stack {
				if id != "" {
					out[id] += string(tok)
				}
			}
		}
	}
	return out
}

// Each step's picture shows what the model's frame holds: the resource's
// value, the badge's words, the action's result and the step, in the
// page's language; and it is a standalone SVG an <img> can show, with no
// script and nothing to fetch.
func TestEachStepsPictureShowsItsFrame(t *testing.T) {
	runs := state.NewRuns()
	css := pageCSS(t)
	for _, l := range state.Langs {
		for _, fenced := range []bool{true, false} {
			s := state.Defaults()
			s.Lang, s.Strategy = l, state.BookRow(fenced)
			p, err := PictureOf(runs, s, s.Strategy, css, false)
			if err != nil {
				t.Fatal(err)
			}
			sc, _ := runs.Scenario(core.GCPauseID)
			frames := runs.Run(sc, s.Strategy).Frames
			if p.Len() != len(frames) || len(p.Delays) != len(frames) {
				t.Fatalf("%s: %d pictures and %d delays for %d frames", l, p.Len(), len(p.Delays), len(frames))
			}
			for k, f := range frames {
				svg := p.Step(k + 1)
				hooks := svgHooks(t, svg)
				wantData := f.Resources[0].Data
				if wantData == "" {
					wantData = words.T(l, "resource.empty")
				}
				badge := words.BadgeText(l, badgeValue(f, k+1 == len(frames)), f.Step, len(frames))
				for id, want := range map[string]string{
					"resource-data":   wantData,
					"outcome-badge":   badge,
					"action-result":   words.ResultWords(l, f.Event),
					"picture-counter": strings.Join([]string{strconv.Itoa(k + 1), "/", strconv.Itoa(len(frames))}, " "),
				} {
					if got := hooks[id]; got != want {
						t.Errorf("%s %s step %d: %s reads %q, want %q", l, s.Strategy, k+1, id, got, want)
					}
				}
				for _, bad := range []string{"<script", "href=", "src=", "url(http", "@import", "@font-face"} {
					if strings.Contains(svg, bad) {
						t.Errorf("%s step %d: the picture holds %q", l, k+1, bad)
					}
				}
			}
			if title := words.T(l, "demo.title", words.T(l, "title.strategy."+string(s.Strategy))); !strings.Contains(p.Step(1), "<title id=\"pic-title\">"+title+"</title>") {
				t.Errorf("%s: the picture is not titled %q", l, title)
			}
		}
	}
}

// The animated picture holds every step once, each shown for its delay in
// turn, the last alone where motion is unwelcome; it is the same file each
// time it is made, and says its theme.
func TestTheAnimatedPictureHoldsEveryStep(t *testing.T) {
	runs := state.NewRuns()
	css := pageCSS(t)
	s := state.Defaults()
	s.Lang = state.English
	p, err := PictureOf(runs, s, s.Strategy, css, true)
	if err != nil {
		t.Fatal(err)
	}
	anim := p.Animated()
	hooksOf := svgHooks(t, anim)
	if hooksOf["resource-data"] == "" {
		t.Error("the animated picture holds no resource value")
	}
	for k := 1; k <= p.Len(); k++ {
		for _, want := range []string{`class="pic-step pic-s` + strconv.Itoa(k) + `"`, "@keyframes pic-a" + strconv.Itoa(k) + "{"} {
			if n := strings.Count(anim, want); n == 0 {
				t.Errorf("the animated picture lacks %s", want)
			}
		}
	}
	if !strings.Contains(anim, `.pic-step{visibility:hidden}.pic-s7{visibility:visible}@media (prefers-reduced-motion:no-preference){`) {
		t.Error("the animated picture does not keep its last step where motion is unwelcome")
	}
	if !strings.Contains(anim, ` 16000ms step-end infinite`) {
		t.Errorf("the animation does not last 6 × 2 s + 4 s, looping")
	}
	if !strings.Contains(anim, `data-theme="dark"`) {
		t.Error("the dark picture does not say its theme")
	}
	again, _ := PictureOf(state.NewRuns(), s, s.Strategy, css, true)
	if again.Animated() != anim {
		t.Error("the same run makes another picture")
	}
	if p.Step(0) != "" || p.Step(p.Len()+1) != "" {
		t.Error("a step outside the run has a picture")
	}
}

// A run that does not replay (a row the model does not know) has no
// picture, and says why.
func TestARunThatFailsHasNoPicture(t *testing.T) {
	p, err := PictureOf(state.NewRuns(), state.Defaults(), core.Strategy("no-such-row"), pageCSS(t), false)
	if err == nil || p != nil {
		t.Errorf("a run under an unknown row made a picture (%v)", err)
	}
}

// The slides are the run of a view of one run, a step a slide; a view of
// more than one run has none, nor has a run that does not replay, and
// printing them gives the page.
func TestSlidesAreOneRunsSteps(t *testing.T) {
	runs := state.NewRuns()
	for _, c := range []struct {
		view   state.View
		versus core.Strategy
		slides int
	}{
		{state.ViewDemo, "", 7},
		{state.ViewCompare, "", 0},
		{state.ViewMatrix, "", 0},
		{state.ViewSearch, "", 0},
		{state.ViewPlay, core.Lease, 0},
		{state.ViewPlay, "", 3}, // the start, then the two actions
		{state.ViewCourse, "", 0},
		{state.ViewDemo, "no-such-row", 0}, // a run that does not replay
	} {
		s := state.Defaults()
		s.View, s.Versus, s.Step = c.view, c.versus, 1
		if c.versus == "no-such-row" {
			s.Versus, s.Strategy = "", c.versus
		}
		s.Script = "A:acquire,A:write:x"
		html := SlidesHTML(runs, s)
		if n := strings.Count(html, `data-testid="slide"`); n != c.slides {
			t.Errorf("%s (versus %q): %d slides, want %d", c.view, c.versus, n, c.slides)
		}
		if last := fmt.Sprintf(`data-testid="slide-counter">%d / %d<`, c.slides, c.slides); c.slides > 0 && !strings.Contains(html, last) {
			t.Errorf("%s: the last slide is not step %d of %d", c.view, c.slides, c.slides)
		}
	}
}
