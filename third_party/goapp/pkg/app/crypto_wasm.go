//go:build wasm

package app

import (
	"syscall/js"

	"github.com/maxence-charriere/go-app/v10/pkg/errors"
)

// In the browser, values are enciphered by the browser's own AES-GCM (Web
// Crypto) instead of Go's crypto/aes and crypto/cipher, which would put Go's
// FIPS 140 module (AES, GCM, SHA-2, SHA-3, HMAC, a DRBG and their self-tests)
// into every app.wasm. The result has crypto.go's format: a 12-byte nonce,
// then the ciphertext and its 16-byte tag; either side opens the other's.
//
// go-app's key is a device ID without its dashes, 32 bytes (AES-256). A
// 24-byte key, which Go's AES takes, Chromium's Web Crypto refuses: an
// error, never another result.
//
// Web Crypto answers with promises, which these functions wait for: they
// must run on a goroutine, as go-app's UI goroutine is, not inside a
// JavaScript callback.

const gcmNonceSize = 12

func encrypt(key string, v []byte) ([]byte, error) {
	nonce := make([]byte, gcmNonceSize)
	if err := randomBytes(nonce); err != nil {
		return nil, err
	}

	sealed, err := webAESGCM("encrypt", key, nonce, v)
	if err != nil {
		return nil, err
	}
	return append(nonce, sealed...), nil
}

func decrypt(key string, v []byte) ([]byte, error) {
	if len(v) < gcmNonceSize {
		return nil, errors.New("ciphertext too short")
	}
	return webAESGCM("decrypt", key, v[:gcmNonceSize], v[gcmNonceSize:])
}

func webAESGCM(op, key string, nonce, data []byte) ([]byte, error) {
	switch len(key) {
	case 16, 24, 32:
	default:
		return nil, errors.New("invalid AES key size").WithTag("size", len(key))
	}

	subtle := js.Global().Get("crypto").Get("subtle")
	k, err := awaitPromise(subtle.Call("importKey", "raw", jsBytes([]byte(key)), "AES-GCM", false, js.Global().Get("Array").New(op)))
	if err != nil {
		return nil, errors.New("importing the AES key failed").Wrap(err)
	}

	params := js.Global().Get("Object").New()
	params.Set("name", "AES-GCM")
	params.Set("iv", jsBytes(nonce))
	out, err := awaitPromise(subtle.Call(op, params, k, jsBytes(data)))
	if err != nil {
		return nil, errors.Newf("AES-GCM %s failed", op).Wrap(err)
	}

	u := js.Global().Get("Uint8Array").New(out)
	b := make([]byte, u.Length())
	js.CopyBytesToGo(b, u)
	return b, nil
}

func jsBytes(b []byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return u
}

// awaitPromise waits for a promise and returns what it resolved to, or what
// it was rejected with as an error.
func awaitPromise(p js.Value) (js.Value, error) {
	done := make(chan struct{})
	var result js.Value
	var failure error
	resolved := js.FuncOf(func(_ js.Value, args []js.Value) any {
		result = args[0]
		close(done)
		return nil
	})
	defer resolved.Release()
	rejected := js.FuncOf(func(_ js.Value, args []js.Value) any {
		failure = errors.New(js.Global().Get("String").Invoke(args[0]).String())
		close(done)
		return nil
	})
	defer rejected.Release()

	p.Call("then", resolved, rejected)
	<-done
	return result, failure
}
