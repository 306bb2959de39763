//go:build !js

package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// An embed that belongs in the page around it: the page's theme, a
// compact size, and nothing heavy downloaded until its reader acts.

// pixel is the colour the screen shows at (x, y) of the page, as
// "rgb(r, g, b)".
func pixel(tb *tab, x, y float64) string {
	tb.t.Helper()
	shot, err := chromedp.Call(tb.ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatPng,
		Clip:   &page.Viewport{X: x, Y: y, Width: 1, Height: 1, Scale: 1},
	})
	if err != nil {
		tb.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot.Data))
	if err != nil {
		tb.t.Fatal(err)
	}
	r, g, b, _ := img.At(img.Bounds().Min.X, img.Bounds().Min.Y).RGBA()
	return fmt.Sprintf("rgb(%d, %d, %d)", r>>8, g>>8, b>>8)
}

// waitPixel waits up to a second for the screen at (x, y) to show want.
func waitPixel(tb *tab, what string, x, y float64, want string) {
	tb.t.Helper()
	deadline := time.Now().Add(time.Second)
	got := ""
	for {
		if got = pixel(tb, x, y); got == want {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Errorf("%s shows %s, want %s within a second", what, got, want)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The palette's card colours (static/web/dlock.css).
const (
	lightCard = "rgb(255, 255, 255)"
	darkCard  = "rgb(31, 34, 40)"
)

// A plain page that switches its theme at run time as documentation
// generators do (VitePress's html.dark, Docusaurus's data-theme, the
// root's color-scheme): the demo's card follows within a second, both
// ways, and the iframe stays transparent (the page's own background shows
// at the demo's corner, where the card is rounded off).
func TestTheEmbedWearsTheHostsTheme(t *testing.T) {
	t.Parallel()
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	host := newStaticHost(t, "/unused/", t.TempDir(), nil)
	host.extra["/host.html"] = `<!doctype html><html lang="en"><title>Course notes</title>
<style>
body { margin: 0; padding: 40px; background: rgb(250, 250, 240); }
html.dark body, html[data-theme="dark"] body { background: rgb(17, 17, 17); }
iframe { border: 0; width: 640px; display: block; }
</style>
<iframe title="demo" src="` + demo.url("?embed=1&lang=en&step=3") + `" height="700"></iframe>
<script src="` + demo.url("embed.js") + `"></script></html>`
	for _, c := range []struct {
		name       string
		dark, back string // JS that switches the page to dark, and back
		darkPage   string // the page's background in dark
	}{
		{"html.dark", `document.documentElement.classList.add("dark")`, `document.documentElement.classList.remove("dark")`, "rgb(17, 17, 17)"},
		{"data-theme", `document.documentElement.dataset.theme = "dark"`, `document.documentElement.dataset.theme = "light"`, "rgb(17, 17, 17)"},
		// A page dark by its color-scheme alone: the browser paints its
		// canvas dark, behind a body made transparent.
		{"color-scheme", `(document.body.style.background = "transparent", document.documentElement.style.colorScheme = "dark")`,
			`(document.body.style.background = "", document.documentElement.style.colorScheme = "")`, "rgb(18, 18, 18)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newIsolatedTab(t)
			tb.colorScheme("light")
			tb.viewport(800, 900)
			tb.do(chromedp.Navigate(host.srv.URL + "/host.html"))
			tb.waitJS(`+document.querySelector("iframe").getAttribute("height") !== 700`)
			at := eval[[]float64](tb, `(() => { const r = document.querySelector("iframe").getBoundingClientRect(); return [r.left, r.top]; })()`)
			x, y := at[0], at[1]
			waitPixel(tb, "the demo's card, light page", x+16, y+16, lightCard)
			waitPixel(tb, "the demo's corner, light page", x+1, y+1, "rgb(250, 250, 240)")
			eval[any](tb, c.dark)
			if c.name == "color-scheme" {
				// The canvas colour Chromium paints for a dark page.
				c.darkPage = pixel(tb, 5, 5)
			}
			waitPixel(tb, "the demo's card, dark page", x+16, y+16, darkCard)
			waitPixel(tb, "the demo's corner, dark page", x+1, y+1, c.darkPage)
			eval[any](tb, c.back)
			waitPixel(tb, "the demo's card, light again", x+16, y+16, lightCard)
			waitPixel(tb, "the demo's corner, light again", x+1, y+1, "rgb(250, 250, 240)")
		})
	}
}

// theme=dark and theme=light override the reader's system; without
// either, the system decides.
func TestTheThemeInTheAddressOverridesTheSystem(t *testing.T) {
	t.Parallel()
	card := `getComputedStyle(document.querySelector(".frame")).backgroundColor`
	for _, c := range []struct{ system, theme, want string }{
		{"dark", "light", lightCard},
		{"light", "dark", darkCard},
		{"dark", "auto", darkCard},
		{"light", "", lightCard},
	} {
		tb := newTab(t)
		tb.colorScheme(c.system)
		tb.open(siteURL + "?embed=1&lang=en&theme=" + c.theme)
		if got := eval[string](tb, card); got != c.want {
			t.Errorf("system %s, theme=%s: the card is %s, want %s", c.system, c.theme, got, c.want)
		}
	}
	// A theme the page does not know is said, and changes nothing.
	tb := newTab(t)
	tb.colorScheme("light")
	tb.open(siteURL + "?lang=en&theme=purple")
	if got := tb.hook("url-notice"); got != "theme" {
		t.Errorf("theme=purple: the notice names %q", got)
	}
	if got := eval[string](tb, card); got != lightCard {
		t.Errorf("theme=purple: the card is %s", got)
	}
}

// The compact embed (controls=min), in a documentation column of 690 px
// and on a 390-px phone, stepped through by a reader's keys: at most 800
// and 1,100 px tall at every step of the book's run and of
// heartbeat-pause, in both languages; the fencing switch and the step
// controls in one row at 690; no pickers and no timeline.
func TestTheCompactEmbedFitsAColumn(t *testing.T) {
	t.Parallel()
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	for _, c := range []struct {
		width, most int
	}{{690, 800}, {390, 1100}} {
		for _, sc := range []string{"gc-pause", "heartbeat-pause"} {
			for _, lang := range []string{"ja", "en"} {
				name := fmt.Sprintf("%d-%s-%s", c.width, sc, lang)
				path := "/" + name + ".html"
				demo.extra[path] = fmt.Sprintf(`<!doctype html><html lang="en"><title>notes</title>
<style>body { margin: 0; } main { width: %dpx; } iframe { border: 0; width: 100%%; display: block; }</style>
<main><iframe id="f" title="demo" src="%s" height="600"></iframe></main>
<script src="/dlock/embed.js"></script></html>`, c.width, demo.url("?embed=1&controls=min&scenario="+sc+"&lang="+lang))
				t.Run(name, func(t *testing.T) {
					tb := newIsolatedTab(t)
					tb.viewport(int64(c.width), 900)
					tb.do(chromedp.Navigate(demo.srv.URL + path))
					doc := `document.getElementById("f").contentDocument`
					tb.waitJS(doc + `?.querySelector('[data-testid="app"]')?.dataset.phase === "enhanced"`)
					for _, gone := range []string{"#scenario-picker", "#strategy-picker", ".timeline", `[data-testid="btn-advance"]`, `[data-testid="btn-present"]`} {
						if eval[bool](tb, doc+`.querySelector('`+gone+`')?.checkVisibility() ?? false`) {
							t.Errorf("the compact embed shows %s", gone)
						}
					}
					if c.width == 690 {
						row := eval[[]float64](tb, `[...["fencing-switch", "btn-prev", "btn-next", "btn-play"]].map(id => { const r = `+doc+`.querySelector('[data-testid="' + id + '"]').getBoundingClientRect(); return r.top + r.height / 2; })`)
						for _, mid := range row[1:] {
							if d := mid - row[0]; d > 4 || d < -4 {
								t.Errorf("the switch and the step controls are not in one row: their middles at %v", row)
							}
						}
					}
					// Into the demo, as a reader: a click on its title, then keys.
					clickInFrame(tb, "#f", "outcome-badge")
					total := eval[int](tb, `+`+doc+`.querySelector('[data-testid="step-counter"]').dataset.total`)
					fits := `(() => { const f = document.getElementById("f"); const h = Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height); return Math.abs(+f.getAttribute("height") - h) <= 1; })()`
					for step := 1; step <= total; step++ {
						if step > 1 {
							tb.key(kb.ArrowRight)
						}
						tb.waitJS(fmt.Sprintf(`%s.querySelector('[data-testid="step-counter"]').dataset.value === "%d"`, doc, step))
						tb.waitJS(fits)
						if h := eval[int](tb, `+document.getElementById("f").getAttribute("height")`); h > c.most {
							t.Errorf("step %d: the embed is %d px tall, want at most %d", step, h, c.most)
						}
					}
				})
			}
		}
	}
}

// A page with three embeds: no request for app.wasm until a reader acts in
// one of them; then one, for that one. The others keep stepping their
// frames without it. A press of play before the app has come is played
// once it has.
func TestThreeEmbedsFetchTheAppOnlyWhenUsed(t *testing.T) {
	t.Parallel()
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	var frames strings.Builder
	for i, q := range []string{"?embed=1&lang=en", "?embed=1&lang=en&scenario=heartbeat-pause", "?embed=1&lang=en&controls=min&fencing=off"} {
		fmt.Fprintf(&frames, "<p>Part %d.</p><iframe id=\"f%d\" title=\"demo %d\" src=\"%s\" height=\"600\"></iframe>\n", i+1, i+1, i+1, demo.url(q))
	}
	demo.extra["/three.html"] = `<!doctype html><html lang="en"><title>notes</title>
<style>iframe { border: 0; width: 680px; display: block; }</style>
` + frames.String() + `<script src="/dlock/embed.js"></script></html>`
	tb := newIsolatedTab(t)
	tb.viewport(1000, 900)
	tb.do(chromedp.Navigate(demo.srv.URL + "/three.html"))
	phase := func(i int) string {
		return fmt.Sprintf(`document.getElementById("f%d").contentDocument?.querySelector('[data-testid="app"]')?.dataset.phase`, i)
	}
	for i := 1; i <= 3; i++ {
		tb.waitJS(phase(i) + ` === "enhanced"`)
		tb.waitJS(fmt.Sprintf(`+document.getElementById("f%d").getAttribute("height") !== 600`, i))
	}
	time.Sleep(1500 * time.Millisecond) // anything that would come unasked
	if n := demo.wasm.Load(); n != 0 {
		t.Fatalf("app.wasm was asked for %d times before any reader acted", n)
	}
	if n := demo.requests("/dlock/app-worker.js"); n != 0 {
		t.Errorf("the service worker was fetched %d times before any reader acted", n)
	}
	// A reader presses play in the second one, before its app has come.
	clickInFrame(tb, "#f2", "btn-play")
	tb.waitJS(phase(2) + ` === "live"`)
	tb.waitJS(`document.getElementById("f2").contentDocument.querySelector('[data-testid="btn-play"]').dataset.value === "playing"`)
	if n := demo.wasm.Load(); n != 1 {
		t.Errorf("app.wasm was asked for %d times after one reader acted, want 1", n)
	}
	for _, i := range []int{1, 3} {
		if got := eval[string](tb, phase(i)); got != "enhanced" {
			t.Errorf("embed %d is %s, though nobody touched it", i, got)
		}
	}
	// The third, by a key, once the first has kept its copy of app.wasm
	// (the worker it registered is on): it steps at once from its frames,
	// and its app comes from what the browser keeps.
	kept := `caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.match("/dlock/web/app.wasm"))))).then(rs => rs.some(r => !!r))`
	for deadline := time.Now().Add(waitLimit); !eval[bool](tb, kept); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first embed kept no copy of app.wasm")
		}
	}
	clickInFrame(tb, "#f3", "outcome-badge")
	tb.key(kb.ArrowRight)
	tb.waitJS(`document.getElementById("f3").contentDocument.querySelector('[data-testid="step-counter"]').dataset.value === "2"`)
	tb.waitJS(phase(3) + ` === "live"`)
	if n := demo.wasmSent.Load(); n != 1 {
		t.Errorf("app.wasm was sent %d times after a second reader acted, want 1", n)
	}
}

// An iframe off screen when the window narrows is sized again at once, not
// when it is scrolled to: embed.js asks the demos for their height on a
// resize, and the demo answers even where the browser draws nothing.
func TestAnEmbedOffScreenIsSizedWhenTheWindowNarrows(t *testing.T) {
	t.Parallel()
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	demo.extra["/far.html"] = `<!doctype html><html lang="en"><title>notes</title>
<style>body { margin: 0; } iframe { border: 0; width: 100%; display: block; }</style>
<div style="height: 4000px">A long chapter.</div>
<iframe id="f" title="demo" src="` + demo.url("?embed=1&lang=en&step=7") + `" height="600"></iframe>
<script src="/dlock/embed.js"></script></html>`
	tb := newIsolatedTab(t)
	tb.viewport(1280, 800)
	tb.do(chromedp.Navigate(demo.srv.URL + "/far.html"))
	height := `+document.getElementById("f").getAttribute("height")`
	tb.waitJS(height + ` !== 600`)
	wide := eval[int](tb, height)
	tb.viewport(390, 800)
	tb.waitJS(fmt.Sprintf(`%s > %d`, height, wide+100))
	narrow := eval[int](tb, height)
	// Scrolled to, it is the height the demo has at that width.
	eval[any](tb, `document.getElementById("f").scrollIntoView()`)
	time.Sleep(500 * time.Millisecond)
	fits := `(() => { const f = document.getElementById("f"); return Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height); })()`
	if got, want := eval[int](tb, height), eval[int](tb, fits); got != narrow || want != narrow {
		t.Errorf("off screen the iframe became %d px; on screen it is %d, its demo %d", narrow, got, want)
	}
}

// An embed whose address holds a mistake does not wait for its reader:
// only the app can say what was wrong, so it comes at once and says it.
func TestAnEmbedWithAMistakeSaysItAtOnce(t *testing.T) {
	t.Parallel()
	demo := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	demo.extra["/bad.html"] = `<!doctype html><html lang="en"><title>notes</title>
<iframe id="f" title="demo" src="` + demo.url("?embed=1&lang=en&theme=purple&controls=tiny") + `" width="680" height="600"></iframe>
<script src="/dlock/embed.js"></script></html>`
	tb := newIsolatedTab(t)
	tb.do(chromedp.Navigate(demo.srv.URL + "/bad.html"))
	doc := `document.getElementById("f").contentDocument`
	tb.waitJS(doc + `?.querySelector('[data-testid="app"]')?.dataset.phase === "live"`)
	tb.waitJS(doc + `.querySelector('[data-testid="url-notice"]') !== null`)
	said := eval[[]string](tb, `[...`+doc+`.querySelectorAll('[data-testid="url-notice"] li')].map(li => li.dataset.param + ": " + li.textContent)`)
	if len(said) != 2 || !strings.HasPrefix(said[0], "theme: ") || !strings.Contains(said[0], "purple") || !strings.HasPrefix(said[1], "controls: ") {
		t.Errorf("the notice says %q", said)
	}
}
