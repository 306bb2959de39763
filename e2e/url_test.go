//go:build !js

package e2e

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// sameQuery reports whether a location.search holds exactly these
// parameters, in any order.
func sameQuery(search, want string) bool {
	got, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	if err != nil {
		return false
	}
	w, _ := url.ParseQuery(want)
	return reflect.DeepEqual(got, w)
}

func TestURLRoundTrip(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL + "?step=5&fencing=off&lang=en")
		checkStep(t, tb, bookHooks(false)[4], "opened at step 5")
		if got := tb.hook("lang-switch"); got != "en" {
			t.Errorf("lang-switch = %s, want en", got)
		}
		if lang := eval[string](tb, `document.documentElement.lang`); lang != "en" {
			t.Errorf("<html lang> = %q, want en", lang)
		}
		if got := tb.hook("url-notice"); got != "<missing>" {
			t.Errorf("a valid URL shows a notice (%s)", got)
		}
		tb.key(kb.ArrowRight)
		tb.waitHook("step-counter", "6")
		tb.waitSearch("step=6&fencing=off&lang=en")
		// The URL the page wrote reproduces the view in a new tab.
		href := eval[string](tb, `location.href`)
		other := newTab(t)
		other.open(href)
		checkStep(t, other, bookHooks(false)[5], "reopened")
		if got := other.hook("lang-switch"); got != "en" {
			t.Errorf("reopened lang-switch = %s, want en", got)
		}
		// replaceState, not pushState: stepping adds no history entries.
		if n := eval[int](tb, `history.length`); n != 2 {
			t.Errorf("history.length = %d after one navigation and one step, want 2", n)
		}
	})
}

func TestURLKeepsOtherParameters(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL + "?utm_source=book&step=2")
		tb.key(kb.ArrowRight)
		tb.waitHook("step-counter", "3")
		tb.waitSearch("utm_source=book&step=3&fencing=on&lang=ja")
	})
}

func TestBadURLParametersFallBackWithANotice(t *testing.T) {
	t.Parallel()
	cases := []struct {
		query, param string
	}{
		{"step=0", "step"},
		{"step=99", "step"},
		{"step=abc", "step"},
		{"step=", "step"},
		{"step=-3", "step"},
		{"fencing=maybe", "fencing"},
		{"lang=xx", "lang"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t)
			tb.open(siteURL + "?" + c.query)
			checkStep(t, tb, bookHooks(true)[0], c.query)
			if got := tb.hook("lang-switch"); got != "ja" {
				t.Errorf("lang = %s, want the default ja", got)
			}
			if got := tb.hook("url-notice"); got != c.param {
				t.Fatalf("url-notice names %q, want %q", got, c.param)
			}
			if text := tb.text("url-notice"); !strings.Contains(text, c.param+"=") {
				t.Errorf("notice text %q does not name %s", text, c.param)
			}
			// The notice is dismissible, and the page still works.
			tb.click("url-notice-dismiss")
			tb.waitJS(`!document.querySelector('[data-testid="url-notice"]')`)
			if active := eval[string](tb, `document.activeElement?.dataset?.testid ?? ""`); active != "btn-advance" {
				t.Errorf("focus after dismissing went to %q, want btn-advance", active)
			}
			tb.key(kb.ArrowRight)
			tb.waitHook("step-counter", "2")
		})
	}
	t.Run("several bad parameters", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t)
		tb.open(siteURL + "?step=99&fencing=maybe&lang=en")
		items := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="url-notice"] li')].map(li => li.dataset.param)`)
		if !reflect.DeepEqual(items, []string{"fencing", "step"}) {
			t.Errorf("notice lists %v, want [fencing step]", items)
		}
		// The valid parameter is kept, and the notice speaks its language.
		if got := tb.hook("lang-switch"); got != "en" {
			t.Errorf("lang = %s, want en", got)
		}
		if text := tb.text("url-notice"); !strings.Contains(text, "not valid") {
			t.Errorf("English notice %q", text)
		}
	})
}

func TestLanguageSwitchChangesWordsNotValues(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL + "?step=7&fencing=off")
		before := tb.hooks()
		noteJA := tb.text("step-note")
		tb.click("lang-switch")
		tb.waitHook("lang-switch", "en")
		after := tb.hooks()
		noteEN := tb.text("step-note")
		if noteJA == noteEN || !strings.Contains(noteEN, "token 1") {
			t.Errorf("note did not change language: %q → %q", noteJA, noteEN)
		}
		delete(before, "lang-switch")
		delete(after, "lang-switch")
		if !reflect.DeepEqual(before, after) {
			t.Errorf("data-values changed with the language:\n before %v\n after  %v", before, after)
		}
		if lang := eval[string](tb, `document.documentElement.lang`); lang != "en" {
			t.Errorf("<html lang> = %q after switching", lang)
		}
		if title := eval[string](tb, `document.title`); !strings.Contains(title, "fencing tokens") {
			t.Errorf("title %q after switching", title)
		}
		tb.waitSearch("step=7&fencing=off&lang=en")
		tb.click("lang-switch")
		tb.waitHook("lang-switch", "ja")
		if tb.text("step-note") != noteJA {
			t.Errorf("switching back did not restore the Japanese note")
		}
	})
}

func TestStepChangesAreAnnounced(t *testing.T) {
	t.Parallel()
	bothPhases(t, func(t *testing.T, newTab func(t *testing.T) *tab) {
		tb := newTab(t)
		tb.open(siteURL + "?lang=en")
		live := eval[string](tb, `document.querySelector('[data-testid="announcer"]').getAttribute("aria-live")`)
		if live != "polite" {
			t.Fatalf("announcer aria-live = %q", live)
		}
		tb.key(kb.ArrowRight)
		tb.waitHook("step-counter", "2")
		note := tb.text("step-note")
		said := tb.text("announcer")
		if !strings.Contains(said, note) || !strings.Contains(said, "Step 2 of 7") {
			t.Errorf("announcer says %q; want the step and the note %q", said, note)
		}
		tb.key("f")
		tb.waitHook("fencing-switch", "off")
		if again := tb.text("announcer"); again == said || !strings.Contains(again, "fencing off") {
			t.Errorf("switching fencing is not announced: %q", again)
		}
	})
}

// Back to an address the app navigated to before stepping away from it: the
// page follows the address (go-app alone skipped this move, found by the
// monkey test).
func TestBackToTheAddressLastNavigatedTo(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=compare&step=2&lang=en")
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "3")
	entries := eval[int](tb, `history.length`)
	tb.click("view-compare") // a link to this very view, at step 3: a new entry
	tb.waitJS(fmt.Sprintf(`history.length === %d`, entries+1))
	tb.key(kb.Home)
	tb.waitHook("step-counter", "1")
	eval[bool](tb, `(history.back(), true)`)
	tb.waitJS(`new URLSearchParams(location.search).get("step") === "3"`)
	tb.waitHook("step-counter", "3")
	if got := eval[string](tb, `document.querySelector('[data-testid="compare-left"] [data-testid="lock-holder"]').dataset.value`); got != "A" {
		t.Errorf("at step 3 the left column's holder is %q, want A", got)
	}
}
