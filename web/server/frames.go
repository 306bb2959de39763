//go:build !wasm

package server

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
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
//
// The first frame is written whole, each later one as its changes from
// the frame before (data-from names it; see frameChanges): most of a frame
// (the pickers, the description, the timeline's drawing, the handout) is
// the frame before's. The loader puts each frame back together as it
// arrives, into exactly the HTML written here, so the first frame costs
// what it did and every later one a fraction.
func RunFrames(runs *state.Runs, prefix string, l state.Lang, embed bool, v state.View, sc core.Scenario, st core.Strategy, version string) string {
	var b strings.Builder
	states, err := json.Marshal(RunStates(runs, l, embed, v, sc, st))
	if err != nil {
		panic(err) // strings and maps of strings
	}
	fmt.Fprintf(&b, "<!doctype html>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<script type=\"application/json\" id=\"dlock-states\">%s</script>\n",
		html.EscapeString(words.T(l, "page.title")), strings.ReplaceAll(string(states), "<", `\u003c`))
	var before []string // the tokens of the frame before
	from := ""          // its id
	for step := 1; step <= state.FrameSteps(v, sc); step++ {
		s := state.Settings{Scenario: sc.ID, Strategy: st, Step: step, Lang: l, View: v, Embed: embed}
		d := ui.Frame(s, runs, strings.TrimSuffix(prefix, "/")+"/", FrameOrigin, version)
		page := app.HTMLString(d)
		if strings.Contains(page, "</template") {
			panic("a frame holds a template, which its file cannot: " + state.FramesFile(l, embed, v, sc.ID, st))
		}
		tokens := frameTokens(page)
		if before == nil || strings.Contains(page, copyOpen) {
			fmt.Fprintf(&b, "<template data-frame=\"%s\">\n%s\n</template>\n", FrameID(s), page)
		} else {
			fmt.Fprintf(&b, "<template data-frame=\"%s\" data-from=\"%s\">\n%s\n</template>\n", FrameID(s), from, frameChanges(before, tokens))
		}
		before, from = tokens, FrameID(s)
	}
	return b.String()
}

// A frame written as changes is the frame's tokens, in order, where a run
// of tokens that the frame before holds too is written as a copy,
// <!--=S,N-->: the frame before's tokens S to S+N-1. A token is a piece of
// the HTML that begins at a "<" (a tag, with the text after it) and ends
// before the next: the loader splits both frames alike. go-app writes no
// comments, so no token of a frame begins as a copy does; a frame that
// did would be written whole.
const copyOpen = "<!--="

// frameTokens splits a frame's HTML before each "<".
func frameTokens(page string) []string {
	var tokens []string
	for len(page) > 0 {
		end := strings.IndexByte(page[1:], '<') + 1
		if end == 0 {
			end = len(page)
		}
		tokens = append(tokens, page[:end])
		page = page[end:]
	}
	return tokens
}

// frameChanges writes cur as its changes from before: at each token, the
// longest run of tokens that before holds from there (where the last copy
// ended, or where the same two tokens are, or else the same token) becomes
// a copy when the copy is shorter than the run; any other token is written
// as it is.
func frameChanges(before, cur []string) string {
	type pair struct{ a, b string }
	at, one := map[pair][]int{}, map[string][]int{}
	for j := range before {
		if j+1 < len(before) {
			k := pair{before[j], before[j+1]}
			at[k] = append(at[k], j)
		}
		one[before[j]] = append(one[before[j]], j)
	}
	var b strings.Builder
	next := 0 // where the last copy ended in before
	for i := 0; i < len(cur); {
		var candidates []int
		if next < len(before) && before[next] == cur[i] {
			candidates = append(candidates, next)
		}
		if i+1 < len(cur) {
			candidates = append(candidates, at[pair{cur[i], cur[i+1]}]...)
		}
		if len(candidates) == 0 {
			candidates = one[cur[i]] // a run of one token at best
		}
		start, n, size := 0, 0, 0
		for _, j := range candidates {
			m, bytes := 0, 0
			for i+m < len(cur) && j+m < len(before) && cur[i+m] == before[j+m] {
				bytes += len(cur[i+m])
				m++
			}
			if bytes > size {
				start, n, size = j, m, bytes
			}
		}
		if mark := copyOpen + strconv.Itoa(start) + "," + strconv.Itoa(n) + "-->"; n > 0 && size > len(mark) {
			b.WriteString(mark)
			i, next = i+n, start+n
			continue
		}
		b.WriteString(cur[i])
		i++
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
