package ui

import (
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
const embedHeight = 760

// EmbedTargets are the kinds of host page the embed box writes a snippet
// for, in its order: plain HTML, VitePress, Docusaurus (MDX), mdBook, Hugo.
var EmbedTargets = []string{"html", "vitepress", "docusaurus", "mdbook", "hugo"}

// embedPart is one piece of a snippet: where it goes (a catalogue key) and
// the code.
type embedPart struct {
	Where string
	Code  string
}

// Embed is what a host page needs to embed one view: the address of the
// view, embedded (Src), the iframe's title, and where embed.js is served.
type Embed struct {
	Src, Title, Script string
}

// Parts is the snippet for target: the pieces the host pastes, each with
// where it goes.
func (e Embed) Parts(target string) []embedPart {
	src, title, script := escapeHTML(e.Src), escapeHTML(e.Title), escapeHTML(e.Script)
	height := strconv.Itoa(embedHeight)
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
		shortcode := `<iframe src="{{ .Get "src" }}" title="{{ .Get "title" }}" width="100%" height="` + height +
			`" style="border:0" loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>` + "\n" + tag
		return []embedPart{
			{"embed.where.hugo-shortcode", shortcode},
			{"embed.where.hugo-page", `{{< dlock src="` + e.Src + `" title="` + e.Title + `" >}}`},
		}
	}
	return []embedPart{{"embed.where.html", iframe + "\n" + tag}}
}

// embedBox offers the snippets that embed the view shown in another page,
// for each kind of host, and copies them. Which host is chosen and what the
// box last did are its own; the last is forgotten when the code changes.
type embedBox struct {
	app.Compo
	Embed Embed
	Lang  state.Lang
	Live  bool
	Link  *pageLink

	target string // one of EmbedTargets ("" for the first)
	copied string // the catalogue key of what the control last did, said aloud
}

// OnUpdate forgets what the control last did: the code it copied is gone.
func (c *embedBox) OnUpdate(ctx app.Context) { c.copied = "" }

func (c *embedBox) chosen() string {
	if c.target == "" {
		return EmbedTargets[0]
	}
	return c.target
}

func (c *embedBox) Render() app.UI {
	l := c.Lang
	status := ""
	if c.copied != "" {
		status = words.T(l, c.copied)
	}
	target := c.chosen()
	parts := c.Embed.Parts(target)
	return elBody("details.embed-code data-mount=embed",
		elText("summary", words.T(l, "embed.title")),
		elText("p.muted", words.T(l, "embed.about")),
		elBody("div.embed-targets role=radiogroup aria-labelledby=embed-targets-label",
			elText("span.embed-targets-label#embed-targets-label", words.T(l, "embed.targets")),
			app.Range(EmbedTargets).Slice(func(i int) app.UI {
				t := EmbedTargets[i]
				in := app.ElemSelfClosing("input").Attr("type", "radio").Attr("name", "embed-target").ID("embed-target-"+t).Attr("value", t).
					DataSet("testid", "embed-target").Attr("disabled", !c.Live).OnChange(c.Link.Safe("embed", c.onTarget))
				if t == target {
					in = in.Attr("checked", true)
				}
				return el("label.embed-target").Attr("for", "embed-target-"+t).Body(in, app.Text(" "+words.T(l, "embed.target."+t)))
			}),
		),
		app.Range(parts).Slice(func(i int) app.UI {
			id := "embed-where-" + strconv.Itoa(i)
			return elBody("div.embed-part",
				el("p").ID(id).Class("embed-where").Text(words.T(l, parts[i].Where)),
				// A pre, not a textarea: go-app prerenders a textarea's text
				// as a quoted attribute, which breaks the HTML.
				el("pre.embed-snippet data-testid=embed-code").DataSet("target", target).DataSet("part", i).
					Aria("labelledby", id).Text(parts[i].Code),
				el("button.btn type=button data-testid=copy-embed").DataSet("part", i).
					Aria("disabled", !c.Live).Aria("describedby", id).
					Text(words.T(l, "embed.copy")).OnClick(c.Link.Safe("embed", c.onCopy(i))),
			)
		}),
		elText("p.muted", words.T(l, "embed.without-script")),
		elText("span role=status data-testid=copy-status", status),
	)
}

// onTarget chooses the kind of host page.
func (c *embedBox) onTarget(ctx app.Context, e app.Event) {
	v := ctx.JSSrc().Get("value").String()
	for _, t := range EmbedTargets {
		if t == v {
			c.target, c.copied = t, ""
		}
	}
}

// onCopy copies part i of the chosen snippet. Where the clipboard is not
// available it selects the code for Ctrl+C instead.
func (c *embedBox) onCopy(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		parts := c.Embed.Parts(c.chosen())
		if i >= len(parts) {
			return
		}
		// The browser may refuse (the document is not focused, no
		// permission): then the code is selected for Ctrl+C, as where
		// there is no clipboard.
		sel := `[data-testid="embed-code"][data-part="` + strconv.Itoa(i) + `"]`
		copyText(ctx, parts[i].Code, sel, func(copied bool) {
			c.copied = "embed.selected"
			if copied {
				c.copied = "embed.copied"
			}
		})
	}
}

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
