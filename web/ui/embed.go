package ui

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Embedding: a host page shows the demo in an iframe (embed=1), and
// embed.js, served by the demo's own site and included once by the host,
// keeps each iframe as tall as the demo. Documentation generators will not
// run a script pasted into a page (VitePress escapes it, MDX reads its
// braces as JSX), so each gets the script by its own mechanism: the box
// offers a snippet for each.

// embedHeight is the iframe's height before embed.js sizes it (and where
// no script runs at all): the demo's first step fits in it at 1280 px.
// compactHeight is the same for the compact size (controls=min), which
// shows the cards, the beliefs, the action, the note and the controls: the
// book's first step is 556-558 px tall in it from 690 px wide up.
const (
	embedHeight   = 760
	compactHeight = 560
)

// EmbedTargets are the kinds of host page the embed box writes a snippet
// for, in its order: plain HTML, VitePress, Docusaurus (MDX), mdBook, Hugo.
var EmbedTargets = []string{"html", "vitepress", "docusaurus", "mdbook", "hugo"}

// EmbedThemes are the looks the box offers, in its order (state.Themes):
// auto follows the host page (told by embed.js) or else the reader's
// system; light and dark keep to one. auto is the demo's own default, so
// its address leaves theme out.
var EmbedThemes = state.Themes

// controlsMin is the compact size's value of state.ParamControls.
const controlsMin = "min"

// embedPart is one piece of a snippet: where it goes (a catalogue key) and
// the code.
type embedPart struct {
	Where string
	Code  string
}

// Embed is what a host page needs to embed one view: the address of the
// view, embedded (Src), the iframe's title, and where embed.js is served;
// and how it looks there: Compact (controls=min) and Theme (one of
// EmbedThemes, "" for auto).
type Embed struct {
	Src, Title, Script string
	Compact            bool
	Theme              string
}

// Height is the iframe's height in the snippet, before embed.js sizes it.
func (e Embed) Height() int {
	if e.Compact {
		return compactHeight
	}
	return embedHeight
}

// Address is Src with the look's parameters as chosen: controls=min when
// compact, theme= unless auto; any other value of theirs Src held is
// dropped. The query is written as Go writes one (sorted), as Src is.
func (e Embed) Address() string {
	u, err := url.Parse(e.Src)
	if err != nil {
		return e.Src
	}
	q := u.Query()
	q.Del(state.ParamControls)
	q.Del(state.ParamTheme)
	if e.Compact {
		q.Set(state.ParamControls, controlsMin)
	}
	if e.Theme != "" && e.Theme != "auto" {
		q.Set(state.ParamTheme, e.Theme)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// Parts is the snippet for target: the pieces the host pastes, each with
// where it goes.
func (e Embed) Parts(target string) []embedPart {
	address := e.Address()
	src, title, script := escapeHTML(address), escapeHTML(e.Title), escapeHTML(e.Script)
	height := strconv.Itoa(e.Height())
	iframe := `<iframe src="` + src + `" title="` + title + `" width="100%" height="` + height +
		`" style="border:0" loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>`
	tag := `<script src="` + script + `" async></script>`
	switch target {
	case "vitepress":
		return []embedPart{
			{"embed.where.vitepress-config", `head: [['script', { src: '` + e.Script + `', async: '' }]],`},
			{"embed.where.markdown", iframe},
		}
	case "docusaurus":
		jsx := `<iframe src="` + src + `" title="` + title + `" width="100%" height="` + height +
			`" style={{border: 0}} loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>`
		return []embedPart{
			{"embed.where.docusaurus-config", `scripts: [{ src: '` + e.Script + `', async: true }],`},
			{"embed.where.mdx", jsx},
		}
	case "mdbook":
		return []embedPart{{"embed.where.mdbook", iframe + "\n" + tag}}
	case "hugo":
		return []embedPart{
			{"embed.where.hugo-shortcode", e.hugoShortcode()},
			{"embed.where.hugo-page", hugoCall(address)},
		}
	}
	return []embedPart{{"embed.where.html", iframe + "\n" + tag}}
}

// hugoShortcode is layouts/shortcodes/dlock.html: the iframe, its address
// built from the shortcode's named parameters (each one given, URL-escaped,
// and embed=1), height and title for the iframe (the height by default the
// size's), and embed.js once per page, noted in the page's Store.
func (e Embed) hugoShortcode() string {
	base := e.Src
	if i := strings.IndexAny(base, "?#"); i >= 0 {
		base = base[:i]
	}
	return `{{- /* dlock's demo. Named parameters are the address's (scenario, strategy, step,
  fencing, lang, theme, controls, or any other the demo reads); height and title are
  the iframe's. embed.js, which keeps the iframe as tall as the demo, comes once a page. */ -}}
{{- $q := slice -}}
{{- range $name, $value := .Params -}}
  {{- if not (in (slice "height" "title") $name) -}}
    {{- $q = $q | append (printf "%s=%s" (urlquery $name) (urlquery $value)) -}}
  {{- end -}}
{{- end -}}
{{- $src := printf "%s?%s" ` + strconv.Quote(base) + ` (delimit ($q | append "embed=1") "&") -}}
{{- $height := .Get "height" | default (cond (eq (.Get "controls") "min") ` + strconv.Itoa(compactHeight) + ` ` + strconv.Itoa(embedHeight) + `) -}}
<iframe src="{{ $src }}" title="{{ .Get "title" | default ` + strconv.Quote(e.Title) + ` }}" width="100%" height="{{ $height }}" style="border:0" loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>
{{- if not (.Page.Store.Get "dlock-embed-js") }}
{{- .Page.Store.Set "dlock-embed-js" true }}
<script src="` + escapeHTML(e.Script) + `" async></script>
{{- end }}
`
}

// hugoOrder is the order the shortcode's call names the address's
// parameters in; any other follows, by name.
var hugoOrder = []string{"scenario", "strategy", "fencing", "step", "lang", "view", "vs", "script", state.ParamTheme, state.ParamControls}

// hugoCall is the shortcode's call for address: a named parameter for each
// of its parameters but embed, which the shortcode adds.
func hugoCall(address string) string {
	u, err := url.Parse(address)
	if err != nil {
		return "{{< dlock >}}"
	}
	q := u.Query()
	q.Del("embed")
	var b strings.Builder
	b.WriteString("{{< dlock")
	arg := func(name string) {
		for _, v := range q[name] {
			quoted := `"` + v + `"`
			if strings.ContainsAny(v, "\"\\") {
				quoted = "`" + strings.ReplaceAll(v, "`", "") + "`"
			}
			b.WriteString(" " + name + "=" + quoted)
		}
		q.Del(name)
	}
	for _, name := range hugoOrder {
		arg(name)
	}
	rest := make([]string, 0, len(q))
	for name := range q {
		rest = append(rest, name)
	}
	slices.Sort(rest)
	for _, name := range rest {
		arg(name)
	}
	b.WriteString(" >}}")
	return b.String()
}

// embedBox offers the snippets that embed the view shown in another page,
// for each kind of host, in the size and theme chosen, and copies them.
// Which host, size and theme are chosen and what the box last did are its
// own; the last is forgotten when the code changes.
type embedBox struct {
	app.Compo
	Embed Embed
	Lang  state.Lang
	Live  bool
	Link  *pageLink

	target  string // one of EmbedTargets ("" for the first)
	compact bool   // the compact size (controls=min)
	theme   string // one of EmbedThemes ("" for the first, auto)
	copied  string // the catalogue key of what the control last did, said aloud
}

// OnUpdate forgets what the control last did: the code it copied is gone.
func (c *embedBox) OnUpdate(ctx app.Context) { c.copied = "" }

// OnMount lends the page the box's code: a step, which the step path
// draws without drawing the box, sets the code the box shows (steps.go),
// in the box's choices.
func (c *embedBox) OnMount(ctx app.Context) {
	if c.Link != nil {
		c.Link.embed = c
	}
}

// OnDismount takes the box's code back from the page.
func (c *embedBox) OnDismount() {
	if c.Link != nil && c.Link.embed == c {
		c.Link.embed = nil
	}
}

// codes is the code of each part of the snippet, in the box's choices,
// for e (whose Src carries the step shown).
func (c *embedBox) codes(e Embed) []string {
	e.Compact, e.Theme = c.compact, c.theme
	var out []string
	for _, part := range e.Parts(c.chosen()) {
		out = append(out, part.Code)
	}
	return out
}

func (c *embedBox) chosen() string {
	if c.target == "" {
		return EmbedTargets[0]
	}
	return c.target
}

// embed is the box's Embed in the size and theme chosen.
func (c *embedBox) embed() Embed {
	e := c.Embed
	e.Compact, e.Theme = c.compact, c.theme
	return e
}

func (c *embedBox) Render() app.UI {
	l := c.Lang
	status := ""
	if c.copied != "" {
		status = words.T(l, c.copied)
	}
	target := c.chosen()
	e := c.embed()
	parts := e.Parts(target)
	theme := c.theme
	if theme == "" {
		theme = EmbedThemes[0]
	}
	size := "full"
	if c.compact {
		size = "compact"
	}
	return elBody("details.embed-code data-mount=embed",
		elText("summary", words.T(l, "embed.title")),
		elText("p.muted", words.T(l, "embed.about")),
		&embedChoice{Box: c, Name: "target", Chosen: target, Lang: l, Live: c.Live},
		&embedChoice{Box: c, Name: "size", Chosen: size, Lang: l, Live: c.Live},
		&embedChoice{Box: c, Name: "theme", Chosen: theme, Lang: l, Live: c.Live},
		app.Range(parts).Slice(func(i int) app.UI {
			id := "embed-where-" + strconv.Itoa(i)
			return elBody("div.embed-part",
				el("p").ID(id).Class("embed-where").Text(words.T(l, parts[i].Where)),
				// A pre, not a textarea: go-app prerenders a textarea's text
				// as a quoted attribute, which breaks the HTML.
				// Its code carries the step: a patch a step sets (steps.go).
				el("pre.embed-snippet data-testid=embed-code").DataSet("stepped", embedCodeID(i)).DataSet("target", target).DataSet("part", i).
					DataSet("size", size).DataSet("theme", theme).
					Aria("labelledby", id).Text(parts[i].Code),
				el("button.btn type=button data-testid=copy-embed").DataSet("part", i).
					Aria("disabled", !c.Live).Aria("describedby", id).
					Text(words.T(l, "embed.copy")).OnClick(c.Link.Safe("embed", c.onCopy(i))),
			)
		}),
		elText("p.muted", words.T(l, "embed.without-script", e.Height())),
		elText("span role=status data-testid=copy-status", status),
	)
}

// embedChoice is one of the box's choices (target, size, theme), a
// component: the box draws the page's address, which every step changes,
// and the choices do not depend on it.
type embedChoice struct {
	app.Compo
	Box    *embedBox
	Name   string // target, size or theme
	Chosen string
	Lang   state.Lang
	Live   bool
}

func (e *embedChoice) Render() app.UI {
	c := e.Box
	switch e.Name {
	case "target":
		return c.choice(e.Name, e.Chosen, EmbedTargets, func(v string) app.EventHandler { return c.onTarget(v) })
	case "size":
		return c.choice(e.Name, e.Chosen, embedSizes, func(v string) app.EventHandler { return c.onSize(v == "compact") })
	}
	return c.choice(e.Name, e.Chosen, EmbedThemes, func(v string) app.EventHandler { return c.onTheme(v) })
}

// embedSizes are the embed's sizes, the box's second choice.
var embedSizes = []string{"full", "compact"}

// choice is one of the box's choices (target, size, theme): a group of
// radio buttons named by its catalogue key embed.<name>s, each option by
// embed.<name>.<option>, with on(option) as its handler. Arrow keys move
// through a group, as in any group of radio buttons.
func (c *embedBox) choice(name, chosen string, options []string, on func(string) app.EventHandler) app.UI {
	l := c.Lang
	label := "embed-" + name + "s-label"
	return el("div.embed-targets role=radiogroup").ID("embed-"+name+"s").Aria("labelledby", label).Body(
		el("span.embed-targets-label").ID(label).Text(words.T(l, "embed."+name+"s")),
		app.Range(options).Slice(func(i int) app.UI {
			o := options[i]
			in := app.ElemSelfClosing("input").Attr("type", "radio").Attr("name", "embed-"+name).ID("embed-"+name+"-"+o).Attr("value", o).
				DataSet("testid", "embed-"+name).Attr("disabled", !c.Live).OnChange(c.Link.Safe("embed", on(o)))
			if o == chosen {
				in = in.Attr("checked", true)
			}
			return el("label.embed-target").Attr("for", "embed-"+name+"-"+o).Body(in, app.Text(" "+words.T(l, "embed."+name+"."+o)))
		}),
	)
}

// onTarget chooses the kind of host page.
func (c *embedBox) onTarget(t string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if slices.Contains(EmbedTargets, t) {
			c.target, c.copied = t, ""
		}
	}
}

// onSize chooses the full page or the compact size.
func (c *embedBox) onSize(compact bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) { c.compact, c.copied = compact, "" }
}

// onTheme chooses the theme.
func (c *embedBox) onTheme(theme string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if slices.Contains(EmbedThemes, theme) {
			c.theme, c.copied = theme, ""
		}
	}
}

// onCopy copies part i of the chosen snippet. Where the clipboard is not
// available it selects the code for Ctrl+C instead.
func (c *embedBox) onCopy(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		// The code shown, which a step sets without drawing the box.
		sel := `[data-testid="embed-code"][data-part="` + strconv.Itoa(i) + `"]`
		code := app.Window().Get("document").Call("querySelector", sel)
		if !code.Truthy() {
			return
		}
		// The browser may refuse (the document is not focused, no
		// permission): then the code is selected for Ctrl+C, as where
		// there is no clipboard.
		copyText(ctx, code.Get("textContent").String(), sel, func(copied bool) {
			c.copied = "embed.selected"
			if copied {
				c.copied = "embed.copied"
			}
		})
	}
}

// embedCodeID is the data-stepped of the code of the snippet's part i.
func embedCodeID(i int) string { return "embed-code-" + strconv.Itoa(i) }

// escapeHTML is html.EscapeString: the five characters HTML gives meaning
// to, as entities. html's own builds a strings.Replacer, whose machinery
// would be a part of app.wasm for this one use.
func escapeHTML(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '\'':
			b.WriteString("&#39;")
		case '"':
			b.WriteString("&#34;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
