//go:build !wasm

package server

import (
	"path/filepath"
	"strings"
	"testing"

	"dlock/web/state"
)

// Every recording the lab committed has a drawing in each language, at
// the path the panel fetches, with the recording's own words: its
// service, the steps as real software saw them, the verdict. A path that
// names no recording is no drawing.
func TestEveryRecordingIsDrawnInEachLanguage(t *testing.T) {
	dir := filepath.Join("..", "..", "static", "web", "lab")
	recs, err := recordingDrawings(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if want := 2 * (len(files) - 1); len(recs) != want || want < 100 {
		t.Fatalf("%d drawings of %d recordings", len(recs), len(files)-1)
	}
	s := &Site{Static: filepath.Join("..", ".."), Runs: state.NewRuns(), recordings: recs, drawn: map[string][]byte{}}
	for path, says := range map[string][]string{
		"/web/lab/gc-pause.lease-fencing.en.html":              {"Redis", "refused", "token"},
		"/web/lab/gc-pause.lease-fencing.ja.html":              {"Redis", "トークン"},
		"/web/lab/heartbeat-pause.consensus.zookeeper.en.html": {"ZooKeeper"},
	} {
		b, ok, err := s.Recording(path)
		if err != nil || !ok {
			t.Errorf("%s: %v, %v", path, ok, err)
			continue
		}
		for _, w := range says {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s does not say %q", path, w)
			}
		}
		if strings.Contains(string(b), "⟦missing") {
			t.Errorf("%s misses words: %s", path, b)
		}
		again, _, _ := s.Recording(path)
		if string(again) != string(b) {
			t.Errorf("%s is drawn differently the second time", path)
		}
	}
	for _, path := range []string{"/web/lab/gc-pause.lease-fencing.json", "/web/lab/nothing.en.html", "/web/lab/gc-pause.lease-fencing.fr.html"} {
		if _, ok, err := s.Recording(path); ok || err != nil {
			t.Errorf("%s: a drawing (%v, %v)", path, ok, err)
		}
	}
}
