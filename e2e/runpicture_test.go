//go:build !js

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/ui"

	"github.com/chromedp/chromedp"
)

// pageCSS is the page's own style sheet, which the pictures carry.
func pageCSS(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "static", "web", "dlock.css"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// measurePicture lays the picture svg out in the tab and returns, for each
// step, the height its HTML part is given and the height it takes.
const measurePicture = `(svg => {
	const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
	const root = document.importNode(doc.documentElement, true);
	document.body.replaceChildren(root);
	return [...root.querySelectorAll("foreignObject")].map(fo =>
		[+fo.getAttribute("height"), Math.ceil(fo.firstElementChild.getBoundingClientRect().height)]);
})`

// Every run's picture gives each step's HTML part the room it takes, in
// both languages: the cards, the beliefs and the action line are never cut
// off, and the timeline under them never overlaps them; and it wastes
// little (the reckoning errs on the side of room, by at most two lines or
// so). Laid out as a document of its own, as an <img> lays it out.
func TestEveryPictureHoldsItsParts(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.do(chromedp.Navigate("data:text/html,<!doctype html><title>x</title>"))
	css := pageCSS(t)
	runs := state.NewRuns()
	worst := 0
	for _, l := range state.Langs {
		for _, sc := range core.Scenarios() {
			for _, st := range core.Strategies() {
				s := state.Settings{Scenario: sc.ID, Strategy: st, Step: 1, Lang: l, View: state.ViewDemo}
				p, err := ui.PictureOf(runs, s, st, css, false)
				if err != nil {
					continue
				}
				arg, _ := json.Marshal(p.Animated())
				heights := eval[[][2]int](tb, measurePicture+"("+string(arg)+")")
				most := 0
				for i, h := range heights {
					if h[1] > h[0] {
						t.Errorf("%s %s/%s step %d: the HTML part takes %d px of the %d it is given", l, sc.ID, st, i+1, h[1], h[0])
					}
					most = max(most, h[1])
				}
				// Room to spare shows as a gap above the timeline: at
				// most about two lines of text.
				if len(heights) > 0 && heights[0][0]-most > 64 {
					t.Errorf("%s %s/%s: the HTML part is given %d px and takes %d", l, sc.ID, st, heights[0][0], most)
				}
				if len(heights) > 0 {
					worst = max(worst, heights[0][0]-most)
				}
			}
		}
	}
	t.Logf("the most room to spare: %d px", worst)
}
