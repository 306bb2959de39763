//go:build !wasm

// Command dlock serves the demo on localhost, or writes it as a static site.
//
//	go run .                       serve on http://localhost:8000/ (PORT or -addr override)
//	go run . -pages dist -prefix dlock   write a static site for https://owner.github.io/dlock/
//
// Both need static/web/app.wasm and static/web/wasm_exec.js, which
// `make run` and `make pages` build first.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"dlock/web/server"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const defaultAddr = "localhost:8000"

func main() {
	var (
		addr   = flag.String("addr", "", "address to listen on (default "+defaultAddr+", or localhost:$PORT)")
		static = flag.String("static", "static", "directory holding web/app.wasm, web/wasm_exec.js and the assets")
		pages  = flag.String("pages", "", "write a static site to this directory instead of serving")
		prefix = flag.String("prefix", "", "path prefix of the static site (with -pages), e.g. dlock")
	)
	flag.Parse()
	ui.Routes(state.NewRuns())

	var err error
	if *pages != "" {
		err = writePages(*pages, *prefix, *static)
	} else {
		err = serve(listenAddr(*addr, os.Getenv("PORT")), *static)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "dlock:", err)
		os.Exit(1)
	}
}

// listenAddr picks the address: the -addr flag, else localhost:$PORT, else
// the default.
func listenAddr(flagAddr, port string) string {
	switch {
	case flagAddr != "":
		return flagAddr
	case port != "":
		return net.JoinHostPort("localhost", port)
	}
	return defaultAddr
}

// serve runs the demo until SIGINT or SIGTERM, then shuts down cleanly.
func serve(addr, static string) error {
	h, err := newServer(static)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var sys *os.SyscallError
		if errors.As(err, &sys) {
			err = sys.Err
		}
		return fmt.Errorf("cannot listen on %s: %v (choose another with -addr or PORT)", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("dlock: serving on %s (Ctrl-C stops)\n", siteURL(ln.Addr()))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutting down: %v", err)
	}
	fmt.Println("dlock: stopped")
	return nil
}

// siteURL is the address a person opens.
func siteURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsLoopback() || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// contentSecurityPolicy allows what the page needs and nothing more: its
// own scripts, styles, images and fetches, the one style sheet written into
// the page (by its hash, see styles), and compiling WebAssembly. It
// does not restrict framing: being embedded is the point.
func contentSecurityPolicy(css string) string {
	sum := sha256.Sum256([]byte(css))
	return "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
		"style-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; " +
		"manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'"
}

// embedExamplePolicy is the Content-Security-Policy of the embedding
// example, a host page's own: its one inline script, allowed by its hash,
// the iframe's inline style, and the demo in a frame of this site.
func embedExamplePolicy(page []byte) (string, error) {
	start := bytes.Index(page, []byte("<script>"))
	end := bytes.Index(page, []byte("</script>"))
	if start < 0 || end < start || bytes.Count(page, []byte("<script")) != 1 {
		return "", errors.New("embed-example.html: want exactly one inline <script>")
	}
	sum := sha256.Sum256(page[start+len("<script>") : end])
	return "default-src 'self'; script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; " +
		"style-src 'unsafe-inline'; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'", nil
}

// build is one build of the site for one path prefix: the go-app handler,
// and the loader script dlock serves in place of go-app's.
type build struct {
	static   string // the static directory
	prefix   string // "" or "/dlock"
	version  string
	wasmSize int64
	handler  *app.Handler
	runs     *state.Runs // the runs its frames and the check of a page's address read
	appJS    []byte
	css      string // go-app's app.css and static/web/dlock.css, written into every page
	policy   string // the Content-Security-Policy, which allows that style sheet
	// frames are the default view's prerendered frames the loader steps
	// through before the app runs, by path under the prefix
	// (server.FramesFile).
	frames map[string][]byte
}

// newBuild reads the static directory and prepares the handler and the
// loader for prefix.
func newBuild(static, prefix string) (*build, error) {
	version, err := buildVersion(static)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(filepath.Join(static, "web", "app.wasm"))
	if err != nil {
		return nil, err
	}
	worker, err := os.ReadFile(filepath.Join(static, "app-worker.js"))
	if err != nil {
		return nil, err
	}
	b := &build{static: static, version: version, wasmSize: st.Size(), runs: state.NewRuns()}
	if p := strings.Trim(prefix, "/"); p != "" {
		b.prefix = "/" + p
	}
	own, err := os.ReadFile(filepath.Join(static, "web", "dlock.css"))
	if err != nil {
		return nil, err
	}
	site := server.Site{Prefix: b.prefix, Version: version}
	if site.ThemeColor, site.BackgroundColor, err = server.Colours(string(own)); err != nil {
		return nil, fmt.Errorf("static/web/dlock.css: %w", err)
	}
	b.handler = server.NewHandler(site)
	// The worker's cache is named here, once, for the worker and the
	// loader; the rest of the template is go-app's to fill.
	b.handler.ServiceWorkerTemplate = strings.ReplaceAll(string(worker), "{{.Cache}}", strconv.Quote(b.cacheName()))
	// The download of app.wasm starts with the page, not when the loader
	// runs after it; the loader's fetch picks it up. It yields to the
	// frames of the default view (frames.go), which the page needs first.
	b.handler.RawHeaders = append(b.handler.RawHeaders,
		`<link rel="preload" href="`+b.prefix+`/web/app.wasm" as="fetch" type="application/wasm" crossorigin="anonymous" fetchpriority="low">`)
	b.frames = map[string][]byte{}
	for _, l := range state.Langs {
		for _, embed := range []bool{false, true} {
			path := state.FramesFile(l, embed)
			b.frames[path] = []byte(server.EnhancedFrames(b.runs, b.prefix, l, embed, version))
			b.handler.CacheableResources = append(b.handler.CacheableResources, path)
		}
	}
	if b.appJS, err = b.loader(); err != nil {
		return nil, err
	}
	if b.css, err = b.styles(); err != nil {
		return nil, err
	}
	// go-app writes the sheet into every page it prerenders (StyleText):
	// the first paint waits for no style sheet (about 70 ms sooner on
	// localhost, fresh profiles; a round trip more on a slow link).
	b.handler.StyleText = b.css
	b.policy = contentSecurityPolicy(b.css)
	return b, nil
}

// styles is the page's style sheet: go-app's app.css (which it serves
// itself) followed by static/web/dlock.css, as the page linked them.
func (b *build) styles() (string, error) {
	rec := httptest.NewRecorder()
	b.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.css", nil))
	if rec.Code != http.StatusOK {
		return "", fmt.Errorf("go-app's app.css: HTTP %d", rec.Code)
	}
	own, err := os.ReadFile(filepath.Join(b.static, "web", "dlock.css"))
	if err != nil {
		return "", err
	}
	css := rec.Body.String() + "\n" + string(own)
	if strings.Contains(strings.ToLower(css), "</style") {
		return "", errors.New("a style sheet may not contain </style")
	}
	return css, nil
}

// cacheName names the offline cache of this build, which the service
// worker fills and the loader puts app.wasm in.
func (b *build) cacheName() string { return "dlock-" + b.version }

// loader fills static/app.js for this build: go-app's environment, where
// app.wasm is and how large it is uncompressed, the service worker, and the
// loader's words from the catalogue.
func (b *build) loader() ([]byte, error) {
	tmpl, err := os.ReadFile(filepath.Join(b.static, "app.js"))
	if err != nil {
		return nil, err
	}
	root := b.prefix
	if root == "" {
		root = "/"
	}
	said := map[state.Lang]map[string]string{}
	for _, l := range state.Langs {
		said[l] = map[string]string{}
		for _, k := range []string{"loading", "failed", "sandbox"} {
			said[l][k] = words.T(l, "loader."+k)
		}
	}
	frames := map[string]string{"origin": server.FrameOrigin}
	for _, l := range state.Langs {
		frames[string(l)] = b.prefix + state.FramesFile(l, false)
		frames[string(l)+"-embed"] = b.prefix + state.FramesFile(l, true)
	}
	values := map[string]any{
		"Frames": frames,
		"Env": map[string]string{
			"GOAPP_VERSION":              b.version,
			"GOAPP_STATIC_RESOURCES_URL": b.prefix + "/web",
			"GOAPP_ROOT_PREFIX":          root,
			"GOAPP_INTERNAL_URLS":        "null",
		},
		"Wasm":   map[string]any{"url": b.prefix + "/web/app.wasm", "size": b.wasmSize},
		"Worker": b.prefix + "/app-worker.js",
		"Words":  said,
		"Rules":  server.NewLoaderRules(b.runs),
		"Cache":  b.cacheName(),
	}
	out := string(tmpl)
	for name, v := range values {
		j, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out = strings.ReplaceAll(out, "{{."+name+"}}", string(j))
	}
	if strings.Contains(out, "{{.") {
		return nil, fmt.Errorf("static/app.js has a placeholder dlock does not fill")
	}
	return []byte(out), nil
}

// newServer returns the handler of the local server: the page and go-app's
// resources from the go-app handler, the assets and app.wasm under /web/,
// wasm_exec.js from the toolchain that built app.wasm, and dlock's loader.
func newServer(static string) (http.Handler, error) {
	b, err := newBuild(static, "")
	if err != nil {
		return nil, err
	}
	wasmExec := filepath.Join(static, "web", "wasm_exec.js")
	started := time.Now()

	mux := http.NewServeMux()
	mux.Handle("/web/", http.FileServer(noDirs{http.Dir(static)}))
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, wasmExec)
	})
	mux.HandleFunc("/app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		http.ServeContent(w, r, "app.js", started, bytes.NewReader(b.appJS))
	})
	for path, body := range b.frames {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			http.ServeContent(w, r, path, started, bytes.NewReader(body))
		})
	}
	example, err := os.ReadFile(filepath.Join(static, "embed-example.html"))
	if err != nil {
		return nil, err
	}
	examplePolicy, err := embedExamplePolicy(example)
	if err != nil {
		return nil, err
	}
	mux.HandleFunc("/embed-example.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", examplePolicy)
		http.ServeContent(w, r, "embed-example.html", started, bytes.NewReader(example))
	})
	mux.Handle("/", sized(b.handler))
	return secure(mux, b.policy), nil
}

// secure refuses what the site never serves (other methods, paths that
// climb out of it) and sets the headers every response carries.
func secure(next http.Handler, policy string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if climbs(r) {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		// Public files: a sandboxed embed (an opaque origin) may fetch them.
		h.Set("Access-Control-Allow-Origin", "*")
		// Nothing is fingerprinted, so every file is revalidated (cheaply,
		// by ETag or Last-Modified); app-worker.js above all.
		h.Set("Cache-Control", "no-cache")
		next.ServeHTTP(w, r)
	})
}

// climbs reports a path that tries to leave the site: a ".." segment, in
// any spelling, or a backslash or NUL.
func climbs(r *http.Request) bool {
	raw := r.RequestURI
	if i := strings.IndexByte(raw, '?'); i >= 0 {
		raw = raw[:i]
	}
	for _, p := range []string{r.URL.Path, strings.ToLower(raw)} {
		for _, bad := range []string{"..", "%2e%2e", ".%2e", "%2e.", "\\", "%5c", "\x00", "%00"} {
			if strings.Contains(p, bad) {
				return true
			}
		}
	}
	return false
}

// sized passes go-app's responses through with their length, and answers
// HEAD as GET without the body (go-app writes one for HEAD too).
func sized(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(rec.Body.Len()))
		w.WriteHeader(rec.Code)
		if r.Method != http.MethodHead {
			w.Write(rec.Body.Bytes())
		}
	})
}

// noDirs hides directories, so /web/ lists nothing.
type noDirs struct{ fs http.FileSystem }

func (n noDirs) Open(name string) (http.File, error) {
	f, err := n.fs.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || st.IsDir() {
		f.Close()
		return nil, fs.ErrNotExist
	}
	return f, nil
}

// buildVersion hashes every file browsers download, the assets under
// static/web (app.wasm, wasm_exec.js, styles, icons) and the loader and
// service worker templates: the version changes exactly when one of them
// does. It fails, naming the fix, when the wasm build is missing.
func buildVersion(static string) (string, error) {
	dir := filepath.Join(static, "web")
	for _, need := range []string{"app.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
			return "", fmt.Errorf("%s is missing: run `make run` (or `make build`) to build it", filepath.Join(dir, need))
		}
	}
	names := []string{filepath.Join(static, "app.js"), filepath.Join(static, "app-worker.js")}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	sum := sha256.New()
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s\x00", filepath.ToSlash(strings.TrimPrefix(name, static)))
		_, err = io.Copy(sum, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// writePages writes the static site for prefix into dir: go-app's pages and
// scripts, dlock's loader in place of go-app's app.js, app.wasm and the
// assets under web/, the toolchain's wasm_exec.js, the embedding example,
// and .nojekyll so GitHub Pages serves the files as they are. A static host
// sends no headers of ours, so the page carries its policy in a meta tag.
func writePages(dir, prefix, static string) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty; remove it first (make pages does)", dir)
	}
	b, err := newBuild(static, prefix)
	if err != nil {
		return err
	}
	b.handler.RawHeaders = append(b.handler.RawHeaders,
		`<meta http-equiv="Content-Security-Policy" content="`+b.policy+`">`)
	if err := app.GenerateStaticWebsite(dir, b.handler); err != nil {
		return fmt.Errorf("generating pages: %v", err)
	}
	src := filepath.Join(static, "web")
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		return copyFile(filepath.Join(dir, "web", rel), path)
	})
	if err != nil {
		return err
	}
	for dst, from := range map[string]string{
		"wasm_exec.js":       filepath.Join(src, "wasm_exec.js"),
		"embed-example.html": filepath.Join(static, "embed-example.html"),
	} {
		if err := copyFile(filepath.Join(dir, dst), from); err != nil {
			return err
		}
	}
	files := map[string][]byte{
		filepath.Join(dir, "app.js"):    b.appJS,
		filepath.Join(dir, ".nojekyll"): nil,
	}
	for path, body := range b.frames {
		files[filepath.Join(dir, filepath.FromSlash(path))] = body
	}
	for name, body := range files {
		if err := os.WriteFile(name, body, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("dlock: wrote %s for %s/ (version %s)\n", dir, b.prefix, b.version)
	return nil
}

func copyFile(dst, src string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
