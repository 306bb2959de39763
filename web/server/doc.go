// Package server owns what only the server and the static site need: the
// go-app handler, the frames prerendered for the loader, the loader's
// rules computed from the Go the app runs, and the site as a whole (its
// version, style sheet, policy and files).
//
// It may import every package of the page; nothing imports it but the
// server's main, and app.wasm never links it (its files build only
// outside the browser).
package server
