//go:build !wasm

package web

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Site says where and as which build the demo is served.
type Site struct {
	// Prefix is the path the site lives under, without slashes ("dlock"
	// for https://owner.github.io/dlock/); "" for a site at the root.
	Prefix string
	// Version identifies the build (a hash of app.wasm and the assets): a
	// new version makes browsers replace their cached copy.
	Version string
}

// Colours of the browser chrome around the page, matching static/web/dlock.css.
const (
	themeColor      = "#1f4e79"
	backgroundColor = "#fbfaf7"
)

// NewHandler returns the go-app handler that prerenders the page and serves
// go-app's resources (app.js, app-worker.js, the manifest) for site. It
// references only local icons and styles.
func NewHandler(site Site) *app.Handler {
	h := &app.Handler{
		Name:            "dlock",
		ShortName:       "dlock",
		Title:           T(Japanese, "page.title"),
		Description:     T(Japanese, "page.description"),
		Lang:            string(Japanese),
		Icon:            app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
		Styles:          []string{"/web/dlock.css"},
		ThemeColor:      themeColor,
		BackgroundColor: backgroundColor,
		LoadingLabel:    T(Japanese, "loader.loading"),
		Version:         site.Version,
	}
	if p := strings.Trim(site.Prefix, "/"); p != "" {
		h.Resources = app.GitHubPages(p)
	}
	return h
}
