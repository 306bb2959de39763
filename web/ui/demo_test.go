package ui

import (
	"net/url"
	"slices"
	"testing"

	"dlock/web/state"
)

// What the loader left is spent once: the commands it had not done are
// done at the first navigation, in order, and the address the page was
// opened at stops standing for the one read.
func TestTheHandoverIsSpentAtTheFirstNavigation(t *testing.T) {
	opened := "?step=99&lang=en"
	h := handover{opened: &opened, commands: []state.Command{state.CmdNext, state.CmdToggleFencing, state.CmdNext}}
	if q, ok := h.opening(); !ok || q.Get("step") != "99" || q.Get("lang") != "en" {
		t.Errorf("before the first navigation, the opening address reads %v, %v", q, ok)
	}
	var done []state.Command
	do := func(cmd state.Command) { done = append(done, cmd) }
	h.navigated(do)
	h.navigated(do)
	if want := []state.Command{state.CmdNext, state.CmdToggleFencing, state.CmdNext}; !slices.Equal(done, want) {
		t.Errorf("two navigations did %v, want %v", done, want)
	}
	if q, ok := h.opening(); ok {
		t.Errorf("after a navigation, the opening address still reads %v", q)
	}
	var none handover
	if _, ok := none.opening(); ok {
		t.Error("a page the loader handed nothing has an opening address")
	}
}

// The page's links keep the site's prefix, and are whole once the page
// knows its origin: a prerendered page, which does not, links by path.
func TestThePlaceMakesLinksUnderThePrefix(t *testing.T) {
	s := state.Defaults()
	s.Step = 3
	var p place
	p.read(&url.URL{Path: "/dlock/"})
	if got, want := p.url(s), "/dlock/?"+s.Query(nil).Encode(); got != want {
		t.Errorf("prerendered, the link is %q, want %q", got, want)
	}
	p.read(&url.URL{Scheme: "https", Host: "owner.github.io", Path: "/dlock/index.html"})
	if got, want := p.url(s), "https://owner.github.io/dlock/index.html?"+s.Query(nil).Encode(); got != want {
		t.Errorf("the link is %q, want %q", got, want)
	}
	if got := p.beside("embed.js"); got != "https://owner.github.io/dlock/embed.js" {
		t.Errorf("embed.js is at %q", got)
	}
	p.read(&url.URL{Path: ""})
	if p.path != "/" || p.origin != "https://owner.github.io" {
		t.Errorf("an address without a path or an origin leaves %+v", p)
	}
}

// The test hook's panic comes where it was asked for, once.
func TestAForcedPanicComesWhereAskedOnce(t *testing.T) {
	c := crashes{forced: "command"}
	if c.forcing("render") {
		t.Error("a panic asked for in a command comes in Render")
	}
	if !c.forcing("command") {
		t.Error("a panic asked for in a command does not come there")
	}
	if c.forcing("command") {
		t.Error("a panic asked for once comes twice")
	}
}
