package picture

import (
	"math"
	"strings"
	"unicode/utf8"
)

// An SVG file must say how tall its foreignObject is, and nothing lays
// out HTML outside a browser: topOf reckons the height of a picture's
// HTML part from its markup, part by part, as the style sheet lays it out
// (the sizes below are dlock.css's, in CSS pixels at 16 px a rem), with
// the text's width measured by the widest fonts the page's stacks end in
// (DejaVu Sans and DejaVu Sans Mono; Noto Sans CJK for Japanese): a system
// whose fonts are narrower draws the same lines or fewer. A browser test
// holds the reckoning to every run in both languages.

// glyph widths of the printable ASCII characters (from the space), in
// hundredths of an em, rounded up: DejaVu Sans, and its bold.
var (
	sansWidths = [95]uint8{32, 41, 46, 84, 64, 96, 78, 28, 40, 40, 50, 84, 32, 37, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
		34, 34, 84, 84, 84, 54, 100, 69, 69, 70, 78, 64, 58, 78, 76, 30, 30, 66, 56, 87, 75, 79, 61, 79, 70, 64, 62, 74, 69, 99, 69,
		62, 69, 40, 34, 40, 84, 50, 50, 62, 64, 55, 64, 62, 36, 64, 64, 28, 28, 58, 28, 98, 64, 62, 64, 64, 42, 53, 40, 64, 60, 82,
		60, 60, 53, 64, 34, 64, 84}
	boldWidths = [95]uint8{35, 46, 53, 84, 70, 101, 88, 31, 46, 46, 53, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70,
		40, 40, 84, 84, 84, 59, 100, 78, 77, 74, 84, 69, 69, 83, 84, 38, 38, 78, 64, 100, 84, 86, 74, 86, 78, 73, 69, 82, 78, 111,
		78, 73, 73, 46, 37, 46, 84, 50, 50, 68, 72, 60, 72, 68, 44, 72, 72, 35, 35, 67, 35, 105, 72, 69, 72, 72, 50, 60, 48, 72, 66,
		93, 65, 66, 59, 72, 37, 72, 84}
)

// face is a run of text's font: its size in px, and whether it is the
// monospaced stack, bold.
type face struct {
	size       float64
	mono, bold bool
}

// Faces of the picture's parts (dlock.css).
var (
	body     = face{size: 16}
	bodyMono = face{size: 16, mono: true}
)

// lineHeight is the page's line height (1.6) at f's size.
func (f face) lineHeight() float64 { return f.size * 1.6 }

// runeWidth is how wide r is drawn in f, in px.
func (f face) runeWidth(r rune) float64 {
	switch {
	case r >= 0x20 && r < 0x7f && f.mono:
		return 0.603 * f.size
	case r >= 0x20 && r < 0x7f && f.bold:
		return float64(boldWidths[r-0x20]) / 100 * f.size
	case r >= 0x20 && r < 0x7f:
		return float64(sansWidths[r-0x20]) / 100 * f.size
	case f.mono && r != '⟲' && r < 0x2E80:
		return 0.603 * f.size
	}
	if i := strings.IndexRune(symbols, r); i >= 0 {
		return float64(symbolWidths[utf8.RuneCountInString(symbols[:i])]) / 100 * f.size
	}
	// Japanese, and any other symbol: a full em.
	return f.size
}

// symbols are the symbols the catalogue uses, and symbolWidths their
// widths in hundredths of an em: DejaVu Sans's, bold or not, the larger,
// and a tenth more (another system's symbol font may be a little wider),
// at most an em.
const symbols = "·×–—‖“”…←→↺∅⊘△▶▾○⚠✓✗❚⟦⟧⟲"

var symbolWidths = [...]uint8{42, 93, 55, 100, 55, 73, 73, 100, 93, 93, 93, 97, 93, 85, 85, 57, 97, 99, 93, 93, 93, 55, 55, 93}

// width is how wide s is drawn in f, on one line.
func (f face) width(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += f.runeWidth(r)
	}
	return w
}

// wide reports whether r is a character a Japanese line may break around.
func wide(r rune) bool { return r >= 0x2E80 }

// lines is how many lines s takes in f in a box w px wide: broken at
// spaces (a space that ends a line takes no room), and around Japanese
// characters, or with keepAll (word-break: keep-all, which dlock.css sets
// on some Japanese parts) only after Japanese punctuation; a word wider
// than the box is broken where it must (overflow-wrap: anywhere).
func (f face) lines(s string, w float64, keepAll bool) int {
	if strings.TrimSpace(s) == "" {
		return 0
	}
	n, line, space, word := 1, 0.0, 0.0, 0.0
	place := func() {
		if word == 0 {
			return
		}
		if line > 0 && line+space+word > w {
			n++
			line, space = 0, 0
		}
		if line == 0 {
			for word > w {
				n++
				word -= w
			}
		}
		line += space + word
		space, word = 0, 0
	}
	for _, r := range s {
		rw := f.runeWidth(r)
		switch {
		case r == ' ':
			place()
			space += rw
		case wide(r) && !keepAll:
			place()
			word = rw
			place()
		case keepAll && strings.ContainsRune("、。)）」—", r):
			word += rw
			place()
		case keepAll && strings.ContainsRune("(（「", r):
			place()
			word = rw
		default:
			word += rw
		}
	}
	place()
	return n
}

// markup is an element of a picture's HTML part (xhtml's), or a text
// (tag "").
type markup struct {
	tag, class, text string
	kids             []*markup
}

// parseMarkup reads the XML xhtml writes into its elements.
func parseMarkup(x string) *markup {
	root := &markup{}
	stack := []*markup{root}
	for i := 0; i < len(x); {
		top := stack[len(stack)-1]
		if x[i] != '<' {
			j := strings.IndexByte(x[i:], '<')
			if j < 0 {
				j = len(x) - i
			}
			top.kids = append(top.kids, &markup{text: unescapeXML(x[i : i+j])})
			i += j
			continue
		}
		end := tagEnd(x, i)
		tag := x[i+1 : end]
		i = end + 1
		if strings.HasPrefix(tag, "/") {
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		selfClosing := strings.HasSuffix(tag, "/")
		name, attrs, _ := strings.Cut(strings.TrimSuffix(tag, "/"), " ")
		m := &markup{tag: name}
		if _, v, ok := strings.Cut(attrs, `class="`); ok && (strings.HasPrefix(attrs, `class="`) || strings.Contains(attrs, ` class="`)) {
			m.class, _, _ = strings.Cut(v, `"`)
		}
		top.kids = append(top.kids, m)
		if !selfClosing {
			stack = append(stack, m)
		}
	}
	return root
}

// unescapeXML undoes xmlText's and go-app's escapes.
func unescapeXML(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		j := strings.IndexByte(s[max(i, 0):], ';')
		if i < 0 || j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		switch s[i : i+j+1] {
		case "&lt;":
			b.WriteByte('<')
		case "&gt;":
			b.WriteByte('>')
		case "&#34;":
			b.WriteByte('"')
		case "&#39;":
			b.WriteByte('\'')
		case "&amp;":
			b.WriteByte('&')
		default:
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
}

// has reports whether m has the class c.
func (m *markup) has(c string) bool {
	for _, x := range strings.Fields(m.class) {
		if x == c {
			return true
		}
	}
	return false
}

// text is m's text, all of it.
func (m *markup) textContent() string {
	if m.tag == "" {
		return m.text
	}
	var b strings.Builder
	for _, k := range m.kids {
		b.WriteString(k.textContent())
	}
	return b.String()
}

// elems are m's element children.
func (m *markup) elems() []*markup {
	var out []*markup
	for _, k := range m.kids {
		if k.tag != "" {
			out = append(out, k)
		}
	}
	return out
}

// find is the first element under m (m itself included) with class c, or nil.
func (m *markup) find(c string) *markup {
	if m.has(c) {
		return m
	}
	for _, k := range m.elems() {
		if f := k.find(c); f != nil {
			return f
		}
	}
	return nil
}

// reckoner reckons the heights of a picture's HTML parts in one language.
type reckoner struct{ ja bool }

// topOf reckons how tall the picture's HTML part x is drawn,
// Width wide, rounded up, with a little to spare.
func topOf(x string, ja bool) int {
	rk := reckoner{ja: ja}
	root := parseMarkup(x)
	width := float64(Width - 2*pad)
	h := 12.0 // the part's padding above
	for _, part := range root.elems() {
		for _, m := range part.elems() {
			h += rk.part(m, width)
		}
	}
	return int(math.Ceil(h)) + 6
}

// part is how tall one of the HTML part's parts is, margins included.
func (rk reckoner) part(m *markup, w float64) float64 {
	switch {
	case m.has("picture-head"):
		return rk.head(m, w) + 9.6
	case m.has("cards"):
		return rk.cards(m, w)
	case m.has("network-slot"):
		if n := m.find("network"); n != nil {
			return 12 + 2 + 19.2 + rk.boxContent(n, w-2-24)
		}
		return 0
	case m.has("clients"):
		return 12 + 2 + 19.2 + rk.boxContent(m, w-2-24)
	case m.has("action"):
		return 9.6 + 16 + rk.flexRows(m.elems(), w-4-24, 6.4, 9.6)
	}
	return 0
}

// head is the title, beside the counter and the badge.
func (rk reckoner) head(m *markup, w float64) float64 {
	end := 0.0
	if e := m.find("picture-end"); e != nil {
		for i, k := range e.elems() {
			if i > 0 {
				end += 9.6
			}
			end += rk.itemWidth(k)
		}
	}
	title := face{size: 18.4, bold: true}
	h1 := ""
	for _, k := range m.elems() {
		if k.tag == "h1" {
			h1 = k.textContent()
		}
	}
	lines := title.lines(h1, w-end-16, rk.ja)
	return math.Max(float64(lines)*title.lineHeight(), 13.6*1.6+4.8+2)
}

// cards are the cards in two columns, row by row.
func (rk reckoner) cards(m *markup, w float64) float64 {
	col := (w - 12) / 2
	cards := m.elems()
	h := 0.0
	for i := 0; i < len(cards); i += 2 {
		row := rk.card(cards[i], col)
		if i+1 < len(cards) {
			row = math.Max(row, rk.card(cards[i+1], col))
		}
		if i > 0 {
			h += 12
		}
		h += row
	}
	return h
}

// card is one card: its border and padding, and what it holds.
func (rk reckoner) card(m *markup, w float64) float64 {
	return 2 + 24 + rk.boxContent(m, w-2-24)
}

// boxContent is the content of a card, the network's or the clients' box,
// w wide: its heading and each of its blocks, one under the other.
func (rk reckoner) boxContent(m *markup, w float64) float64 {
	h := 0.0
	for _, k := range m.elems() {
		switch {
		case k.tag == "h2":
			h += rk.heading(k, w) + 8
		case k.tag == "dl":
			h += rk.list(k, w)
		case k.has("value-label"):
			h += rk.text(k, face{size: 12.8}, w)
		case k.has("value"):
			h += rk.text(k, face{size: 25.6, mono: true, bold: true}, w) + 8
		case k.tag == "table":
			h += rk.table(k)
		case k.tag == "ul" && m.has("clients"):
			for i, li := range k.elems() {
				if i > 0 {
					h += 5.6
				}
				h += rk.flexRows(li.elems(), w, 4.8, 9.6)
			}
		case k.tag == "ul":
			for _, li := range k.elems() {
				h += rk.text(li, face{size: 13.6, mono: true}, w-17.6)
			}
		default:
			h += rk.text(k, body, w)
		}
	}
	return h
}

// heading is a card's title (bold, 0.95 rem) and its tag, which goes to a
// line of its own where it does not fit beside the title.
func (rk reckoner) heading(m *markup, w float64) float64 {
	f := face{size: 15.2, bold: true}
	title, tag := "", 0.0
	for _, k := range m.kids {
		if k.tag == "span" && k.has("tag") {
			tag = rk.itemWidth(k) + 8
			continue
		}
		title += k.textContent()
	}
	lines := f.lines(title, w, rk.ja)
	if lines == 1 && f.width(title)+tag > w {
		lines++
	}
	return float64(lines) * f.lineHeight()
}

// text is a block of text in f, w wide.
func (rk reckoner) text(m *markup, f face, w float64) float64 {
	return float64(f.lines(m.textContent(), w, false)) * f.lineHeight()
}

// list is a card's terms and values: two columns, the terms as wide as
// the widest, each row as tall as its taller half; the token held twice
// takes a row across both.
func (rk reckoner) list(m *markup, w float64) float64 {
	type row struct{ dt, dd *markup }
	var rows []row
	var walk func(m *markup)
	walk = func(m *markup) {
		for _, k := range m.elems() {
			switch k.tag {
			case "dt":
				rows = append(rows, row{dt: k})
			case "dd":
				if len(rows) > 0 && rows[len(rows)-1].dd == nil && rows[len(rows)-1].dt != nil {
					rows[len(rows)-1].dd = k
				} else {
					rows = append(rows, row{dd: k})
				}
			default:
				walk(k)
			}
		}
	}
	walk(m)
	terms := 0.0
	for _, r := range rows {
		if r.dt != nil {
			terms = math.Max(terms, body.width(r.dt.textContent()))
		}
	}
	values := w - terms - 12
	h := 0.0
	for i, r := range rows {
		if i > 0 {
			h += 3.2
		}
		if r.dt == nil {
			// Across both columns, as its own tag (0.85 rem, bold).
			h += float64(face{size: 13.6, bold: true}.lines(r.dd.textContent(), w-12.8, rk.ja)) * 13.6 * 1.6
			continue
		}
		lines := max(body.lines(r.dt.textContent(), terms, false), bodyMono.lines(r.dd.textContent(), values, rk.ja))
		h += float64(lines) * body.lineHeight()
	}
	return h
}

// table is Redlock's nodes: a caption as wide as the table, over a head
// and a row a node, each cell as wide as its column's widest (its text in
// the monospaced stack, 0.9 rem, and a padding on its right).
func (rk reckoner) table(m *markup) float64 {
	cell := face{size: 14.4, mono: true}
	var caption string
	var cols []float64
	rows := 0
	var walk func(m *markup)
	walk = func(m *markup) {
		for _, k := range m.elems() {
			switch k.tag {
			case "caption":
				caption = k.textContent()
			case "tr":
				rows++
				for i, c := range k.elems() {
					if i == len(cols) {
						cols = append(cols, 0)
					}
					cols[i] = math.Max(cols[i], cell.width(c.textContent())+9.6)
				}
			default:
				walk(k)
			}
		}
	}
	walk(m)
	width := 0.0
	for _, c := range cols {
		width += c
	}
	small := face{size: 12.8}
	h := 8.0 + 4 // its margin above, its caption's below
	h += float64(small.lines(caption, width, false)) * small.lineHeight()
	return h + float64(rows)*(cell.lineHeight()+3.2)
}

// flexRows is a row of items that wraps (the action, a client's line): w
// wide, gap apart across and rowGap down, each item as wide as its text,
// an item wider than the row across a row of its own, in lines.
func (rk reckoner) flexRows(items []*markup, w, rowGap, gap float64) float64 {
	h, line, lineH := 0.0, 0.0, 0.0
	rows := 0
	for _, it := range items {
		if rk.hidden(it) {
			continue
		}
		iw, ih := rk.itemWidth(it), rk.itemHeight(it, w)
		if line > 0 && line+gap+iw > w {
			h += lineH
			rows++
			line, lineH = 0, 0
		}
		if line > 0 {
			line += gap
		}
		line += math.Min(iw, w)
		lineH = math.Max(lineH, ih)
	}
	if line > 0 {
		h += lineH
		rows++
	}
	return h + float64(max(rows-1, 0))*rowGap
}

// hidden reports whether dlock.css hides the item (an empty chip or tag,
// the tag of no result).
func (rk reckoner) hidden(m *markup) bool {
	return (m.has("chip") || m.has("tag")) && strings.TrimSpace(m.textContent()) == "" || m.has("tag-none")
}

// itemFace is the face of an item of a row, and its padding and border
// across.
func (rk reckoner) itemFace(m *markup) (face, float64) {
	switch {
	case m.has("chip"):
		return face{size: 16, mono: true, bold: true}, 14.4
	case m.has("tag"):
		return face{size: 12.8}, 14.4 + 2
	case m.has("badge"):
		// The verdicts in the body's bold, the steps in the monospaced.
		if m.has("badge-running") {
			return face{size: 13.6, mono: true}, 19.2 + 2
		}
		return face{size: 13.6, bold: true}, 19.2 + 2
	case m.has("client-outdated"):
		return face{size: 13.6}, 12.8
	case m.has("client-discipline"):
		return face{size: 12.8}, 0
	case m.has("client-token"), m.has("action-label"), m.has("picture-counter"):
		return bodyMono, 0
	case m.has("client-state"):
		// Bold where the client is paused or crashed.
		return face{size: 16, bold: true}, 0
	}
	return body, 0
}

// itemWidth is how wide an item of a row is drawn, on one line.
func (rk reckoner) itemWidth(m *markup) float64 {
	f, pad := rk.itemFace(m)
	w := f.width(m.textContent()) + pad
	if m.has("chip") {
		w = math.Max(w, 25.6)
	}
	return w
}

// itemHeight is how tall an item of a row is drawn in a row w wide.
func (rk reckoner) itemHeight(m *markup, w float64) float64 {
	f, pad := rk.itemFace(m)
	lines := f.lines(m.textContent(), w-pad, false)
	h := float64(lines) * f.lineHeight()
	if m.has("tag") {
		h += 2
	}
	// The row's own line height holds an item of smaller text.
	return math.Max(h, body.lineHeight())
}
