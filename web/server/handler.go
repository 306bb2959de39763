//go:build !wasm

package server

import (
	"errors"
	"strings"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Colours reads the colours of the browser chrome around the page from
// the page's style sheet, where they are defined once: its :root custom
// properties --accent (the theme) and --bg (the background).
func Colours(css string) (theme, background string, err error) {
	_, rest, ok := strings.Cut(css, ":root")
	block, _, closed := strings.Cut(rest, "}")
	_, block, open := strings.Cut(block, "{")
	if !ok || !open || !closed {
		return "", "", errors.New("the style sheet has no :root block")
	}
	props := map[string]string{}
	for _, decl := range strings.Split(block, ";") {
		if name, value, ok := strings.Cut(decl, ":"); ok {
			props[strings.TrimSpace(name)] = strings.TrimSpace(value)
		}
	}
	theme, background = props["--accent"], props["--bg"]
	if theme == "" || background == "" {
		return "", "", errors.New("the style sheet's :root sets no --accent or no --bg")
	}
	return theme, background, nil
}

// newHandler returns the go-app handler that prerenders the page and serves
// go-app's resources (app-worker.js, the manifest) for a site under prefix
// ("" or "/dlock") in build version; theme and background colour the
// browser chrome around the page (see Colours). It references only local
// icons and styles.
func newHandler(prefix, version, theme, background string) *app.Handler {
	h := &app.Handler{
		Name:            "dlock",
		ShortName:       "dlock",
		Title:           words.T(state.Japanese, "page.title"),
		Description:     words.T(state.Japanese, "page.description"),
		Lang:            string(state.Japanese),
		Icon:            app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
		Styles:          []string{"/web/dlock.css"},
		ThemeColor:      theme,
		BackgroundColor: background,
		LoadingLabel:    words.T(state.Japanese, "loader.loading"),
		Version:         version,
	}
	switch p := strings.Trim(prefix, "/"); p {
	case "":
	case Relative:
		h.Resources = relativeResources{}
	default:
		h.Resources = app.GitHubPages(p)
	}
	return h
}

// Relative is the prefix of a site that works under any path, unknown
// when it is built (a SCORM package, which a learning management system
// serves from a directory of its own): its files name each other
// relatively, and the loader reads the page's own path as the site's root
// (static/loader/boot.js). It registers no service worker.
const Relative = "."

// relativeResources resolves the site's paths relatively to its page,
// index.html: the root as the page itself, /web/... as web/....
type relativeResources struct{}

func (relativeResources) Resolve(location string) string {
	switch {
	case location == "" || strings.Contains(location, "://"):
		return location
	case location == "/":
		return "index.html"
	}
	return strings.TrimPrefix(location, "/")
}
