package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Every file or directory of the repository the README names exists: a
// newcomer who opens one finds it. Names of other things (a URL's path, a
// host site's file, an import path, what make builds) are listed apart.
func TestTheREADMEsPathsExist(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	notHere := map[string]string{
		".vitepress/config.mts":         "a host site's file",
		"layouts/shortcodes/dlock.html": "a host site's file",
		"/dlock/":                       "a path prefix",
		"application/wasm":              "a media type",
		"dist/":                         "what make pages writes",
		"e2e/node_modules/":             "what npm installs",
		"dlock/core":                    "an import path",
		"pkg/app":                       "go-app's packages",
		"pkg/errors":                    "go-app's packages",
		"web/app.wasm":                  "a URL's path",
		"web/icon-512.png":              "a URL's path",
		"actions/configure-pages":       "a GitHub action",
	}
	named := 0
	for _, m := range regexp.MustCompile("`([A-Za-z0-9_.][A-Za-z0-9_./-]*/[A-Za-z0-9_./-]*)`").FindAllStringSubmatch(string(readme), -1) {
		p := m[1]
		if _, ok := notHere[p]; ok || strings.Contains(p, "://") {
			continue
		}
		named++
		if _, err := os.Stat(p); err != nil {
			t.Errorf("the README names %s, which is not in the repository", p)
		}
	}
	if named < 20 {
		t.Errorf("the README names only %d paths; is the pattern still right?", named)
	}
}
