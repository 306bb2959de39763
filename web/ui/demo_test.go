package ui

import (
	"net/url"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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

// A panic in a guarded handler becomes the crash caught, with the report
// the page gives of itself, and the view that says it; the way back is the
// view's own control.
func TestAPanicIsCaughtWithTheReport(t *testing.T) {
	s := state.Defaults()
	s.Step, s.Lang = 4, state.English
	c := crashes{report: func() (state.Settings, string) { return s, "/?step=4&lang=en" }}
	ran := false
	c.guard("key", func() { panic("boom") })
	c.safe("click", func(app.Context, app.Event) { ran = true })(noCtx, app.Event{})
	if c.caught == nil || c.caught.where != "key" || c.caught.message != "boom" || c.caught.state != s || c.caught.url != "/?step=4&lang=en" {
		t.Fatalf("caught %+v", c.caught)
	}
	if !ran {
		t.Error("a handler that did not panic did not run")
	}
	reset := false
	view := c.view(func(app.Context) { reset = true })
	html := app.HTMLString(mounted(t, view.(app.Composer)))
	for _, want := range []string{`data-testid="crash"`, `data-value="key"`, "/?step=4&amp;lang=en", `data-testid="crash-reset"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the crash view lacks %s", want)
		}
	}
	view.(*crashPage).Reset(noCtx)
	if !reset {
		t.Error("the crash view's way back does not reset")
	}
}

// The loader writes the handover in one place, with the fields of the
// one Go type the app reads it into: its own, and what dlockKept notes.
func TestTheLoaderHandsOverTheFieldsTheAppReads(t *testing.T) {
	js, err := os.ReadFile("../../static/loader/stepper.js")
	if err != nil {
		t.Fatal(err)
	}
	src := string(js)
	if n := strings.Count(src, "dlockHandoverOf("); n != 3 {
		t.Errorf("dlockHandoverOf appears %d times, want its definition and the two loaders that hand over", n)
	}
	if n := strings.Count(src, "...dlockKept()"); n != 1 {
		t.Errorf("the handover is written in %d places, want one (dlockHandoverOf)", n)
	}
	written := map[string]bool{}
	for _, re := range []string{`opened: opened, shown: shown, commands: commands, click: click`, `return \{ focus: focus, open: open \}`} {
		m := regexp.MustCompile(re).FindString(src)
		if m == "" {
			t.Fatalf("the loader no longer writes %s", re)
		}
		for _, f := range regexp.MustCompile(`(\w+):`).FindAllStringSubmatch(m, -1) {
			written[f[1]] = true
		}
	}
	typ := reflect.TypeOf(Handover{})
	for i := range typ.NumField() {
		name := typ.Field(i).Tag.Get("json")
		if !written[name] {
			t.Errorf("the app reads %s, which the loader does not write", name)
		}
		delete(written, name)
	}
	for name := range written {
		t.Errorf("the loader writes %s, which the app does not read", name)
	}
}
