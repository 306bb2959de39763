//go:build !wasm

package server

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FrameOrigin stands for the page's origin in prerendered frames (the
// embed code names it); the loader puts location.origin in its place.
const FrameOrigin = "https://dlock-origin.invalid"

// RunFrames returns every frame of one view of a run (sc under st, each
// step the view holds) in one language, embedded or not, as the live app
// draws them: its states (RunStates) as JSON in the head, then one
// <template data-frame> (FrameID) each, holding the page's <main>. The
// loader steps through them before the WebAssembly arrives, and the app
// takes over from the step it reached.
func RunFrames(runs *state.Runs, prefix string, l state.Lang, embed bool, v state.View, sc core.Scenario, st core.Strategy, version string) string {
	var b strings.Builder
	states, err := json.Marshal(RunStates(runs, l, embed, v, sc, st))
	if err != nil {
		panic(err) // strings and maps of strings
	}
	fmt.Fprintf(&b, "<!doctype html>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<script type=\"application/json\" id=\"dlock-states\">%s</script>\n",
		html.EscapeString(words.T(l, "page.title")), strings.ReplaceAll(string(states), "<", `\u003c`))
	for step := 1; step <= state.FrameSteps(v, sc); step++ {
		s := state.Settings{Scenario: sc.ID, Strategy: st, Step: step, Lang: l, View: v, Embed: embed}
		d := ui.Frame(s, runs, strings.TrimSuffix(prefix, "/")+"/", FrameOrigin, version)
		fmt.Fprintf(&b, "<template data-frame=\"%s\">\n%s\n</template>\n", FrameID(s), app.HTMLString(d))
	}
	return b.String()
}

// FramesFiles lists every frames file, by path under the prefix
// (state.FramesFile), each with what RunFrames draws it from: every run in
// the one-run view, and the matrix as it opens.
func FramesFiles(runs *state.Runs) map[string]FramesFileOf {
	files := map[string]FramesFileOf{}
	for _, sc := range runs.Scenarios() {
		for _, st := range core.Strategies() {
			for _, l := range state.Langs {
				for _, embed := range []bool{false, true} {
					for _, v := range state.FramedViews {
						s := state.Settings{Scenario: sc.ID, Strategy: st, Step: 1, Lang: l, View: v, Embed: embed}
						if s.HasFrame() {
							files[state.FramesFile(l, embed, v, sc.ID, st)] = FramesFileOf{Lang: l, Embed: embed, View: v, Scenario: sc, Strategy: st}
						}
					}
				}
			}
		}
	}
	return files
}

// FramesFileOf is the view of a run a frames file draws, in its language,
// embedded or not.
type FramesFileOf struct {
	Lang     state.Lang
	Embed    bool
	View     state.View
	Scenario core.Scenario
	Strategy core.Strategy
}
