//go:build !js

package e2e

import (
	"strings"
	"testing"
)

// The page carries the words of its own language only: app.wasm has none,
// and the other language's come when the reader switches, once. When they
// cannot come, the page says so in the language it stays in, changes
// nothing else, and a later switch gets them.
func TestTheOtherLanguagesWordsComeWithTheSwitch(t *testing.T) {
	t.Parallel()
	refused := "/dlock/web/words/en-"
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), func(h *staticHost) { h.refuse.Store(&refused) })
	tb := newIsolatedTab(t)
	// No service worker: it would keep both languages for offline use.
	tb.open(host.url("?sw=off&step=3"))
	if ja, en := host.requestsStarting("/dlock/web/words/ja-"), host.requestsStarting(refused); ja != 1 || en != 0 {
		t.Fatalf("opening the Japanese page fetched the Japanese words %d times and the English %d times, want 1 and 0", ja, en)
	}
	noteJA := tb.text("step-note")

	tb.click("lang-switch")
	tb.waitJS(`document.querySelector('[data-testid="words-notice"]')?.getBoundingClientRect().height > 0`)
	if said := tb.text("words-notice"); !strings.Contains(said, "英語") {
		t.Errorf("the notice says %q, not in Japanese about the English words", said)
	}
	if got := tb.hook("lang-switch"); got != "ja" {
		t.Errorf("the page switched to %q without its words", got)
	}
	if got := tb.hook("step-counter"); got != "3" || tb.text("step-note") != noteJA {
		t.Errorf("a failed switch changed the page: step %s, note %q", got, tb.text("step-note"))
	}

	host.refuse.Store(nil)
	tb.click("lang-switch")
	tb.waitHook("lang-switch", "en")
	if got := tb.hook("words-notice"); got != "<missing>" {
		t.Errorf("the notice stays once the words came: %q", got)
	}
	if note := tb.text("step-note"); note == noteJA || !strings.Contains(note, "token") {
		t.Errorf("the note in English: %q", note)
	}
	tb.waitSearch("fencing=on&lang=en&step=3&sw=off")
	tb.click("lang-switch")
	tb.waitHook("lang-switch", "ja")
	tb.click("lang-switch")
	tb.waitHook("lang-switch", "en")
	if n := host.requestsStarting(refused); n != 2 {
		t.Errorf("the English words were asked for %d times, want twice (refused, then fetched, then kept)", n)
	}
}
