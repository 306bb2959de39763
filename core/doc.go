// Package core is the chapter's distributed lock in pure Go: a lock service
// that grants leases and issues fencing tokens, a resource that checks those
// tokens, clients with their own (possibly stale) view of the lock, scenarios
// written as data, and a deterministic Replay that turns a scenario into the
// frames a viewer steps through.
//
// The package knows nothing of pages or people's words: it returns values and
// identifiers, and the web package words them. It builds and tests natively
// and under GOOS=js GOARCH=wasm.
package core
