//go:build wasm

package app

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"testing"
)

// The browser's AES-GCM must open what Go's crypto/cipher sealed, and seal
// what it opens: crypto.go's format on both sides. Run under Node, whose Web
// Crypto is the browser's API:
// GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run AESGCM .

const testKey = "0123456789abcdef0123456789abcdef" // a device ID without its dashes: 32 bytes, AES-256

func goGCM(t *testing.T, key string) cipher.AEAD {
	c, err := aes.NewCipher([]byte(key))
	if err != nil {
		t.Fatal(err)
	}
	gcm, err := cipher.NewGCM(c)
	if err != nil {
		t.Fatal(err)
	}
	return gcm
}

func TestWebAESGCMSealsWhatGoOpens(t *testing.T) {
	plain := []byte(`{"token":34,"holder":"client-1"}`)
	sealed, err := encrypt(testKey, plain)
	if err != nil {
		t.Fatal(err)
	}
	if len(sealed) != gcmNonceSize+len(plain)+16 {
		t.Fatalf("sealed %d bytes, want nonce + %d + tag", len(sealed), len(plain))
	}
	gcm := goGCM(t, testKey)
	got, err := gcm.Open(nil, sealed[:gcm.NonceSize()], sealed[gcm.NonceSize():], nil)
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("Go opened %q, %v; want %q", got, err, plain)
	}
	again, _ := encrypt(testKey, plain)
	if bytes.Equal(again[:gcmNonceSize], sealed[:gcmNonceSize]) {
		t.Fatal("two seals used the same nonce")
	}
}

func TestWebAESGCMOpensWhatGoSealed(t *testing.T) {
	gcm := goGCM(t, testKey)
	nonce := []byte("twelve bytes")
	plain := []byte("fenced write, token 34")
	sealed := gcm.Seal(append([]byte{}, nonce...), nonce, plain, nil)

	got, err := decrypt(testKey, sealed)
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("opened %q, %v; want %q", got, err, plain)
	}

	tampered := append([]byte{}, sealed...)
	tampered[len(tampered)-1] ^= 1
	if got, err := decrypt(testKey, tampered); err == nil {
		t.Fatalf("a tampered tag opened: %q", got)
	}
	if _, err := decrypt("fedcba9876543210fedcba9876543210", sealed); err == nil {
		t.Fatal("another key opened it")
	}
	if _, err := decrypt(testKey, sealed[:5]); err == nil {
		t.Fatal("five bytes opened")
	}
	if _, err := encrypt("short", plain); err == nil {
		t.Fatal("a 5-byte key sealed")
	}
}
