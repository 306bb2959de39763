//go:build !wasm

package app

import (
	"crypto/rand"
	"io"
)

// randomBytes fills b with cryptographically secure random bytes.
func randomBytes(b []byte) error {
	_, err := io.ReadFull(rand.Reader, b)
	return err
}
