//go:build !wasm

// Package thirdparty holds the code dlock carries of others (go-app's
// fork in goapp/, a module of its own) and checks it: the fork is go-app
// v10.1.11 as published plus exactly goapp/PATCH.diff. It imports nothing
// of dlock.
package thirdparty

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// goappPatch is the fork's patch, kept beside it: third_party/goapp/PATCH.diff.
const goappPatch = "goapp/PATCH.diff"

// upstreamGoApp returns the directory of go-app v10.1.11 as published,
// from the module cache (downloading it when it is not there).
func upstreamGoApp(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", "github.com/maxence-charriere/go-app/v10@v10.1.11").Output()
	if err != nil {
		t.Fatalf("go mod download: %v", err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		t.Fatalf("go mod download said %s (%v)", out, err)
	}
	return m.Dir
}

// forkFiles lists the fork's files (relative, sorted), without its patch
// and its README.
func forkFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("goapp", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("goapp", path)
		if rel != "PATCH.diff" && rel != "README.md" {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// forkDiff is the unified diff from upstream to the fork, file by file.
func forkDiff(t *testing.T, upstream string) string {
	t.Helper()
	var all bytes.Buffer
	for _, rel := range forkFiles(t) {
		cmd := exec.Command("diff", "-Nu", "--label", "a/"+rel, "--label", "b/"+rel,
			filepath.Join(upstream, rel), filepath.Join("goapp", rel))
		out, err := cmd.Output()
		var exit *exec.ExitError
		if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
			t.Fatalf("diff %s: %v", rel, err)
		}
		all.Write(out)
	}
	return all.String()
}

// The fork of go-app (third_party/goapp, used through go.mod's replace) is
// go-app v10.1.11 as published plus exactly third_party/goapp/PATCH.diff, with its
// tests and code generator left out. After changing the fork, rewrite the
// patch with UPDATE_GOAPP_PATCH=1 go test -run TestGoAppFork ./third_party.
func TestGoAppForkIsUpstreamPlusItsPatch(t *testing.T) {
	upstream := upstreamGoApp(t)
	got := forkDiff(t, upstream)
	if os.Getenv("UPDATE_GOAPP_PATCH") == "1" {
		if err := os.WriteFile(goappPatch, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goappPatch)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("third_party/goapp differs from go-app v10.1.11 by more or less than %s; the difference is:\n%s", goappPatch, got)
	}
	// Nothing of upstream's code is left out but its tests and generator.
	fork := forkFiles(t)
	for _, dir := range []string{"pkg/app", "pkg/errors"} {
		entries, err := os.ReadDir(filepath.Join(upstream, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := dir + "/" + e.Name()
			if e.IsDir() || strings.HasSuffix(name, "_test.go") || !strings.HasSuffix(name, ".go") {
				continue
			}
			if !slices.Contains(fork, name) {
				t.Errorf("the fork leaves out %s", name)
			}
		}
	}
	for _, name := range []string{"go.mod", "go.sum", "LICENSE"} {
		if !slices.Contains(fork, name) {
			t.Errorf("the fork lacks upstream's %s", name)
		}
	}
}

// The fork writes text as html.EscapeString would (node.go no longer
// imports html): a prerendered page is the same bytes it was.
func TestGoAppForkEscapesTextAsHTMLDoes(t *testing.T) {
	for _, s := range []string{"", "plain", `<b>&"it's"</b>`, "A-STALE < B & 'x' > \"y\"", "日本語 &amp; <", "&&<<>>''\"\""} {
		want := "<span>" + html.EscapeString(s) + "</span>"
		if got := app.HTMLString(app.Span().Text(s)); got != want {
			t.Errorf("text %q is written %q, want %q", s, got, want)
		}
	}
}
