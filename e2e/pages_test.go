//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

func TestStaticSiteUnderPrefix(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"index.html", "app.js", "app-worker.js", "wasm_exec.js", "embed.js", "embed-example.html", "manifest.webmanifest", "web/app.wasm", "web/dlock.css", "web/icon-192.png", ".nojekyll"} {
		if _, err := os.Stat(filepath.Join(distDir, f)); err != nil {
			t.Errorf("static site lacks %s", f)
		}
	}
	// wasm_exec.js must be the toolchain's, the one app.wasm was built with.
	got, _ := os.ReadFile(filepath.Join(distDir, "wasm_exec.js"))
	want, _ := os.ReadFile(filepath.Join(repoRoot, "static", "web", "wasm_exec.js"))
	if string(got) != string(want) {
		t.Error("dist/wasm_exec.js is not the toolchain's wasm_exec.js")
	}

	tb := newTab(t)
	tb.open(pagesURL + "?fencing=off")
	table := bookHooks(false)
	checkStep(t, tb, table[0], "static step 1")
	for i := 1; i < len(table); i++ {
		tb.key(kb.ArrowRight)
		tb.waitHook("step-counter", strconv.Itoa(i+1))
		checkStep(t, tb, table[i], "static step "+strconv.Itoa(i+1))
	}
	if p := eval[string](tb, `location.pathname`); p != "/dlock/" {
		t.Errorf("path after stepping = %q, want /dlock/", p)
	}
	tb.waitSearch("step=7&fencing=off&lang=ja")
	// Every resource the page loaded came from under the prefix.
	outside := eval[[]string](tb, `performance.getEntriesByType("resource").map(e => new URL(e.name)).filter(u => u.origin === location.origin && !u.pathname.startsWith("/dlock/")).map(u => u.pathname)`)
	if len(outside) > 0 {
		t.Errorf("the static site loaded resources outside its prefix: %v", outside)
	}
}
