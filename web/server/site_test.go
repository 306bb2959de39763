//go:build !wasm

package server

import (
	"strings"
	"testing"
)

// A site's public address is read with a trailing slash, and refused,
// saying why, where it is not an http(s) address of the site's prefix.
func TestPublicURLIsTheSitesAddress(t *testing.T) {
	for _, c := range []struct{ raw, prefix, want string }{
		{"https://owner.github.io/dlock/", "/dlock", "https://owner.github.io/dlock/"},
		{"https://owner.github.io/dlock", "/dlock", "https://owner.github.io/dlock/"},
		{"https://owner.github.io", "", "https://owner.github.io/"},
		{"https://owner.github.io/", "", "https://owner.github.io/"},
		{"http://localhost:8000/", "", "http://localhost:8000/"},
		{"https://example.org/a%20b/", "/a b", "https://example.org/a%20b/"},
	} {
		if got, err := PublicURL(c.raw, c.prefix); err != nil || got != c.want {
			t.Errorf("PublicURL(%q, %q) = %q, %v; want %q", c.raw, c.prefix, got, err, c.want)
		}
	}
	for _, c := range []struct{ raw, prefix, says string }{
		{"https://owner.github.io/", "/dlock", `the prefix "dlock" (make pages PREFIX=)`},
		{"https://owner.github.io/other/", "/dlock", "PREFIX=other"},
		{"owner.github.io/dlock/", "/dlock", "http(s)://"},
		{"https:///dlock/", "/dlock", "http(s)://"},
		{"https://", "", "http(s)://"},
		{"ftp://owner.github.io/dlock/", "/dlock", "http(s)://"},
		{"https://u:p@owner.github.io/dlock/", "/dlock", "http(s)://"},
		{"https://owner.github.io/dlock/#x", "/dlock", "without a query"},
		{"https://owner.github.io/dlock/?x=1", "/dlock", "without a query"},
		{"https://owner.github.io/%zz/", "/dlock", "invalid URL escape"},
	} {
		if _, err := PublicURL(c.raw, c.prefix); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("PublicURL(%q, %q): err = %v, want it to say %s", c.raw, c.prefix, err, c.says)
		}
	}
}
