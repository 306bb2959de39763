// Package state owns the page's state: Settings (what the page shows, and
// the address that carries it), the commands that change it (Do, Can, the
// key map) and Runs, the cache of scenarios, scripts and runs it reads.
// The screen is a function of Settings.
//
// It imports core and nothing else of the project, and never go-app or
// syscall/js: the server, the loader's rules and the tests use it without
// a browser.
package state
