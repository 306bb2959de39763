package main

import (
	"bytes"
	"strings"
	"testing"
)

// A client started with a configuration it cannot use says what is wrong
// with it, and runs nothing.
func TestAClientRefusesABadConfiguration(t *testing.T) {
	for config, want := range map[string]string{
		`{"name": "A"`:                                  "the client's configuration: unexpected end of JSON input",
		`{"name": "A", "backend": "consul"}`:            `no lock service "consul"`,
		`{"name": "A", "backend": "etcd", "addrs": []}`: "no server to reach etcd on",
	} {
		var out bytes.Buffer
		err := clientMain(config, strings.NewReader(""), &out)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", config, err, want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: it answered %q", config, out.String())
		}
	}
}
