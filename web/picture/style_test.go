package picture

import "testing"

// The style sheet's rules a picture carries are those its markup can use,
// and the page's body's type becomes the picture's.
func TestSubsetCSSKeepsTheRulesThePictureUses(t *testing.T) {
	css := `/* a */ :root { --x: 1; } html, body { color: red; }
.a .b, .c { margin: 0 1px; } .d:is(.a, .e) { x: y; } @media print { .a { z: 1; } }
.a::after { content: " ⚠ : b"; } [data-x="a.b"] { q: r; } #i { s: t; }`
	got := subsetCSS(css, map[string]bool{".a": true, ".b": true, "#i": true, ".picture": true})
	want := `:root{--x:1}.picture{color:red}.a .b{margin:0 1px}.a::after{content:" ⚠ : b"}[data-x="a.b"]{q:r}#i{s:t}`
	if got != want {
		t.Errorf("subsetCSS =\n%s\nwant\n%s", got, want)
	}
}

// go-app's HTML becomes XML: bare attributes get a value, void elements
// close themselves.
func TestXHTMLIsWellFormed(t *testing.T) {
	got := xhtml(`<p class="a" hidden data-x><br><input value="x&#34;"></input>a &lt; b</p>`)
	want := `<p class="a" hidden="" data-x=""><br/><input value="x&#34;"/>a &lt; b</p>`
	if got != want {
		t.Errorf("xhtml =\n%s\nwant\n%s", got, want)
	}
}

// The reckoning of text: a line breaks at spaces, Japanese anywhere, and a
// word wider than its box across several lines.
func TestLinesBreakAsTheBrowserDoes(t *testing.T) {
	mono := face{size: 10, mono: true} // 6.03 px a character
	for _, c := range []struct {
		s       string
		w       float64
		keepAll bool
		want    int
	}{
		{"", 100, false, 0},
		{"abc def", 100, false, 1},
		{"abcdefghij klmnop", 70, false, 2},          // 60 + 36: the second word goes down
		{"abcdefghijklmnopqrstuvwxyz", 61, false, 3}, // 157 px broken anywhere
		{"ロックサービス", 35, false, 3},                    // 7 characters, 3 a line
		{"ロック、サービス", 45, true, 2},                    // keep-all: after the comma only
	} {
		if got := mono.lines(c.s, c.w, c.keepAll); got != c.want {
			t.Errorf("lines(%q, %v, %v) = %d, want %d", c.s, c.w, c.keepAll, got, c.want)
		}
	}
}
