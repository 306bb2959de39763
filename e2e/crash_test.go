//go:build !js

package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var (
	hookedOnce   sync.Once
	hookedStatic string
	hookedErr    error
)

// hookedSite is static/ with app.wasm built with the test hook
// (-tags dlocktest, web/ui/testhook.go), which can force a panic.
func hookedSite(t *testing.T) string {
	t.Helper()
	hookedOnce.Do(func() {
		dir := filepath.Join(tmpRoot, "static-hooked")
		if out, err := exec.Command("cp", "-r", repoStatic(), dir).CombinedOutput(); err != nil {
			hookedErr = fmt.Errorf("copying static: %v %s", err, out)
			return
		}
		if err := buildWasm(filepath.Join(dir, "web", "app.wasm"), "./wasm", "", "dlocktest"); err != nil {
			hookedErr = fmt.Errorf("the hooked app.wasm: %v", err)
			return
		}
		hookedStatic = dir
	})
	if hookedErr != nil {
		t.Fatal(hookedErr)
	}
	return hookedStatic
}

const crashHost = `<!doctype html><html lang="en"><title>host</title>
<iframe id="f" title="demo" src="%s" width="700" height="500"></iframe>
<script>window.__msgs = []; addEventListener("message", (e) => window.__msgs.push(e.data));</script></html>`

// A panic, in Render or in a command, shows a translated error with the
// address and state to report, tells the embedding page, and leaves the
// page usable: back to the default view, it steps again.
func TestAPanicShowsAReportAndThePageRecovers(t *testing.T) {
	t.Parallel()
	for _, where := range []string{"render", "command"} {
		t.Run(where, func(t *testing.T) {
			t.Parallel()
			host := newStaticHost(t, "/dlock/", dist(t, "dlock", hookedSite(t)), nil)
			query := "?scenario=heartbeat&strategy=no-ttl&step=3&lang=en&embed=1"
			host.extra["/host.html"] = fmt.Sprintf(crashHost, host.url(query))
			tb := newTab(t)
			tb.panicsExpected = true
			tb.do(chromedp.Navigate(host.srv.URL + "/host.html"))
			frame := `document.getElementById("f").contentDocument`
			// An embed fetches its app when its reader acts.
			tb.waitJS(frame + `?.querySelector('[data-testid="outcome-badge"]') != null`)
			clickInFrame(tb, "#f", "outcome-badge")
			tb.waitJS(frame + `?.querySelector('[data-testid="app"]')?.dataset.phase === "live"`)
			tb.waitJS(frame + `.documentElement.dataset.testHooks === "on"`)
			eval[bool](tb, frame+`.dispatchEvent(new CustomEvent("dlock:test-panic", {detail: "`+where+`"})) || true`)
			if where == "command" {
				// A real command: the next button click panics in its handler.
				eval[bool](tb, frame+`.querySelector('[data-testid="btn-next"]').click() || true`)
			}
			tb.waitJS(`window.__msgs.some(m => m && m.type === "dlock:error")`)
			tb.waitJS(frame + `.querySelector('[data-testid="crash"]') !== null`)
			report := eval[map[string]string](tb, `(() => { const d = `+frame+`; const t = (id) => d.querySelector('[data-testid="' + id + '"]').textContent;
				return {where: d.querySelector('[data-testid="crash"]').dataset.value, url: t("crash-url"), state: t("crash-state"), title: d.querySelector(".crash h1").textContent}; })()`)
			if !strings.Contains(report["url"], "scenario=heartbeat") || !strings.Contains(report["url"], "step=3") || !strings.Contains(report["url"], "strategy=no-ttl") {
				t.Errorf("the address to report %q does not reproduce the state", report["url"])
			}
			if !strings.Contains(report["state"], "heartbeat") || !strings.Contains(report["state"], "no-ttl") || !strings.Contains(report["state"], "step 3") {
				t.Errorf("the state %q is not the one it happened in", report["state"])
			}
			if report["title"] != "The demo ran into an error." {
				t.Errorf("the error is not in the page's language: %q", report["title"])
			}
			msg := eval[map[string]string](tb, `(() => { const m = window.__msgs.find(m => m.type === "dlock:error"); return {message: m.message, url: m.url}; })()`)
			if msg["url"] != report["url"] || !strings.Contains(msg["message"], "test hook") {
				t.Errorf("the embedding page was told %v", msg)
			}
			// Back to the default view, and it works.
			eval[bool](tb, frame+`.querySelector('[data-testid="crash-reset"]').click() || true`)
			tb.waitJS(frame + `.querySelector('[data-testid="step-counter"]')?.dataset.value === "1"`)
			tb.waitJS(frame + `.location.search.includes("step=1") && !` + frame + `.location.search.includes("heartbeat")`)
			if s := eval[string](tb, frame+`.location.search`); !sameQuery(s, "step=1&fencing=on&lang=en&embed=1") {
				t.Errorf("after the reset the URL is %q", s)
			}
			eval[bool](tb, frame+`.querySelector('[data-testid="btn-next"]').click() || true`)
			tb.waitJS(frame + `.querySelector('[data-testid="step-counter"]')?.dataset.value === "2"`)
		})
	}
}

// The same hook on a page of its own: the keys still work after the reset.
func TestAPanicOnAPageOfItsOwn(t *testing.T) {
	t.Parallel()
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", hookedSite(t)), nil)
	tb := newTab(t)
	tb.panicsExpected = true
	tb.open(host.url("?step=4&lang=ja"))
	tb.waitJS(`document.documentElement.dataset.testHooks === "on"`)
	eval[bool](tb, `document.dispatchEvent(new CustomEvent("dlock:test-panic", {detail: "command"})) || true`)
	tb.key(kb.ArrowRight)
	tb.waitJS(`document.querySelector('[data-testid="crash"]')?.dataset.value === "key"`)
	if title := eval[string](tb, `document.querySelector(".crash h1").textContent`); title != "デモでエラーが起きました。" {
		t.Errorf("the Japanese page says %q", title)
	}
	tb.click("crash-reset")
	tb.waitHook("step-counter", "1")
	tb.key(kb.End)
	tb.waitHook("step-counter", "7")
}
