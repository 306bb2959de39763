//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
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

// snippet reads the embed box's parts for target from the page at url, as a
// reader copies them: the box opened, the target chosen with a click.
func snippet(t *testing.T, url, target string) []string {
	t.Helper()
	tb := newTab(t)
	tb.open(url)
	eval[bool](tb, `(document.querySelector(".embed-code summary").click(), true)`)
	tb.do(chromedp.Click(chromedp.CSS(`#embed-target-` + target)))
	tb.waitJS(fmt.Sprintf(`document.querySelector('[data-testid="embed-code"]')?.dataset.target === %q`, target))
	return eval[[]string](tb, `[...document.querySelectorAll('[data-testid="embed-code"]')].map(e => e.textContent)`)
}

// heightProbe records, in the host page, every height the demo posts and
// every console message that speaks of hydration.
const heightProbe = `window.__heights = []; window.__hydration = [];
addEventListener("message", (e) => { if (e.data && e.data.type === "dlock:resize") window.__heights.push(e.data.height); });
for (const level of ["warn", "error", "log", "info"]) {
  const was = console[level];
  console[level] = (...args) => { if (args.some((a) => /hydrat/i.test(String(a)))) window.__hydration.push(level + ": " + args.join(" ")); was.apply(console, args); };
}`

// checkSized opens a host page and checks, at a desktop's and a phone's
// width, that the demo's iframe takes the height the demo posts, and that
// nothing logged an error or a hydration mismatch.
func checkSized(t *testing.T, url string) {
	t.Helper()
	for _, width := range []int64{1280, 390} {
		tb := newIsolatedTab(t)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: heightProbe}); err != nil {
			t.Fatal(err)
		}
		tb.viewport(width, 900)
		tb.do(chromedp.Navigate(url))
		tb.waitJS(`window.__heights.length > 0`)
		// The iframe follows the last height posted (the demo posts again
		// as it grows); it is not the snippet's 760.
		sized := `(() => { const f = document.querySelector("iframe"); const h = window.__heights[window.__heights.length - 1]; return +f.getAttribute("height") === h && Math.abs(f.getBoundingClientRect().height - h) <= 1; })()`
		tb.waitJS(sized)
		h := eval[int](tb, `window.__heights[window.__heights.length - 1]`)
		if h == 760 || h < 300 {
			t.Errorf("%d px: the demo posted %d", width, h)
		}
		if got := eval[[]string](tb, `window.__hydration`); len(got) > 0 {
			t.Errorf("%d px: %s", width, strings.Join(got, "; "))
		}
	}
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
	for _, lang := range []string{"ja", "en"} {
		parts := snippet(t, demo.url("?scenario=heartbeat&step=4&lang="+lang), "vitepress")
		if len(parts) != 2 || !strings.HasPrefix(parts[0], "head: ") || !strings.HasPrefix(parts[1], "<iframe") {
			t.Fatalf("the VitePress snippet is %q", parts)
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
	for _, lang := range []string{"ja", "en"} {
		checkSized(t, host+"/"+lang+".html")
	}
	// The site's own appearance switch, clicked: the demo's card follows
	// the site into dark and back, with no opaque frame around it.
	tb := newIsolatedTab(t)
	tb.colorScheme("light")
	tb.viewport(1280, 900)
	tb.do(chromedp.Navigate(host + "/en.html"))
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
	parts := snippet(t, siteURL+"?scenario=heartbeat&step=4&lang=en", "docusaurus")
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
	for _, want := range []string{`"iframe"`, `src: "` + siteURL, `step=4`, `border: 0`, `sandbox: "allow-scripts allow-same-origin"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the compiled page lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "&amp;") {
		t.Errorf("the compiled address keeps an escaped &:\n%s", out)
	}
}

// A Hugo site (Debian's hugo) with the shortcode the box gives, used in a
// page as the box says.
func TestTheHugoShortcodeSizesTheDemo(t *testing.T) {
	t.Parallel()
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Fatalf("hugo is not installed (Debian: apt-get install hugo; .ci/run installs it): %v", err)
	}
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	parts := snippet(t, demo.url("?scenario=heartbeat&step=4&lang=en"), "hugo")
	if len(parts) != 2 || !strings.HasPrefix(parts[1], "{{< dlock ") {
		t.Fatalf("the Hugo snippet is %q", parts)
	}
	site := t.TempDir()
	files := map[string]string{
		"hugo.toml":                     "baseURL = 'http://localhost/'\ntitle = 'Course notes'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n",
		"layouts/shortcodes/dlock.html": parts[0],
		"layouts/_default/single.html":  "<!doctype html><html lang=\"en\"><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
		"layouts/_default/list.html":    "<!doctype html><html lang=\"en\"><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
		"content/notes.md":              "---\ntitle: Notes\n---\n\nThe demo:\n\n" + parts[1] + "\n",
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
	checkSized(t, serveDir(t, filepath.Join(site, "public"))+"/notes/")
}
