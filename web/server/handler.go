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
	if p := strings.Trim(prefix, "/"); p != "" {
		h.Resources = app.GitHubPages(p)
	}
	return h
}
