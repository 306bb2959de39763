//go:build !wasm

package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dlock/web/server"
)

// update writes the README's pictures afresh (go test -run TestTheREADMEOpensWithTheChaptersRun -update .).
var update = flag.Bool("update", false, "write docs/pictures afresh from the code")

// The README opens with the chapter's run as an animated picture, made by
// the project's own code: the committed pictures (docs/pictures, English
// and Japanese) are what the code makes of the chapter's run today. After a
// change to what the page draws, `go test -run
// TestTheREADMEOpensWithTheChaptersRun -update .` writes them afresh.
func TestTheREADMEOpensWithTheChaptersRun(t *testing.T) {
	readme := documents(t)["README.md"]
	lines := strings.Split(readme, "\n")
	first := ""
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) != "" {
			first = l
			break
		}
	}
	if !strings.HasPrefix(first, "![") || !strings.Contains(first, "](docs/pictures/gc-pause.en.svg)") {
		t.Errorf("the README's first line under its title is %q, not the chapter's run as a picture", first)
	}
	pictures, err := server.ChapterPictures("static")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range pictures {
		path := filepath.Join("docs", "pictures", name)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -run TestTheREADMEOpensWithTheChaptersRun -update . writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what the code draws today: go test -run TestTheREADMEOpensWithTheChaptersRun -update . writes it afresh", path)
		}
	}
}
