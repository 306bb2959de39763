//go:build !js

package e2e

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The embed box's snippets in the documentation sites course notes are
// written with, each built by the generator itself from the snippet as the
// page gives it, and opened in Chromium with the demo on another origin.

// docsTools is where make test installs the generators from npm
// (e2e/docs/package.json, pinned by its lock file).
func docsTools(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoRoot, "e2e", "docs")
	for _, tool := range []string{"vitepress", "@mdx-js/mdx"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", tool, "package.json")); err != nil {
			t.Fatalf("%s is not installed (make test runs npm ci in e2e/docs): %v", tool, err)
		}
	}
	return dir
}

// look is a size and a theme the embed box offers ("" leaves its first).
type look struct{ size, theme string }

// snippet reads the embed box's parts for target, in the look asked for,
// from the page at url, as a reader copies them: the box opened, the
// target, size and theme chosen with clicks.
func snippet(t *testing.T, url, target string, l look) []string {
	t.Helper()
	tb := newTab(t)
	tb.open(url)
	eval[bool](tb, `(document.querySelector(".embed-code summary").click(), true)`)
	tb.do(chromedp.Click(chromedp.CSS(`#embed-target-` + target)))
	want := fmt.Sprintf(`(e => e?.dataset.target === %q`, target)
	if l.size != "" {
		tb.do(chromedp.Click(chromedp.CSS(`#embed-size-` + l.size)))
		want += fmt.Sprintf(` && e.dataset.size === %q`, l.size)
	}
	if l.theme != "" {
		tb.do(chromedp.Click(chromedp.CSS(`#embed-theme-` + l.theme)))
		want += fmt.Sprintf(` && e.dataset.theme === %q`, l.theme)
	}
	tb.waitJS(want + `)(document.querySelector('[data-testid="embed-code"]'))`)
	return eval[[]string](tb, `[...document.querySelectorAll('[data-testid="embed-code"]')].map(e => e.textContent)`)
}

// heightProbe records, in the host page, the last height each demo iframe
// posted (by its index among the page's iframes), and every console
// message that speaks of hydration.
const heightProbe = `window.__heights = {}; window.__hydration = [];
addEventListener("message", (e) => {
  if (!e.data || e.data.type !== "dlock:resize") return;
  const i = [...document.getElementsByTagName("iframe")].findIndex((f) => f.contentWindow === e.source);
  window.__heights[i] = e.data.height;
});
for (const level of ["warn", "error", "log", "info"]) {
  const was = console[level];
  console[level] = (...args) => { if (args.some((a) => /hydrat/i.test(String(a)))) window.__hydration.push(level + ": " + args.join(" ")); was.apply(console, args); };
}`

// checkSized opens a host page and checks, at a desktop's and a phone's
// width, that each of its demo iframes (as tall as the snippets made them,
// in the page's order) takes the height its demo posts, and that nothing
// logged an error or a hydration mismatch.
func checkSized(t *testing.T, url string, snippetHeights ...int) {
	t.Helper()
	for _, width := range []int64{1280, 390} {
		tb := newIsolatedTab(t)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: heightProbe}); err != nil {
			t.Fatal(err)
		}
		tb.viewport(width, 900)
		tb.do(chromedp.Navigate(url))
		if n := eval[int](tb, `document.getElementsByTagName("iframe").length`); n != len(snippetHeights) {
			t.Fatalf("%d px: %d iframes, want %d", width, n, len(snippetHeights))
		}
		for i, initial := range snippetHeights {
			// Each is lazy: scrolled to, as a reader would.
			eval[bool](tb, fmt.Sprintf(`(document.getElementsByTagName("iframe")[%d].scrollIntoView(), true)`, i))
			// The iframe follows the last height posted (the demo posts
			// again as it grows); it is not the snippet's.
			sized := fmt.Sprintf(`(() => { const f = document.getElementsByTagName("iframe")[%d]; const h = window.__heights[%d]; return h > 0 && +f.getAttribute("height") === h && Math.abs(f.getBoundingClientRect().height - h) <= 1; })()`, i, i)
			tb.waitJS(sized)
			h := eval[int](tb, fmt.Sprintf(`window.__heights[%d]`, i))
			if h == initial || h < 300 {
				t.Errorf("%d px, iframe %d: the demo posted %d (the snippet's height is %d)", width, i, h, initial)
			}
		}
		if got := eval[[]string](tb, `window.__hydration`); len(got) > 0 {
			t.Errorf("%d px: %s", width, strings.Join(got, "; "))
		}
	}
}

// iframeQueries reads the address of every iframe in a built page: its
// query, and the iframe's height attribute.
func iframeQueries(t *testing.T, page string) (queries []string, heights []string) {
	t.Helper()
	for _, m := range regexp.MustCompile(`<iframe src="([^"]*)"[^>]* height="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		u, err := url.Parse(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		queries, heights = append(queries, u.RawQuery), append(heights, m[2])
	}
	return queries, heights
}

// run runs a command in dir and fails the test with its output if it fails.
func runIn(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// serveDir serves a built site, on an origin of its own.
func serveDir(t *testing.T, dir string) string {
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv.URL
}

// A VitePress 1.6 site (the generator of the book's own site) built from
// the VitePress snippet, pasted as the page gives it: the script in the
// config's head, the iframe in a Markdown page, in Japanese and English.
func TestTheVitePressSnippetSizesTheDemo(t *testing.T) {
	t.Parallel()
	tools := docsTools(t)
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	site := t.TempDir()
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(site, "node_modules")); err != nil {
		t.Fatal(err)
	}
	var config string
	// The English page's demo is the compact one, in the light theme.
	looks := map[string]look{"ja": {}, "en": {"compact", "light"}}
	for _, lang := range []string{"ja", "en"} {
		parts := snippet(t, demo.url("?scenario=heartbeat&step=4&lang="+lang), "vitepress", looks[lang])
		if len(parts) != 2 || !strings.HasPrefix(parts[0], "head: ") || !strings.HasPrefix(parts[1], "<iframe") {
			t.Fatalf("the VitePress snippet is %q", parts)
		}
		if compact := strings.Contains(parts[1], "controls=min&amp;") && strings.Contains(parts[1], `height="560"`) && strings.Contains(parts[1], "theme=light"); compact != (lang == "en") {
			t.Errorf("%s: the snippet's iframe is %s", lang, parts[1])
		}
		config = parts[0]
		page := "# Course notes\n\nThe demo, as the chapter tells it:\n\n" + parts[1] + "\n\nAfter the demo.\n"
		if err := os.WriteFile(filepath.Join(site, lang+".md"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(site, ".vitepress"), 0o755); err != nil {
		t.Fatal(err)
	}
	conf := "import { defineConfig } from 'vitepress'\n\nexport default defineConfig({\n  title: 'Course notes',\n  " + config + "\n})\n"
	if err := os.WriteFile(filepath.Join(site, ".vitepress", "config.mts"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	runIn(t, site, "node", filepath.Join(tools, "node_modules", "vitepress", "bin", "vitepress.js"), "build", ".")
	host := serveDir(t, filepath.Join(site, ".vitepress", "dist"))
	checkSized(t, host+"/ja.html", 760)
	checkSized(t, host+"/en.html", 560)
	// The site's own appearance switch, clicked: the demo's card follows
	// the site into dark and back, with no opaque frame around it (the
	// Japanese page's demo follows the host; the English one keeps light).
	tb := newIsolatedTab(t)
	tb.colorScheme("light")
	tb.viewport(1280, 900)
	tb.do(chromedp.Navigate(host + "/ja.html"))
	tb.waitJS(`+document.querySelector("iframe").getAttribute("height") !== 760`)
	at := eval[[]float64](tb, `(() => { const r = document.querySelector("iframe").getBoundingClientRect(); return [r.left, r.top]; })()`)
	x, y := at[0], at[1]
	waitPixel(tb, "the demo's card, light site", x+16, y+16, lightCard)
	tb.do(chromedp.Click(chromedp.CSS(`.VPNavBar button.VPSwitchAppearance`)))
	tb.waitJS(`document.documentElement.classList.contains("dark")`)
	waitPixel(tb, "the demo's card, dark site", x+16, y+16, darkCard)
	site0 := pixel(tb, x-8, y+16)
	waitPixel(tb, "the demo's corner, dark site", x+1, y+1, site0)
	tb.do(chromedp.Click(chromedp.CSS(`.VPNavBar button.VPSwitchAppearance`)))
	waitPixel(tb, "the demo's card, light again", x+16, y+16, lightCard)
}

// The Docusaurus snippet's page part compiles with MDX 3 (Docusaurus's
// compiler), its attributes as JSX reads them.
func TestTheMDXSnippetCompiles(t *testing.T) {
	t.Parallel()
	tools := docsTools(t)
	parts := snippet(t, siteURL+"?scenario=heartbeat&step=4&lang=en", "docusaurus", look{"compact", "dark"})
	if len(parts) != 2 || !strings.HasPrefix(parts[0], "scripts: ") {
		t.Fatalf("the Docusaurus snippet is %q", parts)
	}
	doc := filepath.Join(t.TempDir(), "notes.mdx")
	if err := os.WriteFile(doc, []byte("# Notes\n\n"+parts[1]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(tools, "compile.mjs")
	cmd := exec.Command("node", script, doc)
	cmd.Dir = tools
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("MDX does not compile the snippet: %v\n%s", err, out)
	}
	// The iframe, with its address decoded and its style an object.
	for _, want := range []string{`"iframe"`, `src: "` + siteURL, `step=4`, `controls=min`, `theme=dark`, `height: "560"`, `border: 0`, `sandbox: "allow-scripts allow-same-origin"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the compiled page lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "&amp;") {
		t.Errorf("the compiled address keeps an escaped &:\n%s", out)
	}
}

// A Hugo site (Debian's hugo) with the shortcode the box gives, used twice
// in a page as the box says, once in each size: embed.js is in the page
// once, each iframe has the address of its own call, and each is sized. A
// page of its own calls it with parameters written by hand: each is
// URL-escaped, and height sizes the iframe.
func TestTheHugoShortcodeSizesTheDemo(t *testing.T) {
	t.Parallel()
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Fatalf("hugo is not installed (Debian: apt-get install hugo; .ci/run installs it): %v", err)
	}
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	full := snippet(t, demo.url("?scenario=heartbeat&step=4&lang=en"), "hugo", look{})
	compact := snippet(t, demo.url("?step=7&fencing=off&lang=ja"), "hugo", look{"compact", "dark"})
	for _, parts := range [][]string{full, compact} {
		if len(parts) != 2 || !strings.HasPrefix(parts[1], "{{< dlock ") || strings.Contains(parts[1], "http") {
			t.Fatalf("the Hugo snippet is %q", parts)
		}
	}
	if want := `{{< dlock scenario="heartbeat" fencing="on" step="4" lang="en" >}}`; full[1] != want {
		t.Errorf("the call is %s, want %s", full[1], want)
	}
	site := t.TempDir()
	files := map[string]string{
		"hugo.toml":                     "baseURL = 'http://localhost/'\ntitle = 'Course notes'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n",
		"layouts/shortcodes/dlock.html": full[0],
		"layouts/_default/single.html":  "<!doctype html><html lang=\"en\"><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
		"layouts/_default/list.html":    "<!doctype html><html lang=\"en\"><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
		"content/notes.md":              "---\ntitle: Notes\n---\n\nThe demo:\n\n" + full[1] + "\n\nThe book's run, compact:\n\n" + compact[1] + "\n\nAfter the demos.\n",
		"content/by-hand.md":            "---\ntitle: By hand\n---\n\n{{< dlock view=\"play\" script=\"A:acquire,A:write:x y&z\" step=2 height=\"500\" title=\"Free play\" >}}\n",
	}
	for name, body := range files {
		p := filepath.Join(site, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runIn(t, site, hugo, "--quiet", "--destination", "public")
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(site, "public", name, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	notes := read("notes")
	if n := strings.Count(notes, `<script src="`+demo.url("embed.js")+`" async></script>`); n != 1 || strings.Count(notes, "<script") != 1 {
		t.Errorf("the page has embed.js %d times (and %d scripts), want once:\n%s", n, strings.Count(notes, "<script"), notes)
	}
	queries, heights := iframeQueries(t, notes)
	if len(queries) != 2 {
		t.Fatalf("%d iframes in the page, want 2:\n%s", len(queries), notes)
	}
	for i, want := range []struct{ query, height string }{
		{"scenario=heartbeat&fencing=on&step=4&lang=en&embed=1", "760"},
		{"fencing=off&step=7&lang=ja&theme=dark&controls=min&embed=1", "560"},
	} {
		if !sameQuery(queries[i], want.query) || heights[i] != want.height {
			t.Errorf("iframe %d: %s, %s px; want %s, %s px", i, queries[i], heights[i], want.query, want.height)
		}
	}
	byHand := read("by-hand")
	queries, heights = iframeQueries(t, byHand)
	if len(queries) != 1 || queries[0] != "script=A%3Aacquire%2CA%3Awrite%3Ax+y%26z&step=2&view=play&embed=1" || heights[0] != "500" ||
		!strings.Contains(byHand, `title="Free play"`) || strings.Count(byHand, "embed.js") != 1 {
		t.Errorf("the call by hand gives %v, %v:\n%s", queries, heights, byHand)
	}
	checkSized(t, serveDir(t, filepath.Join(site, "public"))+"/notes/", 760, 560)
}

// The box's choices of size and theme work from the keyboard, as groups of
// radio buttons do (Tab reaches each group, the arrow keys choose), have
// names in the page's language, and every snippet follows them.
func TestTheEmbedBoxChoosesSizeAndThemeByKeyboard(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang                string
		groups              []string
		compact, dark, auto string
	}{
		{"en", []string{"Where it goes", "Size", "Theme"}, "Compact (the cards and the controls)", "Dark", "Follow the host page"},
		{"ja", []string{"埋め込む先", "大きさ", "配色"}, "コンパクト(カードと操作だけ)", "ダーク", "埋め込み先に合わせる"},
	} {
		tb := newTab(t)
		tb.open(siteURL + "?scenario=heartbeat&step=4&lang=" + c.lang)
		tb.do(chromedp.Click(chromedp.CSS(".embed-code summary")))
		focused := `document.activeElement?.id ?? ""`
		for _, want := range []string{"embed-target-html", "embed-size-full"} {
			tb.key(kb.Tab)
			if got := eval[string](tb, focused); got != want {
				t.Fatalf("%s: Tab went to %q, want %s", c.lang, got, want)
			}
		}
		tb.key(kb.ArrowRight)
		tb.waitJS(`document.querySelector('[data-testid="embed-code"]').dataset.size === "compact"`)
		tb.key(kb.Tab)
		if got := eval[string](tb, focused); got != "embed-theme-auto" {
			t.Fatalf("%s: Tab went to %q, want the theme", c.lang, got)
		}
		tb.key(kb.ArrowRight)
		tb.key(kb.ArrowRight)
		tb.waitJS(`document.querySelector('[data-testid="embed-code"]').dataset.theme === "dark"`)
		code := eval[string](tb, `document.querySelector('[data-testid="embed-code"]').textContent`)
		for _, want := range []string{"controls=min&amp;", "theme=dark", `height="560"`} {
			if !strings.Contains(code, want) {
				t.Errorf("%s: the snippet lacks %s: %s", c.lang, want, code)
			}
		}
		if said := eval[string](tb, `document.querySelector(".embed-code").textContent`); !strings.Contains(said, "560 px") {
			t.Errorf("%s: the box does not say the iframe is 560 px without embed.js", c.lang)
		}
		names := eval[[]string](tb, `[...document.querySelectorAll('.embed-code [role="radiogroup"]')].map(g => document.getElementById(g.getAttribute("aria-labelledby")).textContent)`)
		if strings.Join(names, "|") != strings.Join(c.groups, "|") {
			t.Errorf("%s: the groups are named %q, want %q", c.lang, names, c.groups)
		}
		labels := eval[[]string](tb, `["embed-size-compact", "embed-theme-dark", "embed-theme-auto"].map(id => document.getElementById(id).labels[0].textContent.trim())`)
		if strings.Join(labels, "|") != strings.Join([]string{c.compact, c.dark, c.auto}, "|") {
			t.Errorf("%s: the choices are named %q", c.lang, labels)
		}
		for _, v := range axeCheck(t, tb) {
			t.Errorf("%s, the box open: axe %s (%s): %s at %s", c.lang, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
		}
	}
}
