//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// cardBoxes returns the top and left of the lock and resource cards.
func cardBoxes(tb *tab) (lock, res [2]float64) {
	tb.t.Helper()
	boxes := eval[[][2]float64](tb, `[...document.querySelectorAll(".cards > .card")].map(c => { const r = c.getBoundingClientRect(); return [r.top, r.left]; })`)
	if len(boxes) != 2 {
		tb.t.Fatalf("found %d cards, want 2", len(boxes))
	}
	return boxes[0], boxes[1]
}

func TestCardsSideBySideThenStacked(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.viewport(800, 900)
	tb.open(siteURL)
	lock, res := cardBoxes(tb)
	if lock[0] != res[0] || res[1] <= lock[1] {
		t.Errorf("at 800px the cards are not side by side: lock %v resource %v", lock, res)
	}
	for _, width := range []int64{560, 480, 320} {
		tb.viewport(width, 900)
		tb.waitJS(fmt.Sprintf(`window.innerWidth === %d`, width))
		lock, res = cardBoxes(tb)
		if res[0] <= lock[0] || res[1] != lock[1] {
			t.Errorf("at %dpx the cards are not stacked: lock %v resource %v", width, lock, res)
		}
		if over := eval[int](tb, `document.documentElement.scrollWidth - window.innerWidth`); over > 0 {
			t.Errorf("at %dpx the page scrolls sideways by %dpx", width, over)
		}
	}
	// Still usable at 320px: the controls are on screen and work.
	tb.click("btn-advance")
	tb.waitHook("step-counter", "2")
	tb.key(kb.End)
	tb.waitHook("step-counter", "7")
}

func TestFocusIsVisible(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL)
	// Tab through every control: each one gets a visible outline.
	var seen []string
	for i := 0; i < 20; i++ {
		tb.key(kb.Tab)
		id := eval[string](tb, `document.activeElement?.dataset?.testid ?? document.activeElement?.tagName`)
		if id == "BODY" {
			break
		}
		seen = append(seen, id)
		style := eval[string](tb, `(() => { const s = getComputedStyle(document.activeElement); return s.outlineStyle + " " + s.outlineWidth; })()`)
		if strings.HasPrefix(style, "none") || strings.HasSuffix(style, " 0px") {
			t.Errorf("focused %s has no visible outline (%s)", id, style)
		}
	}
	for _, want := range []string{"lang-switch", "fencing-switch", "btn-advance", "btn-first", "btn-prev", "btn-next", "btn-last"} {
		found := false
		for _, s := range seen {
			found = found || s == want
		}
		if !found {
			t.Errorf("%s is not reachable with Tab (reached %v)", want, seen)
		}
	}
}

// On a phone (390 px) the view tabs stay on one row, and in Japanese the
// title and the badge break only between words.
func TestPhoneLayoutKeepsTabsOnOneRowAndWordsWhole(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"ja", "en"} {
		tb := newTab(t)
		tb.viewport(390, 800)
		tb.open(siteURL + "?lang=" + lang + "&strategy=consensus-unfenced&scenario=partitioned-holder")
		rows := eval[int](tb, `new Set([...document.querySelectorAll('.view-link')].map(a => Math.round(a.getBoundingClientRect().top))).size`)
		if rows != 1 {
			t.Errorf("%s at 390 px: the view tabs take %d rows", lang, rows)
		}
		if lang == "ja" {
			wb := eval[string](tb, `getComputedStyle(document.getElementById("demo-title")).wordBreak`)
			if wb != "keep-all" {
				t.Errorf("the Japanese title breaks with word-break %q", wb)
			}
		}
	}
}
