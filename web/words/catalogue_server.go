//go:build !wasm

package words

import (
	"encoding/json"

	"dlock/web/state"
)

// On the server, the catalogue is every part of it, in both languages; the
// browser loads the words of its page's language from the server
// (Catalogue), so that app.wasm carries none of them.
func init() {
	for _, part := range []map[string]text{pageWords, scenarioWords, noteWords, playWords, courseWords, failoverWords, lessonWords} {
		join(part)
	}
	for _, l := range state.Langs {
		loaded[l] = true
	}
}

// Catalogue is every message of the catalogue in l, as the JSON object of
// key and message that Load reads in the browser.
func Catalogue(l Lang) []byte {
	out := make(map[string]string, len(catalog))
	for k, t := range catalog {
		out[k] = t.in(l)
	}
	b, _ := json.Marshal(out)
	return b
}
