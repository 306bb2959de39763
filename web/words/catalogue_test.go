//go:build !wasm

package words

import (
	"encoding/json"
	"testing"
)

// The catalogue the server serves for a language is every key's message
// in that language, which Load reads back as it was; a file that is not
// one gets an error and changes nothing.
func TestTheServedCatalogueLoadsAsItWas(t *testing.T) {
	for _, l := range []Lang{Japanese, English} {
		var served map[string]string
		if err := json.Unmarshal(Catalogue(l), &served); err != nil {
			t.Fatal(err)
		}
		if len(served) != len(Keys()) {
			t.Errorf("%s: %d messages of %d keys", l, len(served), len(Keys()))
		}
		// Served with the marks of its judgement (marked), which the
		// browser's T drops as the server's does.
		for _, k := range Keys() {
			if served[k] != marked(l, k) {
				t.Fatalf("%s: %s is %q, served %q", l, k, marked(l, k), served[k])
			}
		}
		if err := Load(l, Catalogue(l)); err != nil {
			t.Fatal(err)
		}
		for _, k := range Keys() {
			if served[k] != marked(l, k) {
				t.Fatalf("%s: %s is %q after loading what was served", l, k, T(l, k))
			}
		}
	}
	was := T(English, "page.title")
	for _, bad := range []string{"", "{}", "[1]", `{"page.title": 3}`, `{"page.title": "x"`} {
		if err := Load(English, []byte(bad)); err == nil {
			t.Errorf("Load(%q) took it", bad)
		}
		if T(English, "page.title") != was {
			t.Fatalf("Load(%q) changed the catalogue", bad)
		}
	}
	if ja, en := T(Japanese, "page.title"), T(English, "page.title"); ja == en {
		t.Errorf("one message in both languages: %q", ja)
	}
}
