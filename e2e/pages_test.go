//go:build !js

package e2e

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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

	// Built without its public address, the page names none: no og:url,
	// no og:image, nothing that is "https://" and a path.
	index, _ := os.ReadFile(filepath.Join(distDir, "index.html"))
	for _, bad := range []string{"og:url", "og:image", "https:///", `content="https://"`} {
		if strings.Contains(string(index), bad) {
			t.Errorf("index.html, built without its address, has %s", bad)
		}
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

// make pages URL=… names the site's address as og:url, and its large
// icon, a file the site serves, as og:image; so does the local server when
// it is told its address.
func TestStaticSiteNamesItsAddress(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "dist")
	if out, err := exec.Command(serverBin, "-static", repoStatic(), "-pages", dir, "-prefix", "dlock", "-url", "https://owner.github.io/dlock").CombinedOutput(); err != nil {
		t.Fatalf("building the site: %v\n%s", err, out)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	og := map[string]string{}
	for _, m := range regexp.MustCompile(`<meta property="(og:[a-z]+)" content="([^"]*)">`).FindAllStringSubmatch(string(index), -1) {
		og[m[1]] = m[2]
	}
	if og["og:url"] != "https://owner.github.io/dlock/" || !strings.HasPrefix(og["og:image"], "https://owner.github.io/dlock/") || strings.Contains(string(index), "https:///") {
		t.Fatalf("og:url %q, og:image %q", og["og:url"], og["og:image"])
	}
	// The image is served where the address says, as a PNG.
	host := newStaticHost(t, "/dlock/", dir, nil)
	res, err := http.Get(host.url(strings.TrimPrefix(og["og:image"], "https://owner.github.io/dlock/")))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
		t.Errorf("og:image %s is served as %d %s", og["og:image"], res.StatusCode, res.Header.Get("Content-Type"))
	}
	// The local server, not told its address, names none.
	res, err = http.Get(siteURL + "?lang=en")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, bad := range []string{"og:url", "og:image", "https:///", `content="https://"`} {
		if strings.Contains(string(page), bad) {
			t.Errorf("the local server's page has %s", bad)
		}
	}
}
