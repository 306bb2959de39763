// Package core is the chapter's distributed lock in pure Go: a lock service
// that grants leases and issues fencing tokens, a resource that checks those
// tokens, clients with their own (possibly stale) view of the lock, scenarios
// written as data, and a deterministic Replay that turns a scenario into the
// frames a viewer steps through, each with the run's verdict so far. Beside
// them: free play's script, which reads and writes a run as text, and the
// search for the shortest run that corrupts.
//
// What the page and the lab build on the model lives in packages of its
// own, on core's exported API alone: core/course (predict mode's questions
// and the exercises), core/recording (a run on real software compared with
// the model's) and core/timeline (a run laid out in time for drawing).
//
// The package knows nothing of pages or people's words: it returns values and
// identifiers, and web/words words them. It imports only the standard
// library (and core/tables in its tests): never syscall/js, go-app or a
// package of the page. It builds and tests natively and under GOOS=js
// GOARCH=wasm.
package core
