//go:build !wasm

package server

import (
	"os"
	"path/filepath"

	"dlock/web/state"
	"dlock/web/ui"
)

// PicturesDir is where the static site keeps the chapter's run as
// pictures, under stable names a README elsewhere can link to
// (ChapterPictures).
const PicturesDir = "pictures"

// ChapterPictures are the chapter's run (its scenario under its row,
// fenced) as animated SVGs, one a language, in the light palette, drawn
// by the page's code with the page's style sheet from static: by file
// name (gc-pause.en.svg). The README opens with the English one (a test
// holds the committed copy to this), and make pages writes both.
func ChapterPictures(static string) (map[string][]byte, error) {
	css, err := os.ReadFile(filepath.Join(static, "web", "dlock.css"))
	if err != nil {
		return nil, err
	}
	runs := state.NewRuns()
	out := map[string][]byte{}
	for _, l := range state.Langs {
		s := state.Defaults()
		s.Lang = l
		p, err := ui.PictureOf(runs, s, s.Strategy, string(css), false)
		if err != nil {
			return nil, err
		}
		out[s.Scenario+"."+string(l)+".svg"] = []byte(p.Animated())
	}
	return out, nil
}
