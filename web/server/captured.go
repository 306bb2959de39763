//go:build !wasm

package server

import (
	"bytes"
	"net/http"
	"net/url"
)

// Captured is a response written into memory: its status, its header and
// its body. The site reads go-app's app.css through it, and the server
// answers with go-app's pages through it (to give them a length and to
// answer HEAD without a body).
type Captured struct {
	Code   int
	header http.Header
	Body   bytes.Buffer
}

// Header is the response's header, to be set before WriteHeader.
func (c *Captured) Header() http.Header {
	if c.header == nil {
		c.header = http.Header{}
	}
	return c.header
}

// WriteHeader records the status (the first one written).
func (c *Captured) WriteHeader(code int) {
	if c.Code == 0 {
		c.Code = code
	}
}

// Write appends to the body; a write before WriteHeader is a 200, as in
// net/http.
func (c *Captured) Write(b []byte) (int, error) {
	c.WriteHeader(http.StatusOK)
	return c.Body.Write(b)
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
