//go:build !wasm

package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListenAddrPrefersFlagThenPORT(t *testing.T) {
	cases := []struct{ flag, port, want string }{
		{"", "", "localhost:8000"},
		{"", "9000", "localhost:9000"},
		{":7000", "9000", ":7000"},
		{"127.0.0.1:0", "", "127.0.0.1:0"},
	}
	for _, c := range cases {
		if got := listenAddr(c.flag, c.port); got != c.want {
			t.Errorf("listenAddr(%q, %q) = %q, want %q", c.flag, c.port, got, c.want)
		}
	}
}

func TestSiteURLNamesLoopbackAsLocalhost(t *testing.T) {
	cases := map[string]string{
		"127.0.0.1:8000": "http://localhost:8000/",
		"[::1]:8000":     "http://localhost:8000/",
		"[::]:8000":      "http://localhost:8000/",
		"10.1.2.3:80":    "http://10.1.2.3:80/",
	}
	for addr, want := range cases {
		tcp, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := siteURL(tcp); got != want {
			t.Errorf("siteURL(%s) = %s, want %s", addr, got, want)
		}
	}
}

func writeStatic(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, "web", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBuildVersionFollowsTheFilesBrowsersDownload(t *testing.T) {
	a := writeStatic(t, map[string]string{"app.wasm": "one", "wasm_exec.js": "js", "dlock.css": "css"})
	b := writeStatic(t, map[string]string{"app.wasm": "one", "wasm_exec.js": "js", "dlock.css": "css"})
	c := writeStatic(t, map[string]string{"app.wasm": "two", "wasm_exec.js": "js", "dlock.css": "css"})
	d := writeStatic(t, map[string]string{"app.wasm": "one", "wasm_exec.js": "js", "dlock.css": "css2"})
	va, err := buildVersion(a)
	if err != nil {
		t.Fatal(err)
	}
	vb, _ := buildVersion(b)
	vc, _ := buildVersion(c)
	vd, _ := buildVersion(d)
	if va != vb || va == vc || va == vd || len(va) != 16 {
		t.Errorf("versions: same files %s %s, new wasm %s, new css %s", va, vb, vc, vd)
	}
}

func TestBuildVersionNamesTheMissingBuild(t *testing.T) {
	_, err := buildVersion(writeStatic(t, map[string]string{"wasm_exec.js": "js"}))
	if err == nil || !strings.Contains(err.Error(), "app.wasm is missing") {
		t.Fatalf("err = %v", err)
	}
}

func TestWritePagesRefusesANonEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("x"), 0o644)
	err := writePages(dir, "dlock", writeStatic(t, map[string]string{"app.wasm": "w", "wasm_exec.js": "js"}))
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "keep.txt")); string(b) != "x" {
		t.Fatal("writePages touched the directory")
	}
}
