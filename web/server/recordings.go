//go:build !wasm

package server

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"dlock/core/recording"
	"dlock/web/state"
	"dlock/web/ui"
)

// The panel "On real software" shows a cell's recording as the server drew
// it (ui.RecordingHTML), fetched when the reader opens the panel: one
// drawing of each recording in static/web/lab in each language, beside
// the recording, each drawn on its first request. app.wasm links none of
// that drawing.

// recordingOf is a drawing's recording and language.
type recordingOf struct {
	file string // the recording's file, in static/web/lab
	lang state.Lang
}

// recordingDrawings lists the drawing of every recording in dir (the
// lab's directory in the static directory), by its path in the site.
func recordingDrawings(dir string) (map[string]recordingOf, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	out := map[string]recordingOf{}
	for _, f := range files {
		name := filepath.Base(f)
		if name == "index.json" {
			continue
		}
		for _, l := range state.Langs {
			out["/web/lab/"+ui.RecordingFile(name, l)] = recordingOf{file: f, lang: l}
		}
	}
	return out, nil
}

// RecordingPaths lists every recording's drawing's path in the site,
// sorted.
func (s *Site) RecordingPaths() []string { return slices.Sorted(maps.Keys(s.recordings)) }

// Recording returns the drawing at path (in the site), drawn on its first
// request, or false if there is none.
func (s *Site) Recording(path string) ([]byte, bool, error) {
	of, ok := s.recordings[path]
	if !ok {
		return nil, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.drawn[path]; ok {
		return b, true, nil
	}
	raw, err := os.ReadFile(of.file)
	if err != nil {
		return nil, false, err
	}
	var rec recording.Recording
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, false, fmt.Errorf("%s: %w", strings.TrimPrefix(of.file, s.Static), err)
	}
	b := []byte(ui.RecordingHTML(rec, of.lang, s.Runs))
	s.drawn[path] = b
	return b, true, nil
}
