//go:build wasm

package app

import "syscall/js"

// randomBytes fills b with cryptographically secure random bytes from the
// browser's crypto.getRandomValues (what crypto/rand uses in the browser),
// so that the WebAssembly build does not link crypto/rand and math/big.
func randomBytes(b []byte) error {
	for len(b) > 0 {
		n := min(len(b), 65536) // getRandomValues' limit per call
		a := js.Global().Get("Uint8Array").New(n)
		js.Global().Get("crypto").Call("getRandomValues", a)
		js.CopyBytesToGo(b[:n], a)
		b = b[n:]
	}
	return nil
}
