//go:build !js

package e2e

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// staticHost serves a built site as plain files under a prefix, as GitHub
// Pages does (Access-Control-Allow-Origin: *, optionally gzip). It counts
// requests, can switch to another build while running (a redeploy), and can
// serve extra pages, such as a page that embeds the demo.
type staticHost struct {
	prefix string // "/dlock/" or "/"
	dir    atomic.Pointer[string]
	wasm   atomic.Int64 // requests for app.wasm
	// wasmSent: requests for app.wasm answered with its bytes (not a
	// revalidation the browser's copy passed)
	wasmSent atomic.Int64
	all      atomic.Int64 // every request
	down     atomic.Bool  // drop every connection, as a dead network does
	bytes    atomic.Int64 // response bytes sent, headers excluded
	gzip     bool         // compress app.wasm and text (HTML, JS, CSS, JSON), as GitHub Pages does
	cors     bool
	extra    map[string]string // path → HTML
	hold     chan struct{}     // when set, app.wasm is served only once it is closed
	// when set, a frames file is sent up to its first frame, and the rest
	// only once it is closed (a slow link, in two steps)
	holdFrames chan struct{}
	// when set, the file at holdPath (under the prefix) is sent only once
	// holdPathGate is closed
	holdPath     string
	holdPathGate chan struct{}
	// refuse: when set, a request whose path contains it is answered 503
	refuse atomic.Pointer[string]
	srv    *httptest.Server
	mu     sync.Mutex
	asked  map[string]int // path → requests for it
}

// requestsStarting is how many requests asked for a path that starts with
// prefix.
func (h *staticHost) requestsStarting(prefix string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for path, k := range h.asked {
		if strings.HasPrefix(path, prefix) {
			n += k
		}
	}
	return n
}

// requests is how many times path was asked for.
func (h *staticHost) requests(path string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.asked[path]
}

func newStaticHost(t testing.TB, prefix, dir string, configure func(*staticHost)) *staticHost {
	t.Helper()
	h := &staticHost{prefix: prefix, cors: true, extra: map[string]string{}}
	h.dir.Store(&dir)
	if configure != nil {
		configure(h)
	}
	h.srv = httptest.NewServer(h)
	t.Cleanup(h.srv.Close)
	return h
}

// url is the site's address (with its prefix) followed by rest.
func (h *staticHost) url(rest string) string { return h.srv.URL + h.prefix + rest }

// countingWriter counts the body bytes a response sends.
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

// Unwrap lets http.ResponseController flush the response underneath.
func (c countingWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func (c countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n.Add(int64(n))
	return n, err
}

func (h *staticHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.down.Load() {
		w = countingWriter{w, &h.bytes}
	}
	h.all.Add(1)
	h.mu.Lock()
	if h.asked == nil {
		h.asked = map[string]int{}
	}
	h.asked[r.URL.Path]++
	h.mu.Unlock()
	if h.down.Load() {
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	if page, ok := h.extra[r.URL.Path]; ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
		return
	}
	if !strings.HasPrefix(r.URL.Path, h.prefix) {
		http.NotFound(w, r)
		return
	}
	if refuse := h.refuse.Load(); refuse != nil && strings.Contains(r.URL.Path, *refuse) {
		http.Error(w, "refused", http.StatusServiceUnavailable)
		return
	}
	if h.cors {
		w.Header().Set("Access-Control-Allow-Origin", "*")
	}
	// Files may be cached for ten minutes, as GitHub Pages says.
	w.Header().Set("Cache-Control", "max-age=600")
	dir := *h.dir.Load()
	rel := strings.TrimPrefix(r.URL.Path, h.prefix)
	if strings.HasSuffix(rel, "web/app.wasm") {
		h.wasm.Add(1)
		// A revalidation the copy still passes is answered 304, no body.
		if tag, err := contentTag(filepath.Join(dir, rel)); err != nil || r.Header.Get("If-None-Match") != tag {
			h.wasmSent.Add(1)
		}
		if h.hold != nil {
			select {
			case <-h.hold:
			case <-r.Context().Done():
				return
			}
		}
		if h.gzip && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			body, err := compressedFile(filepath.Join(dir, rel))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			// Compressed, it carries its ETag too, as GitHub Pages's do.
			if tag, err := contentTag(filepath.Join(dir, rel)); err == nil {
				w.Header().Set("ETag", tag)
				if r.Header.Get("If-None-Match") == tag {
					w.WriteHeader(http.StatusNotModified)
					return
				}
			}
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write(body)
			return
		}
	}
	if h.holdPathGate != nil && rel == h.holdPath {
		select {
		case <-h.holdPathGate:
		case <-r.Context().Done():
			return
		}
	}
	if h.holdFrames != nil && strings.HasPrefix(rel, "web/frames/") {
		body, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		first := bytes.Index(body, []byte("</template>")) + len("</template>")
		if first < len("</template>") {
			first = len(body)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(body[:first])
		http.NewResponseController(w).Flush()
		select {
		case <-h.holdFrames:
		case <-r.Context().Done():
			return
		}
		w.Write(body[first:])
		return
	}
	// A host validates a cached copy by its content, as GitHub Pages does
	// with its ETags: by modification time alone, two builds written in one
	// second would look the same to a browser revalidating.
	if tag, err := contentTag(filepath.Join(dir, rel)); err == nil {
		w.Header().Set("ETag", tag)
	}
	if h.gzip && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		w = gw
	}
	http.StripPrefix(strings.TrimSuffix(h.prefix, "/"), http.FileServer(http.Dir(dir))).ServeHTTP(w, r)
}

// contentTags holds each file's ETag, by path, size and modification time.
var contentTags sync.Map

// contentTag is a file's ETag: a hash of its content.
func contentTag(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil || st.IsDir() {
		return "", fmt.Errorf("no file %s", path)
	}
	key := fmt.Sprintf("%s|%d|%d", path, st.Size(), st.ModTime().UnixNano())
	if tag, ok := contentTags.Load(key); ok {
		return tag.(string), nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	tag := `"` + hex.EncodeToString(sum[:8]) + `"`
	contentTags.Store(key, tag)
	return tag, nil
}

// compressedFiles holds the files compressedFile compressed, by path, size
// and modification time.
var compressedFiles sync.Map

// compressedFile is a file compressed with gzip -9, once per version of the
// file: a static host such as GitHub Pages keeps the compressed copy, so a
// request does not wait for compression (about 0.9 s for app.wasm).
func compressedFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s|%d|%d", path, st.Size(), st.ModTime().UnixNano())
	if body, ok := compressedFiles.Load(key); ok {
		return body.([]byte), nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	compressedFiles.Store(key, buf.Bytes())
	return buf.Bytes(), nil
}

// gzipWriter compresses a response whose type is text, as a static host
// does for HTML, scripts, style sheets and JSON.
type gzipWriter struct {
	http.ResponseWriter
	zw *gzip.Writer
}

func (g *gzipWriter) WriteHeader(code int) {
	ct := g.Header().Get("Content-Type")
	if code == http.StatusOK && (strings.HasPrefix(ct, "text/") || strings.Contains(ct, "javascript") || strings.Contains(ct, "json")) {
		g.Header().Del("Content-Length")
		g.Header().Set("Content-Encoding", "gzip")
		g.zw, _ = gzip.NewWriterLevel(g.ResponseWriter, gzip.BestCompression)
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if g.zw != nil {
		return g.zw.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

func (g *gzipWriter) close() {
	if g.zw != nil {
		g.zw.Close()
	}
}

var (
	distMu    sync.Mutex
	distBuilt = map[string]string{}
)

// dist builds the static site for prefix from a static directory (the
// repository's, or a changed copy for a redeploy) once per test run.
func dist(t testing.TB, prefix, static string) string {
	t.Helper()
	distMu.Lock()
	defer distMu.Unlock()
	key := prefix + "|" + static
	if dir, ok := distBuilt[key]; ok {
		return dir
	}
	dir := filepath.Join(tmpRoot, fmt.Sprintf("dist-%d", len(distBuilt)))
	if out, err := exec.Command(serverBin, "-static", static, "-pages", dir, "-prefix", prefix).CombinedOutput(); err != nil {
		t.Fatalf("building the site for %q: %v\n%s", prefix, err, out)
	}
	distBuilt[key] = dir
	return dir
}

// changedStatic is a copy of static/ with one asset changed: a new version
// of the site, as a redeploy brings.
func changedStatic(t *testing.T) string {
	t.Helper()
	distMu.Lock()
	defer distMu.Unlock()
	dir := filepath.Join(tmpRoot, "static-v2")
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	if out, err := exec.Command("cp", "-r", filepath.Join(repoRoot, "static"), dir).CombinedOutput(); err != nil {
		t.Fatalf("copying static: %v %s", err, out)
	}
	css := filepath.Join(dir, "web", "dlock.css")
	b, _ := os.ReadFile(css)
	if err := os.WriteFile(css, append(b, []byte("\n/* the next version */\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// newIsolatedTab opens a tab in a new browser context: its own service
// workers, caches and storage, as a first visit has.
func newIsolatedTab(t *testing.T) *tab {
	t.Helper()
	return newTabIn(t, browser, chromedp.WithNewBrowserContext())
}

// offline cuts the tab, and its service worker, off the network.
func (tb *tab) offline(off bool) {
	tb.t.Helper()
	if err := emulateNetwork(tb.ctx, network.Conditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}, true); err != nil {
		tb.t.Fatal(err)
	}
}

// waitOfflineReady waits until a service worker controls the page and the
// offline cache holds app.wasm.
func (tb *tab) waitOfflineReady(wasmURL string) {
	tb.t.Helper()
	tb.waitJS(`!!navigator.serviceWorker.controller`)
	tb.waitJS(fmt.Sprintf(`(async () => !!(await caches.match(%q)))()`, wasmURL))
}

// newBenchServer serves a host for a benchmark and returns its address (the
// server lives as long as the test binary).
func newBenchServer(h *staticHost) string {
	h.srv = httptest.NewServer(h)
	return h.srv.URL
}
