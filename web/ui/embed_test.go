package ui

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestEscapeHTMLIsHTMLsEscapeString(t *testing.T) {
	for _, s := range []string{"", "plain", `<iframe src="a?b=1&c='2'">`, "日本語 & <b>", "&amp; already", "\x00\xff"} {
		if got, want := escapeHTML(s), html.EscapeString(s); got != want {
			t.Errorf("escapeHTML(%q) = %q, html.EscapeString gives %q", s, got, want)
		}
	}
}

// bookEmbed is the embed of heartbeat's step 4 in English, as the page
// makes it.
var bookEmbed = Embed{
	Src:    "https://owner.github.io/dlock/?embed=1&fencing=off&lang=en&scenario=heartbeat&step=4",
	Title:  "Distributed lock demo (fencing tokens)",
	Script: "https://owner.github.io/dlock/embed.js",
}

// srcQuery is the query of the first src="…" in code (its &amp; read as &).
func srcQuery(t *testing.T, code string) url.Values {
	t.Helper()
	m := regexp.MustCompile(`src="([^"]*)"`).FindStringSubmatch(code)
	if m == nil {
		t.Fatalf("no src in %s", code)
	}
	u, err := url.Parse(html.UnescapeString(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

// Every target's snippet carries the size and theme chosen: compact is
// controls=min with a smaller iframe, a theme other than auto is theme=;
// the full size and auto leave both out.
func TestEverySnippetCarriesTheSizeAndTheme(t *testing.T) {
	cases := []struct {
		compact          bool
		theme            string
		controls, wantTh string
		height           string
	}{
		{false, "", "", "", `height="760"`},
		{false, "auto", "", "", `height="760"`},
		{true, "", "min", "", `height="560"`},
		{false, "dark", "", "dark", `height="760"`},
		{true, "light", "min", "light", `height="560"`},
	}
	for _, c := range cases {
		e := bookEmbed
		e.Compact, e.Theme = c.compact, c.theme
		for _, target := range []string{"html", "vitepress", "docusaurus", "mdbook"} {
			parts := e.Parts(target)
			code := parts[len(parts)-1].Code
			q := srcQuery(t, code)
			if q.Get("controls") != c.controls || q.Get("theme") != c.wantTh || q.Get("step") != "4" || q.Get("embed") != "1" {
				t.Errorf("%s, compact %v, theme %q: the address is %v", target, c.compact, c.theme, q)
			}
			if !strings.Contains(code, c.height) {
				t.Errorf("%s, compact %v: %s lacks %s", target, c.compact, code, c.height)
			}
		}
		call := e.Parts("hugo")[1].Code
		for name, want := range map[string]string{"controls": c.controls, "theme": c.wantTh} {
			has := strings.Contains(call, " "+name+`="`+want+`"`)
			if has != (want != "") {
				t.Errorf("compact %v, theme %q: the Hugo call %s (%s=%q)", c.compact, c.theme, call, name, want)
			}
		}
	}
}

// The address takes the look chosen in place of any the page's address
// held, and keeps every other parameter.
func TestTheEmbedAddressReplacesTheLook(t *testing.T) {
	e := Embed{Src: "https://h.example/x/?controls=full&embed=1&step=2&theme=dark&utm_source=a%26b", Compact: true, Theme: "light"}
	want := "https://h.example/x/?controls=min&embed=1&step=2&theme=light&utm_source=a%26b"
	if got := e.Address(); got != want {
		t.Errorf("Address() = %s, want %s", got, want)
	}
	e.Compact, e.Theme = false, "auto"
	if got := e.Address(); got != "https://h.example/x/?embed=1&step=2&utm_source=a%26b" {
		t.Errorf("full and auto: %s", got)
	}
}

// The Hugo shortcode builds the address from named parameters and includes
// embed.js once a page; the page's call names the state's parameters (but
// embed, which the shortcode adds), quoted.
func TestTheHugoSnippetIsANamedParameterShortcode(t *testing.T) {
	e := bookEmbed
	e.Compact, e.Theme = true, "dark"
	parts := e.Parts("hugo")
	if len(parts) != 2 {
		t.Fatalf("%d parts", len(parts))
	}
	shortcode, call := parts[0].Code, parts[1].Code
	if want := `{{< dlock scenario="heartbeat" fencing="off" step="4" lang="en" theme="dark" controls="min" >}}`; call != want {
		t.Errorf("the call is\n %s\nwant\n %s", call, want)
	}
	for _, want := range []string{
		`"https://owner.github.io/dlock/"`, `urlquery $name`, `urlquery $value`, `"embed=1"`,
		`(cond (eq (.Get "controls") "min") 560 760)`, `.Page.Store.Get "dlock-embed-js"`,
		`<script src="https://owner.github.io/dlock/embed.js" async></script>`, `"Distributed lock demo (fencing tokens)"`,
	} {
		if !strings.Contains(shortcode, want) {
			t.Errorf("the shortcode lacks %s:\n%s", want, shortcode)
		}
	}
	if strings.Count(shortcode, "<script") != 1 || strings.Contains(shortcode, "?embed=1&") {
		t.Errorf("the shortcode:\n%s", shortcode)
	}
	// A value with a double quote is written raw, between backquotes.
	if got := hugoCall(`https://h.example/?embed=1&x=a"b`); got != "{{< dlock x=`a\"b` >}}" {
		t.Errorf("a quote: %s", got)
	}
}

// The box's choices of size and theme are groups of radio buttons named
// by their labels, in the page's language; choosing one changes every
// snippet and what the box says of the iframe's height.
func TestTheEmbedBoxOffersSizeAndTheme(t *testing.T) {
	for _, l := range []state.Lang{state.Japanese, state.English} {
		page := state.Defaults()
		c := &embedBox{Embed: bookEmbed, Lang: l, Live: true, Link: pageOf(&page)}
		out := app.HTMLString(mounted(t, c))
		for _, group := range []string{"targets", "sizes", "themes"} {
			label := regexp.MustCompile(`id="embed-` + group + `-label"[^>]*>([^<]+)<`).FindStringSubmatch(out)
			if label == nil || !regexp.MustCompile(`role="radiogroup"[^>]*aria-labelledby="embed-`+group+`-label"|aria-labelledby="embed-`+group+`-label"[^>]*role="radiogroup"`).MatchString(out) {
				t.Errorf("%s: the %s group has no name: %s", l, group, out)
			}
		}
		for _, id := range []string{"embed-size-full", "embed-size-compact", "embed-theme-auto", "embed-theme-light", "embed-theme-dark"} {
			if !strings.Contains(out, `for="`+id+`"`) || !strings.Contains(out, `id="`+id+`"`) {
				t.Errorf("%s: no labelled %s", l, id)
			}
		}
		if !regexp.MustCompile(`<input[^>]*(id="embed-size-full"[^>]*checked|checked[^>]*id="embed-size-full")`).MatchString(out) ||
			!regexp.MustCompile(`<input[^>]*(id="embed-theme-auto"[^>]*checked|checked[^>]*id="embed-theme-auto")`).MatchString(out) {
			t.Errorf("%s: the full size and auto are not chosen at first", l)
		}
		c.onSize(true)(noCtx, app.Event{})
		c.onTheme("dark")(noCtx, app.Event{})
		c.onTarget("vitepress")(noCtx, app.Event{})
		out = app.HTMLString(c.Render())
		if !strings.Contains(out, "controls=min&amp;amp;") {
			t.Errorf("%s: compact is not in the snippet", l)
		}
		if !strings.Contains(out, "theme=dark") || !strings.Contains(out, `height=&#34;560&#34;`) {
			t.Errorf("%s: the snippet lacks theme=dark or the compact height", l)
		}
		if !strings.Contains(out, "560 px") {
			t.Errorf("%s: the box does not say the compact iframe is 560 px", l)
		}
		if !strings.Contains(out, `data-size="compact"`) || !strings.Contains(out, `data-theme="dark"`) || !strings.Contains(out, `data-target="vitepress"`) {
			t.Errorf("%s: the snippets do not say what they were chosen for", l)
		}
		c.onTheme("sepia")(noCtx, app.Event{})
		if c.theme != "dark" {
			t.Errorf("%s: a theme the box does not offer was taken: %q", l, c.theme)
		}
	}
}
