//go:build !js

package e2e

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

func TestServerServesToolchainWasmExec(t *testing.T) {
	t.Parallel()
	res, body := get(t, siteURL+"wasm_exec.js")
	want, err := os.ReadFile(filepath.Join(repoRoot, "static", "web", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || body != string(want) {
		t.Fatalf("/wasm_exec.js: status %d, %d bytes; want the toolchain's %d bytes", res.StatusCode, len(body), len(want))
	}
}

func TestServerServesWasmAndHidesDirectories(t *testing.T) {
	t.Parallel()
	res, body := get(t, siteURL+"web/app.wasm")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/wasm" || !strings.HasPrefix(body, "\x00asm") {
		t.Errorf("/web/app.wasm: status %d type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, path := range []string{"web/", "web"} {
		if res, _ := get(t, siteURL+path); res.StatusCode != 404 {
			t.Errorf("/%s: status %d, want 404 (no listing)", path, res.StatusCode)
		}
	}
}

func TestServerPrerendersTheRequestedState(t *testing.T) {
	t.Parallel()
	_, body := get(t, siteURL+"?step=7&fencing=off&lang=en")
	for _, want := range []string{`<html lang="en">`, `href="/web/icon.svg"`} {
		if !strings.Contains(body, want) {
			t.Errorf("prerendered page lacks %s", want)
		}
	}
	// go-app writes attributes in no fixed order: look inside each tag.
	for testid, attr := range map[string]string{
		"outcome-badge": `data-value="destroyed"`,
		"resource-data": `data-value="A-STALE"`,
		"app":           `data-phase="static"`,
	} {
		tag := regexp.MustCompile(`<[^>]*data-testid="` + testid + `"[^>]*>`).FindString(body)
		if !strings.Contains(tag, attr) {
			t.Errorf("prerendered %s is %q, want %s", testid, tag, attr)
		}
	}
	if strings.Contains(body, "raw.githubusercontent.com") {
		t.Error("the page references a remote icon")
	}
}

func TestServerReportsABusyPortInOneLine(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cmd := exec.Command(serverBin, "-static", filepath.Join(repoRoot, "static"), "-addr", ln.Addr().String())
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("server started on a busy port")
	}
	msg := strings.TrimSpace(string(out))
	if strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "address already in use") || strings.Contains(msg, "goroutine") {
		t.Errorf("busy port message is not one clear line:\n%s", msg)
	}
}

// PORT=0 asks for any free port: the server must take it (and say which),
// not fall back to its default 8000. No port is picked by the test and
// handed over, so nothing else can take it in between.
func TestServerUsesPORT(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(serverBin, "-static", filepath.Join(repoRoot, "static"))
	cmd.Env = append(os.Environ(), "PORT=0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer stopServer(cmd)
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`http://localhost:(\d+)/`).FindStringSubmatch(line)
	if m == nil || m[1] == "0" || m[1] == "8000" {
		t.Fatalf("with PORT=0 the server printed %q, want the free port it took", line)
	}
	if res, _ := get(t, m[0]); res.StatusCode != 200 {
		t.Errorf("GET %s = %d", m[0], res.StatusCode)
	}
}

func TestServerStopsCleanlyOnInterrupt(t *testing.T) {
	t.Parallel()
	cmd, url, err := startServer("-addr", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := get(t, url); res.StatusCode != 200 {
		t.Fatalf("GET / = %d", res.StatusCode)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("server exited with %v after Ctrl-C, want status 0", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("server did not stop within 10s of Ctrl-C")
	}
}

func TestServerNamesTheMissingBuild(t *testing.T) {
	t.Parallel()
	empty := t.TempDir()
	out, err := exec.Command(serverBin, "-static", empty, "-addr", "127.0.0.1:0").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "app.wasm is missing") || !strings.Contains(string(out), "make run") {
		t.Fatalf("without app.wasm the server said %q (err %v)", out, err)
	}
}
