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
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	"sort"
	"strings"
	"syscall"
	"time"

	"dlock/web"

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
	web.Routes()

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

// newServer returns the handler of the local server: the page and go-app's
// resources from the go-app handler, the assets and app.wasm under /web/,
// and wasm_exec.js from the toolchain that built app.wasm.
func newServer(static string) (http.Handler, error) {
	version, err := buildVersion(static)
	if err != nil {
		return nil, err
	}
	goapp := web.NewHandler(web.Site{Version: version})
	assets := http.FileServer(noDirs{http.Dir(static)})
	wasmExec := filepath.Join(static, "web", "wasm_exec.js")

	mux := http.NewServeMux()
	mux.Handle("/web/", assets)
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, wasmExec)
	})
	mux.Handle("/", goapp)
	return mux, nil
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

// buildVersion hashes every file under static/web (app.wasm, wasm_exec.js,
// styles, icons): the version changes exactly when what browsers download
// does. It fails, naming the fix, when the wasm build is missing.
func buildVersion(static string) (string, error) {
	dir := filepath.Join(static, "web")
	for _, need := range []string{"app.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
			return "", fmt.Errorf("%s is missing: run `make run` (or `make build`) to build it", filepath.Join(dir, need))
		}
	}
	var names []string
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
		fmt.Fprintf(sum, "%s\x00", filepath.ToSlash(strings.TrimPrefix(name, dir)))
		_, err = io.Copy(sum, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// writePages writes the static site for prefix into dir: go-app's pages and
// scripts, then app.wasm and the assets under web/, the toolchain's
// wasm_exec.js, and .nojekyll so GitHub Pages serves files as they are.
func writePages(dir, prefix, static string) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty; remove it first (make pages does)", dir)
	}
	version, err := buildVersion(static)
	if err != nil {
		return err
	}
	h := web.NewHandler(web.Site{Prefix: prefix, Version: version})
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
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
	if err := copyFile(filepath.Join(dir, "wasm_exec.js"), filepath.Join(src, "wasm_exec.js")); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ".nojekyll"), nil, 0o644); err != nil {
		return err
	}
	fmt.Printf("dlock: wrote %s for %s\n", dir, "/"+strings.Trim(prefix, "/"))
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
