package web

import (
	"fmt"
	"html"
	"io"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"dlock/core"
)

var routesOnce sync.Once

// prerender returns the page the server sends for a query: the real
// component tree, rendered by go-app on the server.
func prerender(t *testing.T, query string) string {
	t.Helper()
	routesOnce.Do(Routes)
	h := NewHandler(Site{Version: "test"})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/?"+query, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	if rec.Code != 200 {
		t.Fatalf("GET /?%s = %d", query, rec.Code)
	}
	return string(body)
}

var (
	startTag = regexp.MustCompile(`<[a-zA-Z][a-zA-Z0-9]*((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*/?>`)
	attr     = regexp.MustCompile(`([^\s=>/]+)(?:="([^"]*)")?`)
)

// elements returns the attributes of every start tag of the page (go-app
// writes attributes in no fixed order). A bare attribute has the value
// "<bare>".
func elements(page string) []map[string]string {
	var out []map[string]string
	for _, tag := range startTag.FindAllStringSubmatch(page, -1) {
		attrs := map[string]string{}
		for _, a := range attr.FindAllStringSubmatch(tag[1], -1) {
			if strings.Contains(a[0], "=") {
				attrs[a[1]] = html.UnescapeString(a[2])
			} else {
				attrs[a[1]] = "<bare>"
			}
		}
		out = append(out, attrs)
	}
	return out
}

// byTestID returns the attributes of each element with a data-testid.
func byTestID(page string) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, el := range elements(page) {
		if id, ok := el["data-testid"]; ok {
			out[id] = el
		}
	}
	return out
}

// hooks extracts data-testid → data-value from prerendered HTML.
func hooks(page string) map[string]string {
	out := map[string]string{}
	for id, el := range byTestID(page) {
		if v, ok := el["data-value"]; ok {
			out[id] = v
		}
	}
	return out
}

// TestPrerenderedHooksFollowTheFrames renders every step in both modes and
// both languages and checks each hook against core's frame.
func TestPrerenderedHooksFollowTheFrames(t *testing.T) {
	for _, fencing := range []bool{true, false} {
		frames, err := core.Replay(core.GCPause(), core.Options{Fencing: fencing})
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range Langs {
			for _, f := range frames {
				q := fmt.Sprintf("step=%d&fencing=%s&lang=%s", f.Step, onOff(fencing), lang)
				html := prerender(t, q)
				if strings.Contains(html, "⟦missing") {
					t.Errorf("%s: a catalogue key is missing: %s", q, html[strings.Index(html, "⟦missing"):][:60])
				}
				if strings.Contains(html, "%!") {
					t.Errorf("%s: a message was formatted with the wrong arguments", q)
				}
				if !strings.Contains(html, `<html lang="`+string(lang)+`">`) {
					t.Errorf("%s: <html lang> is not %s", q, lang)
				}
				a, _ := f.Client("A")
				b, _ := f.Client("B")
				want := map[string]string{
					"step-counter":       strconv.Itoa(f.Step),
					"fencing-switch":     onOff(fencing),
					"lang-switch":        string(lang),
					"outcome-badge":      string(f.Outcome),
					"lock-holder":        orNone(f.Lock.Holder),
					"lock-token":         tokenOrNone(f.Lock.Token),
					"lock-expiry":        strconv.Itoa(f.Lock.Expiry),
					"lock-now":           strconv.Itoa(f.Clock),
					"resource-data":      orNone(f.Resource.Data),
					"resource-max-token": strconv.FormatInt(f.Resource.MaxToken, 10),
					"resource-rejected":  strconv.Itoa(f.Resource.Rejected),
					"action-actor":       orNone(f.Event.Client),
					"client-A-state":     string(a.State),
					"client-A-token":     tokenOrNone(a.Token),
					"client-B-state":     string(b.State),
					"client-B-token":     tokenOrNone(b.Token),
				}
				got := hooks(html)
				for id, w := range want {
					if got[id] != w {
						t.Errorf("%s: %s = %q, want %q", q, id, got[id], w)
					}
				}
				if _, ok := got["url-notice"]; ok {
					t.Errorf("%s: a valid query shows the URL notice", q)
				}
			}
		}
	}
}

func TestPrerenderedActionResults(t *testing.T) {
	cases := map[string]string{
		"step=1":             "none",
		"step=2":             "none",
		"step=3":             "accepted",
		"step=7&fencing=on":  "rejected",
		"step=7&fencing=off": "accepted",
	}
	for q, want := range cases {
		if got := hooks(prerender(t, q))["action-result"]; got != want {
			t.Errorf("%s: action-result = %q, want %q", q, got, want)
		}
	}
}

func TestPrerenderedWordsAreTheCataloguesInBothLanguages(t *testing.T) {
	ja := prerender(t, "step=7&fencing=off&lang=ja")
	en := prerender(t, "step=7&fencing=off&lang=en")
	for _, c := range []struct {
		html, key string
		lang      Lang
	}{
		{ja, "gc-pause.a-writes-late.destroys", Japanese},
		{en, "gc-pause.a-writes-late.destroys", English},
		{ja, "badge.destroyed", Japanese},
		{en, "badge.destroyed", English},
		{ja, "result.stale", Japanese},
		{en, "result.stale", English},
	} {
		if !strings.Contains(html.UnescapeString(c.html), T(c.lang, c.key)) {
			t.Errorf("%s page lacks %s = %q", c.lang, c.key, T(c.lang, c.key))
		}
	}
	if strings.Contains(html.UnescapeString(en), T(Japanese, "gc-pause.a-writes-late.destroys")) {
		t.Error("the English page shows the Japanese note")
	}
}

func TestPrerenderedNoticeNamesTheBadParameter(t *testing.T) {
	page := prerender(t, "step=abc&lang=en")
	if got := hooks(page)["url-notice"]; got != "step" {
		t.Fatalf("url-notice = %q, want step", got)
	}
	if !strings.Contains(html.UnescapeString(page), T(English, "notice.bad", "step", "abc")) {
		t.Error("the notice does not say which value was bad")
	}
	if got := hooks(page)["step-counter"]; got != "1" {
		t.Errorf("a bad step shows step %s, want the default 1", got)
	}
}

func TestPrerenderedControlsAreDisabledAtTheEnds(t *testing.T) {
	for _, c := range []struct {
		step string
		want map[string]bool
	}{
		{"1", map[string]bool{"btn-first": true, "btn-prev": true, "btn-next": false, "btn-last": false, "btn-advance": false}},
		{"4", map[string]bool{"btn-first": false, "btn-prev": false, "btn-next": false, "btn-last": false, "btn-advance": false}},
		{"7", map[string]bool{"btn-first": false, "btn-prev": false, "btn-next": true, "btn-last": true, "btn-advance": true}},
	} {
		els := byTestID(prerender(t, "step="+c.step))
		for id, w := range c.want {
			// go-app writes the value "true" as a bare attribute.
			got := els[id]["aria-disabled"]
			if (got == "<bare>" || got == "true") != w || (got != "false" && !w) {
				t.Errorf("step %s: %s aria-disabled=%q, want %v", c.step, id, got, w)
			}
		}
	}
}
