package picture

import (
	"strings"
)

// pictureCSS is the picture's own layout, after the page's rules it uses:
// the palette pinned to the picture's (an <img> would otherwise follow the
// reader's system), the body's type on the picture's HTML part, the frame
// behind it and around the timeline.
const pictureCSS = `:root{color-scheme:light}:root[data-theme="dark"]{color-scheme:dark}` +
	`.pic-bg{fill:var(--card);stroke:var(--line)}.pic-tl-frame{fill:var(--bg);stroke:var(--line)}` +
	`.picture{margin:0;padding:12px 16px 0;background:none}` +
	`.picture-head{display:flex;gap:.25rem 1rem;align-items:center;justify-content:space-between;margin-bottom:.6rem}` +
	`.picture-head h1{margin:0}.picture-end{display:flex;flex:none;gap:.6rem;align-items:center}` +
	`.picture-counter{font-family:var(--mono);color:var(--muted)}.picture .action{margin-top:.6rem}`

// namesIn are the classes and ids the markup m uses ("." and "#" before
// each): what the style sheet's rules must match to be kept.
func namesIn(m string) map[string]bool {
	out := map[string]bool{}
	for _, attr := range []struct{ name, mark string }{{` class="`, "."}, {` id="`, "#"}} {
		rest := m
		for {
			i := strings.Index(rest, attr.name)
			if i < 0 {
				break
			}
			rest = rest[i+len(attr.name):]
			end := strings.IndexByte(rest, '"')
			if end < 0 {
				break
			}
			for _, n := range strings.Fields(rest[:end]) {
				out[attr.mark+n] = true
			}
			rest = rest[end:]
		}
	}
	return out
}

// subsetCSS is the rules of the style sheet css that may apply to markup
// using names (namesIn), written compactly: a rule is kept where one of its
// selectors names only classes and ids the markup uses. At-rules (media
// queries: print, narrow screens, motion) are left out, the picture being
// none of those. The page's root elements are the picture's HTML part
// (html, body: its type and colours).
func subsetCSS(css string, names map[string]bool) string {
	css = stripComments(css)
	var b strings.Builder
	for i := 0; i < len(css); {
		open := strings.IndexByte(css[i:], '{')
		if open < 0 {
			break
		}
		prelude := strings.TrimSpace(css[i : i+open])
		end := blockEnd(css, i+open)
		body := css[i+open+1 : end]
		i = end + 1
		if strings.HasPrefix(prelude, "@") {
			continue
		}
		var kept []string
		for _, sel := range splitTop(prelude) {
			sel = strings.Join(strings.Fields(sel), " ")
			if sel == "html" || sel == "body" {
				sel = ".picture"
			}
			if selectorUses(sel, names) && !contains(kept, sel) {
				kept = append(kept, sel)
			}
		}
		if len(kept) > 0 {
			b.WriteString(strings.Join(kept, ","))
			b.WriteByte('{')
			b.WriteString(compactDecls(body))
			b.WriteByte('}')
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// stripComments is css without its comments.
func stripComments(css string) string {
	var b strings.Builder
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			b.WriteString(css)
			return b.String()
		}
		b.WriteString(css[:i])
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			return b.String()
		}
		css = css[i+2+j+2:]
	}
}

// blockEnd is the index of the brace that closes the block opened at open.
func blockEnd(css string, open int) int {
	depth := 0
	for i := open; i < len(css); i++ {
		switch css[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(css) - 1
}

// splitTop splits a selector list at its commas, not those inside
// parentheses (:is(a, b)).
func splitTop(list string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, list[from:i])
				from = i + 1
			}
		}
	}
	return append(out, list[from:])
}

// selectorUses reports whether every class and id sel names (outside its
// attribute selectors) is among names.
func selectorUses(sel string, names map[string]bool) bool {
	inAttr := false
	for i := 0; i < len(sel); i++ {
		c := sel[i]
		switch {
		case c == '[':
			inAttr = true
		case c == ']':
			inAttr = false
		case !inAttr && (c == '.' || c == '#'):
			j := i + 1
			for j < len(sel) && (isNameByte(sel[j])) {
				j++
			}
			if j > i+1 && !names[sel[i:j]] {
				return false
			}
			i = j - 1
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// compactDecls is a rule's declarations with their white space squeezed:
// none around ":" and ";", one space elsewhere, strings kept as written.
func compactDecls(body string) string {
	var b strings.Builder
	space := false
	var quote byte
	for i := 0; i < len(body); i++ {
		c := body[i]
		if quote != 0 {
			b.WriteByte(c)
			if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			space = true
			continue
		case '"', '\'':
			quote = c
		}
		if space {
			if n := b.Len(); n > 0 && c != ':' && c != ';' {
				if last := b.String()[n-1]; last != ':' && last != ';' {
					b.WriteByte(' ')
				}
			}
			space = false
		}
		b.WriteByte(c)
	}
	return strings.TrimSuffix(b.String(), ";")
}

// voidElements are HTML's elements without an end tag, each between
// spaces.
const voidElements = " area base br col embed hr img input link meta source track wbr "

// xhtml is go-app's HTML (app.HTMLString) written as XML, for an SVG file:
// an attribute go-app writes bare (a boolean, or an empty value) gets an
// empty value, and an element without an end tag closes itself. go-app
// quotes and escapes every value and text as XML does.
func xhtml(h string) string {
	var b strings.Builder
	b.Grow(len(h) + len(h)/16)
	skipEnd := ""
	for i := 0; i < len(h); {
		if h[i] != '<' {
			j := strings.IndexByte(h[i:], '<')
			if j < 0 {
				j = len(h) - i
			}
			b.WriteString(h[i : i+j])
			i += j
			continue
		}
		end := tagEnd(h, i)
		tag := h[i+1 : end]
		i = end + 1
		if strings.HasPrefix(tag, "/") {
			if tag[1:] == skipEnd {
				skipEnd = ""
				continue
			}
			skipEnd = ""
			b.WriteString("<" + tag + ">")
			continue
		}
		skipEnd = ""
		name, attrs, _ := strings.Cut(tag, " ")
		b.WriteString("<" + name)
		for attrs != "" {
			attrs = strings.TrimLeft(attrs, " ")
			if attrs == "" {
				break
			}
			k := strings.IndexAny(attrs, "= ")
			if k < 0 || attrs[k] == ' ' {
				if k < 0 {
					k = len(attrs)
				}
				b.WriteString(" " + attrs[:k] + `=""`)
				attrs = attrs[k:]
				continue
			}
			// name="value", the value escaped (no quote inside).
			close := strings.IndexByte(attrs[k+2:], '"')
			if close < 0 {
				break
			}
			b.WriteString(" " + attrs[:k+2+close+1])
			attrs = attrs[k+2+close+1:]
		}
		if strings.Contains(voidElements, " "+name+" ") {
			b.WriteString("/>")
			skipEnd = name
			continue
		}
		b.WriteByte('>')
	}
	return b.String()
}

// tagEnd is the index of the ">" that ends the tag starting at i, outside
// its quoted values.
func tagEnd(h string, i int) int {
	quoted := false
	for j := i; j < len(h); j++ {
		switch h[j] {
		case '"':
			quoted = !quoted
		case '>':
			if !quoted {
				return j
			}
		}
	}
	return len(h) - 1
}

// xmlText is s escaped as XML text.
func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
