//go:build !wasm

// Command dlock serves the demo on localhost, or writes it as a static site:
// its flags, its HTTP server and the files it writes. What it serves is
// built by web/server (server.Build).
//
//	go run .                       serve on http://localhost:8000/ (PORT or -addr override)
//	go run . -pages dist -prefix dlock   write a static site for https://owner.github.io/dlock/
//	go run . -pages dist -prefix dlock -url https://owner.github.io/dlock/
//	                               the same, naming its address for links shared (og:url, og:image)
//	go run . -scorm dlock-scorm.zip [-mastery 80] [-scorm-lang ja]
//	                               write the course as a SCORM 1.2 package for a learning management system
//
// Both need static/web/app.wasm and static/web/wasm_exec.js, which
// `make run` and `make pages` build first.
package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"dlock/web/server"
	"dlock/web/state"
	"dlock/web/ui"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const defaultAddr = "localhost:8000"

func main() {
	var (
		addr   = flag.String("addr", "", "address to listen on (default "+defaultAddr+", or localhost:$PORT)")
		static = flag.String("static", "static", "directory holding web/app.wasm, web/wasm_exec.js and the assets")
		pages  = flag.String("pages", "", "write a static site to this directory instead of serving")
		prefix = flag.String("prefix", "", "path prefix of the static site (with -pages), e.g. dlock")
		public = flag.String("url", "", "the site's public address, e.g. https://owner.github.io/dlock/, which the page names\n"+
			"as og:url and og:image for links shared; without it, it names none")
		scorm   = flag.String("scorm", "", "write the course as a SCORM 1.2 package to this zip file instead of serving")
		mastery = flag.Int("mastery", 80, "with -scorm: the score in percent a learner passes at (0 for none: the course is then completed)")
		lang    = flag.String("scorm-lang", "ja", "with -scorm: the course's language, ja or en")
	)
	flag.Parse()
	ui.Routes(state.NewRuns())

	var err error
	switch {
	case *scorm != "":
		err = writeSCORM(*scorm, *static, state.Lang(*lang), *mastery)
	case *pages != "":
		err = writePages(*pages, *prefix, *static, *public)
	default:
		err = serve(listenAddr(*addr, os.Getenv("PORT")), *static, *public)
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
func serve(addr, static, public string) error {
	h, err := newServer(static, public)
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

// newServer returns the handler of the local server: the page and go-app's
// resources from the go-app handler, the assets and app.wasm under /web/,
// wasm_exec.js from the toolchain that built app.wasm, and dlock's loader.
// public is the address it is reached at, if it is known (see
// Site.SetPublicURL): the address it listens on may not be it.
func newServer(static, public string) (http.Handler, error) {
	site, err := server.Build(static, "")
	if err != nil {
		return nil, err
	}
	if public != "" {
		if err := site.SetPublicURL(public); err != nil {
			return nil, err
		}
	}
	wasmExec := filepath.Join(static, "web", "wasm_exec.js")
	started := time.Now()

	mux := http.NewServeMux()
	mux.Handle("/web/", http.FileServer(noDirs{http.Dir(static)}))
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, wasmExec)
	})
	embedJS := filepath.Join(static, "embed.js")
	mux.HandleFunc("/embed.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		http.ServeFile(w, r, embedJS)
	})
	mux.HandleFunc("/app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		http.ServeContent(w, r, "app.js", started, bytes.NewReader(site.AppJS))
	})
	files := http.FileServer(noDirs{http.Dir(static)})
	// A recording's drawing, beside the recordings (the panel "On real
	// software" fetches it); any other file there, as it is.
	mux.HandleFunc("/web/lab/", func(w http.ResponseWriter, r *http.Request) {
		body, ok, err := site.Recording(r.URL.Path)
		switch {
		case err != nil:
			http.Error(w, err.Error(), http.StatusInternalServerError)
		case ok:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			http.ServeContent(w, r, r.URL.Path, started, bytes.NewReader(body))
		default:
			files.ServeHTTP(w, r)
		}
	})
	mux.HandleFunc("/web/words/", func(w http.ResponseWriter, r *http.Request) {
		body, ok := site.Words(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		http.ServeContent(w, r, r.URL.Path, started, bytes.NewReader(body))
	})
	mux.HandleFunc("/web/frames/", func(w http.ResponseWriter, r *http.Request) {
		body, ok := site.Frames(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, r.URL.Path, started, bytes.NewReader(body))
	})
	example, err := os.ReadFile(filepath.Join(static, "embed-example.html"))
	if err != nil {
		return nil, err
	}
	examplePolicy, err := server.EmbedExamplePolicy(example)
	if err != nil {
		return nil, err
	}
	mux.HandleFunc("/embed-example.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", examplePolicy)
		http.ServeContent(w, r, "embed-example.html", started, bytes.NewReader(example))
	})
	mux.Handle("/", sized(site.Handler))
	return secure(mux, site.Policy), nil
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
		var rec server.Captured
		next.ServeHTTP(&rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(rec.Body.Len()))
		w.WriteHeader(cmp.Or(rec.Code, http.StatusOK))
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

// writePages writes the static site for prefix into dir: go-app's pages and
// scripts, dlock's loader in place of go-app's app.js, app.wasm and the
// assets under web/, the toolchain's wasm_exec.js, the embedding example,
// the chapter's run as pictures (pictures/gc-pause.en.svg, .ja.svg), and
// .nojekyll so GitHub Pages serves the files as they are. A static host
// sends no headers of ours, so the page carries its policy in a meta tag.
// public is the site's public address, or "" (see Site.SetPublicURL). It
// registers the page again, as the static site's one page (ui.OnePage).
func writePages(dir, prefix, static, public string) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty; remove it first (make pages does)", dir)
	}
	site, err := server.Build(static, prefix)
	if err != nil {
		return err
	}
	if public != "" {
		if err := site.SetPublicURL(public); err != nil {
			return err
		}
	}
	site.Handler.RawHeaders = append(site.Handler.RawHeaders,
		`<meta http-equiv="Content-Security-Policy" content="`+site.Policy+`">`)
	// The site's one page is drawn once for every address.
	ui.Routes(state.NewRuns(), ui.OnePage())
	if err := app.GenerateStaticWebsite(dir, site.Handler); err != nil {
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
		"embed.js":           filepath.Join(static, "embed.js"),
	} {
		if err := copyFile(filepath.Join(dir, dst), from); err != nil {
			return err
		}
	}
	files := map[string][]byte{
		filepath.Join(dir, "app.js"):    site.PagesAppJS,
		filepath.Join(dir, ".nojekyll"): nil,
	}
	for _, path := range site.FramesPaths() {
		body, _ := site.Frames(path)
		files[filepath.Join(dir, filepath.FromSlash(path))] = body
	}
	for _, path := range site.WordsPaths() {
		body, _ := site.Words(path)
		files[filepath.Join(dir, filepath.FromSlash(path))] = body
	}
	// The chapter's run as pictures, at stable addresses.
	pictures, err := server.ChapterPictures(static)
	if err != nil {
		return err
	}
	for name, body := range pictures {
		files[filepath.Join(dir, server.PicturesDir, name)] = body
	}
	for _, path := range site.RecordingPaths() {
		body, _, err := site.Recording(path)
		if err != nil {
			return err
		}
		files[filepath.Join(dir, filepath.FromSlash(path))] = body
	}
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, body, 0o644); err != nil {
			return err
		}
	}
	at := site.Prefix + "/"
	if public != "" {
		at, _ = server.PublicURL(public, site.Prefix)
	}
	fmt.Printf("dlock: wrote %s for %s (version %s)\n", dir, at, site.Version)
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
