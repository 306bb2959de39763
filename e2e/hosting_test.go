//go:build !js

package e2e

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func repoStatic() string { return filepath.Join(repoRoot, "static") }

func TestStaticSiteWorksOfflineAfterTheFirstVisit(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"dlock", ""} {
		name := "prefix=/" + prefix
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := "/"
			if prefix != "" {
				path = "/" + prefix + "/"
			}
			host := newStaticHost(t, path, dist(t, prefix, repoStatic()), nil)
			tb := newIsolatedTab(t)
			tb.open(host.url("?step=3"))
			checkStep(t, tb, bookHooks(true)[2], "online")
			tb.waitOfflineReady(host.url("web/app.wasm"))

			// The network off, by DevTools for the page and its worker, and
			// by the host, which now drops every connection.
			tb.offline(true)
			host.down.Store(true)
			// A reload, and a new URL on the same site, both without network.
			for _, q := range []string{"?step=3", "?step=6&fencing=off&lang=en"} {
				tb.open(host.url(q))
			}
			checkStep(t, tb, bookHooks(false)[5], "offline")
			tb.key(kb.ArrowRight)
			tb.waitHook("step-counter", "7")
			tb.offline(false)
		})
	}
}

// installedVisit is a first visit to the static site under /dlock/, in a
// profile of its own, once its service worker is activated: a worker is
// activated only once its install, which precaches the site, has finished,
// so every fetch it makes of its own is done by then.
func installedVisit(t *testing.T) (*staticHost, *tab) {
	t.Helper()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	tb := newIsolatedTab(t)
	tb.open(host.url(""))
	tb.waitOfflineReady(host.url("web/app.wasm"))
	tb.waitJS(`navigator.serviceWorker.ready.then(r => r.active && r.active.state === "activated")`)
	return host, tb
}

// A first visit asks the host for each file once, app.wasm and the page
// included: the worker's install takes what it keeps from what the page
// has just loaded. A repeat visit fetches app.wasm no more, and a visit
// offline still has the page.
func TestAFirstVisitFetchesEachFileOnce(t *testing.T) {
	t.Parallel()
	host, tb := installedVisit(t)
	tb.waitJS(fmt.Sprintf(`caches.match(%q).then(r => !!r)`, host.url("")))
	if n := host.wasm.Load(); n != 1 {
		t.Fatalf("the first visit fetched app.wasm %d times, want 1", n)
	}
	if n := host.requests("/dlock/"); n != 1 {
		t.Errorf("the page was fetched %d times, want once", n)
	}
	host.mu.Lock()
	for path, n := range host.asked {
		if n > 1 {
			t.Errorf("a first visit asked for %s %d times", path, n)
		}
	}
	host.mu.Unlock()
	tb.open(host.url("?step=2"))
	if n := host.wasm.Load(); n != 1 {
		t.Errorf("a repeat visit fetched app.wasm again (%d requests)", n)
	}
	host.down.Store(true)
	tb.open(host.url("?step=3"))
	tb.waitHook("step-counter", "3")
}

func TestRedeployOffersAReloadThatRunsTheNewVersion(t *testing.T) {
	t.Parallel()
	v1, v2 := dist(t, "dlock", repoStatic()), dist(t, "dlock", changedStatic(t))
	host := newStaticHost(t, "/dlock/", v1, nil)
	tb := newIsolatedTab(t)
	tb.open(host.url(""))
	tb.waitOfflineReady(host.url("web/app.wasm"))
	oldVersion := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.version`)
	if got := tb.hook("update-prompt"); got != "<missing>" {
		t.Fatal("a first visit offers an update")
	}

	host.dir.Store(&v2) // redeploy
	tb.open(host.url("?step=4"))
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](`!!document.querySelector('[data-testid="update-prompt"]')`, chromedp.WithPollingTimeout(waitLimit))); err != nil {
		// What the workers and caches were, for a failure that is rare.
		state := eval[string](tb, `(async () => {
			const reg = await navigator.serviceWorker.getRegistration();
			const w = (x) => x ? x.state : "none";
			return JSON.stringify({controller: w(navigator.serviceWorker.controller), active: w(reg?.active), waiting: w(reg?.waiting),
				installing: w(reg?.installing), caches: await caches.keys(), pageCache: dlockCache, workerRequests: `+fmt.Sprint(host.requests("/dlock/app-worker.js"))+`});
		})()`)
		t.Fatalf("no update prompt after the redeploy (%v): %s", err, state)
	}
	if v := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.version`); v != oldVersion {
		t.Errorf("before the reload the page runs %s, want the old %s", v, oldVersion)
	}
	tb.click("update-reload")
	tb.waitAcrossNavigation(fmt.Sprintf(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="app"]').dataset.version !== %q`, oldVersion))
	newVersion := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.version`)
	// The new build's loader names its version; the page runs that one.
	if served := fetchText(tb, host.url("app.js")); !strings.Contains(served, `"GOAPP_VERSION":"`+newVersion+`"`) {
		t.Errorf("after one reload the page runs %s, which is not the version the host now serves", newVersion)
	}
	if loaded := eval[string](tb, `goappGetenv("GOAPP_VERSION")`); loaded != newVersion {
		t.Errorf("the page's loader is version %s, its app %s", loaded, newVersion)
	}
	if got := tb.hook("step-counter"); got != "4" {
		t.Errorf("the reload lost the state: step %s", got)
	}
	if got := tb.hook("update-prompt"); got != "<missing>" {
		t.Error("the new version still offers an update")
	}
}

// fetchText fetches a URL from the page (through its service worker).
func fetchText(tb *tab, url string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`fetch(%q, {cache: "no-store"}).then(r => r.text())`, url))
}

func TestWithoutServiceWorkerEverythingButOfflineWorks(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	tb := newIsolatedTab(t)
	tb.open(host.url("?sw=off&step=2"))
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "3")
	if n := eval[int](tb, `navigator.serviceWorker.getRegistrations().then(r => r.length)`); n != 0 {
		t.Errorf("?sw=off registered %d service workers", n)
	}
	// The step is written to the address, and sw=off is kept beside it.
	tb.waitSearch("sw=off&step=3&fencing=on&lang=ja")
}

func TestLoadingBarIsRightWhenTheHostCompresses(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), func(h *staticHost) { h.gzip = true })
	tb := newIsolatedTab(t)
	const record = `window.__progress = [];
		new MutationObserver(() => {
			const p = document.getElementById("dlock-progress");
			if (p && p.dataset.value !== undefined && window.__progress.at(-1) !== +p.dataset.value) window.__progress.push(+p.dataset.value);
		}).observe(document, {subtree: true, attributes: true, childList: true});`
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: record}); err != nil {
		t.Fatal(err)
	}
	// Slow the link so the bar has something to show.
	if err := emulateNetwork(tb.ctx, network.Conditions{Latency: 20, DownloadThroughput: 8 << 20, UploadThroughput: -1}, false); err != nil {
		t.Fatal(err)
	}
	tb.open(host.url(""))
	encoding := eval[string](tb, `performance.getEntriesByType("resource").filter(e => e.name.endsWith("app.wasm")).map(e => e.encodedBodySize + "/" + e.decodedBodySize)[0] || ""`)
	var enc, dec int
	fmt.Sscanf(encoding, "%d/%d", &enc, &dec)
	if enc == 0 || enc >= dec {
		t.Fatalf("app.wasm was not compressed on the wire (%s): the test proves nothing", encoding)
	}
	// The compressed copy is kept for offline use like any other.
	tb.waitOfflineReady(host.url("web/app.wasm"))
	values := eval[[]int](tb, `window.__progress`)
	if len(values) < 3 || values[len(values)-1] != 100 {
		t.Fatalf("progress went %v: want several steps ending at 100", values)
	}
	for i, v := range values {
		if v < 0 || v > 100 || (i > 0 && v < values[i-1]) {
			t.Fatalf("progress went %v: out of range or backwards", values)
		}
	}
	middle := false
	for _, v := range values {
		middle = middle || (v > 0 && v < 100)
	}
	if !middle {
		t.Errorf("progress jumped straight to the end: %v", values)
	}
}

func TestPrerenderedPageShowsTheRequestedStateBeforeTheApp(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	// Keep app.wasm from arriving: what is left is the server's HTML.
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/web/app.wasm", Block: true}},
	}); err != nil {
		t.Fatal(err)
	}
	// Not a state the loader steps through before the app runs
	// (enhance_test.go): the chapter's story under consensus at play's 2×
	// pace, which waits for the app.
	tb.do(chromedp.Navigate(siteURL + "?strategy=consensus&step=7&lang=en&pace=2"))
	tb.waitJS(`document.getElementById("app-wasm-loader-label")?.getAttribute("role") === "alert"`)
	checkStep(t, tb, bookHooks(true)[6], "prerendered")
	if phase := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.phase`); phase != "static" {
		t.Errorf("data-phase %q before the app is live", phase)
	}
	inactive := eval[string](tb, `(() => { const s = getComputedStyle(document.querySelector('[data-testid="btn-first"]')); return s.pointerEvents + " " + s.opacity; })()`)
	if !strings.HasPrefix(inactive, "none ") || strings.HasSuffix(inactive, " 1") {
		t.Errorf("prerendered controls look active: %s", inactive)
	}
	if got := eval[string](tb, `document.querySelector('[data-testid="fencing-switch"]').getAttribute("aria-checked")`); got != "true" {
		t.Errorf("prerendered switch aria-checked %q", got)
	}
	if msg := eval[string](tb, `document.getElementById("app-wasm-loader-label").textContent`); !strings.Contains(msg, "could not start") {
		t.Errorf("a failed load says %q", msg)
	}
	// What a reader sees before (or without) the app is accessible too.
	for _, v := range axeCheck(t, tb) {
		t.Errorf("axe on the prerendered page: %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
	}
	// The page reported the failure it handled, and nothing else.
	tb.mu.Lock()
	tb.errs = nil
	tb.mu.Unlock()
}

func TestEmbedModeShowsOnlyTheDemo(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?embed=1&step=5&lang=en")
	for _, gone := range []string{".views", ".legend", ".keys-help", ".embed-code"} {
		if n := eval[int](tb, `document.querySelectorAll("`+gone+`").length`); n != 0 {
			t.Errorf("embed mode shows %s", gone)
		}
	}
	if bg := eval[string](tb, `getComputedStyle(document.body).backgroundColor`); bg != "rgba(0, 0, 0, 0)" {
		t.Errorf("embed background %s, want transparent", bg)
	}
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "6")
	tb.waitSearch("embed=1&step=6&fencing=on&lang=en")
}

func TestEmbedExampleSizesTheIframe(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	// On a static host (make pages) and on the local server (make run).
	for name, page := range map[string]string{"static": host.url("embed-example.html"), "local": siteURL + "embed-example.html"} {
		t.Run(name, func(t *testing.T) { embedExampleSizesTheIframe(t, page) })
	}
}

func embedExampleSizesTheIframe(t *testing.T, page string) {
	tb := newTab(t)
	tb.do(chromedp.Navigate(page))
	phase := `document.getElementById("dlock").contentDocument?.querySelector('[data-testid="app"]')?.dataset.phase`
	// Before its reader acts, the demo steps its prerendered frames, and
	// is sized all the same.
	tb.waitJS(phase + ` === "enhanced"`)
	tb.waitJS(`document.getElementById("dlock").height !== "760"`)
	fits := `(() => { const f = document.getElementById("dlock"); const h = Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height); return Math.abs(+f.height - h) <= 1; })()`
	tb.waitJS(fits)
	// A real click on ◀ in the demo (it opens at the run's last step): the
	// stepper answers, and the app comes, and is sized as it grows.
	counter := `+document.getElementById("dlock").contentDocument.querySelector('[data-testid="step-counter"]').dataset.value`
	step := eval[int](tb, counter)
	clickInFrameUntil(tb, "#dlock", "btn-prev", fmt.Sprintf(`%s !== %d`, counter, step))
	tb.waitJS(fmt.Sprintf(`%s === %d`, counter, step-1))
	tb.waitJS(phase + ` === "live"`)
	tb.waitJS(fits)
	before := eval[string](tb, `document.getElementById("dlock").height`)
	// Open the transcript inside the demo: it grows, and so does the iframe.
	eval[bool](tb, `(document.getElementById("dlock").contentDocument.querySelector(".transcript summary").click(), true)`)
	tb.waitJS(fmt.Sprintf(`+document.getElementById("dlock").height > %s`, before))
	tb.waitJS(fits)
}

// clickInFrame clicks, as a reader's mouse does, the control testid in the
// same-origin iframe frame, scrolled into view first.
func clickInFrame(tb *tab, frame, testid string) {
	tb.t.Helper()
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => {
	  const f = document.querySelector(%q);
	  const el = f.contentDocument.querySelector('[data-testid=%q]');
	  el.scrollIntoView({block: "center"});
	  const fr = f.getBoundingClientRect(), r = el.getBoundingClientRect();
	  return [fr.left + f.clientLeft + r.left + r.width / 2, fr.top + f.clientTop + r.top + r.height / 2];
	})()`, frame, testid))
	tb.do(chromedp.MouseClickXY(xy[0], xy[1]))
}

// clickInFrameUntil is clickInFrame, again after 5 s while done (a
// JavaScript expression) is not true, up to waitLimit: on a busy machine
// the browser may lose a click in an iframe, which a reader would repeat.
// A click that did something is not repeated.
func clickInFrameUntil(tb *tab, frame, testid, done string) {
	tb.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		clickInFrame(tb, frame, testid)
		_, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](done, chromedp.WithPollingTimeout(5*time.Second)))
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("clicking %s in %s: %s never came: %v", testid, frame, done, err)
		}
	}
}

func TestSandboxedEmbeds(t *testing.T) {
	t.Parallel()
	const hostPage = `<!doctype html><html lang="en"><title>host</title>
<iframe id="f" title="demo" sandbox="%s" src="%s" width="600" height="300"></iframe>
<script>window.__msgs = []; addEventListener("message", (e) => window.__msgs.push(e.data));</script></html>`
	cases := []struct {
		name, sandbox string
		cors          bool
		want          string // the message the demo posts: resize when it runs, error when it cannot
	}{
		{"scripts and same origin", "allow-scripts allow-same-origin", true, "dlock:resize"},
		{"scripts only, host allows CORS", "allow-scripts", true, "dlock:resize"},
		{"scripts only, host without CORS", "allow-scripts", false, "dlock:error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), func(h *staticHost) { h.cors = c.cors })
			host := newStaticHost(t, "/unused/", t.TempDir(), nil)
			host.extra["/host.html"] = fmt.Sprintf(hostPage, c.sandbox, app.url("?embed=1&step=7&fencing=off&lang=en"))
			tb := newIsolatedTab(t)
			tb.do(chromedp.Navigate(host.srv.URL + "/host.html"))
			tb.waitJS(fmt.Sprintf(`window.__msgs.some(m => m && m.type === %q)`, c.want))
			if c.want == "dlock:error" {
				msg := eval[string](tb, `window.__msgs.find(m => m.type === "dlock:error").message`)
				if !strings.Contains(msg, "allow-same-origin") {
					t.Errorf("the error does not name the fix: %q", msg)
				}
				return
			}
			h := eval[int](tb, `window.__msgs.find(m => m.type === "dlock:resize").height`)
			if h < 300 {
				t.Errorf("the demo posted height %d", h)
			}
			// A reader's click in the demo, then a key: the app is fetched,
			// once, and steps. Without allow-same-origin the demo runs in a
			// process of its own, which the browser may not yet route input
			// to on a busy machine: as a reader would, the test clicks again
			// if nothing came of it within a few seconds.
			xy := eval[[]float64](tb, `(() => { const r = document.getElementById("f").getBoundingClientRect(); return [r.left + 8, r.top + 8]; })()`)
			deadline := time.Now().Add(waitLimit)
			for app.requests("/dlock/web/app.wasm") == 0 && time.Now().Before(deadline) {
				tb.do(chromedp.MouseClickXY(xy[0], xy[1]))
				tb.key(kb.ArrowLeft)
				for again := time.Now().Add(5 * time.Second); app.requests("/dlock/web/app.wasm") == 0 && time.Now().Before(again); {
					time.Sleep(100 * time.Millisecond)
				}
			}
			if n := app.requests("/dlock/web/app.wasm"); n != 1 {
				t.Fatalf("app.wasm was asked for %d times after the reader acted, want once", n)
			}
			// Without allow-same-origin the demo runs in a process of its
			// own, which the test reads through its own target.
			if demo := frameTarget(t, tb, "embed=1"); demo != nil {
				demo.waitJS(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live"`)
				demo.waitHook("step-counter", "6")
			}
			if errs := eval[int](tb, `window.__msgs.filter(m => m && m.type === "dlock:error").length`); errs != 0 {
				t.Error("the demo posted an error although it runs")
			}
		})
	}
}

// frameTarget is a tab on the iframe of tb's page whose address holds
// url, where the browser runs that iframe as a target of its own (a
// sandbox without allow-same-origin is isolated); nil where it does not.
func frameTarget(t *testing.T, tb *tab, url string) *tab {
	t.Helper()
	infos, err := chromedp.Targets(tb.ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range infos {
		if info.Type == "iframe" && strings.Contains(info.URL, url) {
			return newTabFor(t, tabTimeout, tb.ctx, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel())
		}
	}
	return nil
}

func TestCopyEmbedCodeGivesTheCurrentState(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=heartbeat&step=4&fencing=off&lang=en")
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "5")
	eval[bool](tb, `(document.querySelector(".embed-code summary").click(), true)`)
	code := eval[string](tb, `document.querySelector('[data-testid="embed-code"]').textContent`)
	src := code[strings.Index(code, `src="`)+5:]
	src = strings.ReplaceAll(src[:strings.Index(src, `"`)], "&amp;", "&")
	if !strings.HasPrefix(src, strings.TrimSuffix(siteURL, "/")+"/?") {
		t.Fatalf("embed src %q is not this site", src)
	}
	if !sameQuery(src[strings.Index(src, "?"):], "scenario=heartbeat&step=5&fencing=off&lang=en&embed=1") {
		t.Errorf("embed src %q is not the current state", src)
	}
	for _, want := range []string{`title="`, `sandbox="allow-scripts allow-same-origin"`, `<script src="` + siteURL + `embed.js" async></script>`} {
		if !strings.Contains(code, want) {
			t.Errorf("embed code lacks %s", want)
		}
	}
	tb.click("copy-embed")
	tb.waitJS(`document.querySelector('[data-testid="copy-status"]').textContent !== ""`)
	status := tb.text("copy-status")
	if status != "Copied." && status != "Selected: press Ctrl+C to copy." {
		t.Errorf("copy status %q", status)
	}
	// The code opens the same state, embedded.
	other := newTab(t)
	other.open(src)
	if got := other.hook("step-counter"); got != "5" {
		t.Errorf("the embedded page opens at step %s", got)
	}
	if n := eval[int](other, `document.querySelectorAll(".views").length`); n != 0 {
		t.Error("the embed code does not open the embed mode")
	}
}

// A browser that refuses the clipboard (the document is not focused, no
// permission) gets the code selected for Ctrl+C, and nothing is thrown (the
// monkey test found the unhandled refusal).
func TestCopyEmbedCodeWhenTheClipboardRefuses(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?lang=en")
	eval[bool](tb, `(Object.defineProperty(navigator, "clipboard", {value: {writeText: () => Promise.reject(new DOMException("Document is not focused.", "NotAllowedError"))}}), true)`)
	eval[bool](tb, `(document.querySelector(".embed-code summary").click(), true)`)
	tb.click("copy-embed")
	tb.waitJS(`document.querySelector('[data-testid="copy-status"]').textContent === "Selected: press Ctrl+C to copy."`)
	if sel := eval[string](tb, `String(getSelection())`); !strings.Contains(sel, "<iframe") {
		t.Errorf("the selection is %q, not the embed code", sel)
	}
}

// The style sheets are written into the page, so its first paint waits for
// no other file; the policy lets exactly them apply, on the local server
// (a header) and on a static host (a meta element): the page is styled
// and the browser reports no refused style.
func TestThePageIsStyledByTheSheetInIt(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	for _, url := range []string{siteURL + "?lang=en", host.url("?lang=en&sw=off")} {
		tb := newTab(t)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__refused = []; document.addEventListener("securitypolicyviolation", (e) => window.__refused.push(e.violatedDirective + " " + e.blockedURI));`,
		}); err != nil {
			t.Fatal(err)
		}
		tb.open(url)
		got := eval[map[string]any](tb, `(() => ({
			sheets: [...document.styleSheets].map(s => s.href || "inline"),
			badgeRadius: getComputedStyle(document.querySelector('[data-testid="outcome-badge"]')).borderRadius,
			bodyMargin: getComputedStyle(document.body).margin,
			refused: window.__refused,
		}))()`)
		if fmt.Sprint(got["sheets"]) != "[inline]" {
			t.Errorf("%s: style sheets %v, want the one in the page", url, got["sheets"])
		}
		if r := fmt.Sprint(got["refused"]); r != "[]" {
			t.Errorf("%s: the policy refused %s", url, r)
		}
		// dlock.css rounds the badge and takes the body's default margin away.
		if got["badgeRadius"] == "0px" || got["bodyMargin"] == "8px" {
			t.Errorf("%s: the page is not styled by dlock.css: badge radius %v, body margin %v", url, got["badgeRadius"], got["bodyMargin"])
		}
	}
}

// The worker keeps what the page uses offline: the book's run, fenced or
// not, in the page's language, from the first visit on, and another run's
// frames once opened; not the other language's or the embed's, which this
// reader never opened, and not the style sheets, which the page carries
// inline.
func TestTheWorkerKeepsWhatThePageUses(t *testing.T) {
	t.Parallel()
	host, tb := installedVisit(t)
	const keys = `caches.keys().then(ks => caches.open(ks[0])).then(c => c.keys()).then(rs => rs.map(r => new URL(r.url).pathname).sort())`
	tb.waitJS(keys + `.then(ps => ps.includes("/dlock/web/frames/ja/demo/gc-pause.lease.html"))`)
	tb.open(host.url("?scenario=heartbeat&strategy=redlock&lang=en"))
	tb.waitJS(keys + `.then(ps => ps.includes("/dlock/web/frames/en/demo/heartbeat.redlock.html"))`)
	paths := eval[[]string](tb, keys)
	for _, want := range []string{"/dlock/", "/dlock/web/frames/ja/demo/gc-pause.lease-fencing.html", "/dlock/web/frames/ja/demo/gc-pause.lease.html"} {
		if !slices.Contains(paths, want) {
			t.Errorf("the offline cache lacks %s: %v", want, paths)
		}
	}
	for _, p := range paths {
		if strings.Contains(p, "-embed/") {
			t.Errorf("the offline cache holds %s, an embed's, which this reader never opened", p)
		}
	}
	// The cached copy of the file the loader streamed is the file.
	cached := eval[string](tb, `caches.keys().then(ks => caches.open(ks[0])).then(c => c.match("/dlock/web/frames/ja/demo/gc-pause.lease-fencing.html")).then(r => r.text())`)
	res, err := http.Get(host.url("web/frames/ja/demo/gc-pause.lease-fencing.html"))
	if err != nil {
		t.Fatal(err)
	}
	served, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if cached != string(served) {
		t.Errorf("the cached frames file (%d bytes) is not the file served (%d bytes)", len(cached), len(served))
	}
	// Each frame after the first is stored as its changes from the one
	// before: the loader puts the copy's back together, all seven.
	if n := eval[int](tb, `caches.keys().then(ks => caches.open(ks[0])).then(c => c.match("/dlock/web/frames/ja/demo/gc-pause.lease-fencing.html")).then(r => r.text()).then(text => dlockFramesReader()(text).frames.length)`); n != 7 {
		t.Errorf("the loader puts %d frames of the cached file back together, want 7", n)
	}
	for _, p := range paths {
		if strings.HasSuffix(p, ".css") {
			t.Errorf("the offline cache holds %s, which the page carries inline", p)
		}
	}
}
