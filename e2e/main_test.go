//go:build !js

// Package e2e drives the real demo in headless Chromium: the server built
// from serve.go with the real app.wasm, and the static site written by
// `-pages`, served as plain files under a path prefix.
package e2e

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// installHint is what to do when no browser is found.
const installHint = "apt-get update && apt-get install -y chromium (or set CHROME_PATH to a Chromium binary)"

var (
	repoRoot  string          // the module's directory
	serverBin string          // the dlock server, built from serve.go
	siteURL   string          // the local server, e.g. http://localhost:41234/
	pagesURL  string          // the static site under its prefix, e.g. http://127.0.0.1:41235/dlock/
	distDir   string          // where the static site was written
	tmpRoot   string          // everything the run writes; removed when it ends
	browser   context.Context // one headless Chromium for every test
	chromeBin string
)

// shortWalks are the browser tests of the quick loop (go test -short, make
// check): the book's walk by keyboard, the hand-over from the loader to the
// app, a matrix cell, a run written in free play, the server and the static
// site. make test runs every one.
const shortWalks = "^(TestWalkBookByKeyboard|TestTheAppTakesOverWhereTheReaderIs|TestNoKeyIsLostAtTheTakeover|" +
	"TestMatrixCellOpensThatRun|TestWriteTheBooksRunActionByAction|TestStaticSiteUnderPrefix|TestServer.*)$"

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() && flag.Lookup("test.run").Value.String() == "" {
		flag.Set("test.run", shortWalks)
	}
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		code = 1
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	var err error
	if chromeBin, err = findChrome(); err != nil {
		return 1, err
	}
	if repoRoot, err = filepath.Abs(".."); err != nil {
		return 1, err
	}
	for _, f := range []string{"static/web/app.wasm", "static/web/picture.wasm", "static/web/wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(repoRoot, f)); err != nil {
			return 1, fmt.Errorf("%s is missing: run the browser tests through `make test`, which builds it", f)
		}
	}
	tmp, err := os.MkdirTemp("", "dlock-e2e-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	tmpRoot = tmp

	serverBin = filepath.Join(tmp, "dlock")
	build := exec.Command("go", "build", "-o", serverBin, ".")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		return 1, fmt.Errorf("building the server: %v\n%s", err, out)
	}

	srv, url, err := startServer("-addr", "127.0.0.1:0")
	if err != nil {
		return 1, err
	}
	defer stopServer(srv)
	siteURL = url

	distDir = filepath.Join(tmp, "dist")
	if out, err := exec.Command(serverBin, "-static", filepath.Join(repoRoot, "static"), "-pages", distDir, "-prefix", "dlock").CombinedOutput(); err != nil {
		return 1, fmt.Errorf("writing the static site: %v\n%s", err, out)
	}
	files := http.NewServeMux()
	files.Handle("/dlock/", http.StripPrefix("/dlock/", http.FileServer(http.Dir(distDir))))
	static := httptest.NewServer(files)
	defer static.Close()
	pagesURL = static.URL + "/dlock/"

	userData := filepath.Join(tmp, "profile")
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromeOptions(userData)...)
	defer cancelAlloc()
	var cancelBrowser context.CancelFunc
	browser, cancelBrowser = chromedp.NewContext(allocCtx)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil {
		return 1, fmt.Errorf("starting %s: %v", chromeBin, err)
	}
	code := m.Run()
	if err := writeBenchFigures(); err != nil {
		return 1, fmt.Errorf("writing bench/latest.json: %v", err)
	}
	return code, nil
}

// chromeOptions are the flags headless Chromium needs on this kind of
// machine: no sandbox as root, and no background traffic to hosts it cannot
// reach.
func chromeOptions(userData string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromeBin),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(userData),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1000, 900),
	)
}

// findChrome returns CHROME_PATH if set, else Debian's chromium, else a
// Chromium or Chrome on PATH.
func findChrome() (string, error) {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("CHROME_PATH=%s: %v", p, err)
		}
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("the browser tests need Chromium, and none was found: " + installHint)
}

var servingLine = regexp.MustCompile(`serving on (http://\S+/)`)

// startServer starts the dlock server with args and returns it with the
// address it printed.
func startServer(args ...string) (*exec.Cmd, string, error) {
	cmd := exec.Command(serverBin, append([]string{"-static", filepath.Join(repoRoot, "static")}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
	}()
	select {
	case line := <-lines:
		m := servingLine.FindStringSubmatch(line)
		if m == nil {
			cmd.Process.Kill()
			return nil, "", fmt.Errorf("server printed %q, not its address", line)
		}
		return cmd, m[1], nil
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		return nil, "", fmt.Errorf("server printed no address within 20s; stderr: %s", stderr.String())
	}
}

func stopServer(cmd *exec.Cmd) {
	cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
	}
}
