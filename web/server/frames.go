//go:build !wasm

package server

import (
	"encoding/json"
	"fmt"
	"html"
	"slices"
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
	numbers := tokenNumbers{}
	var before frameText // the frame before
	from := ""           // its id
	for step := 1; step <= state.FrameSteps(v, sc); step++ {
		s := state.Settings{Scenario: sc.ID, Strategy: st, Step: step, Lang: l, View: v, Embed: embed}
		path := strings.TrimSuffix(prefix, "/") + "/"
		if prefix == Relative {
			// The page's links name only their query: the page's own path.
			path = ""
		}
		d := ui.Frame(s, runs, path, FrameOrigin, version)
		page := app.HTMLString(d)
		if strings.Contains(page, "</template") {
			panic("a frame holds a template, which its file cannot: " + state.FramesFile(l, embed, v, sc.ID, st))
		}
		text := numbers.of(frameTokens(page))
		if before.tokens == nil || strings.Contains(page, copyOpen) {
			fmt.Fprintf(&b, "<template data-frame=\"%s\">\n%s\n</template>\n", FrameID(s), page)
		} else {
			fmt.Fprintf(&b, "<template data-frame=\"%s\" data-from=\"%s\">\n%s\n</template>\n", FrameID(s), from, frameChanges(before, text))
		}
		before, from = text, FrameID(s)
	}
	return b.String()
}

// A frame written as changes is the frame's tokens, in order, where a run
// of tokens that the frame before holds too is written as a copy,
// <!--=S,N-->: the frame before's tokens S to S+N-1; the tokens between
// copies are written as they are. A token is a piece of the HTML that
// begins at one of tokenStarts and holds no other (a tag's name, an
// attribute's name, its value, the text after a tag): a frame that
// differs from the one before in one attribute, a step's number in an
// address, is written as that value, not the whole tag. The loader splits
// both frames alike, and the text between two copies, which is the
// frame's own tokens one after another, splits back into the same tokens.
// go-app writes no comments, so no frame's own text holds a copy; a frame
// that did would be written whole.
const copyOpen = "<!--="

// tokenStarts are the characters a token begins at.
const tokenStarts = "<\" &>"

// frameTokens splits a frame's HTML before each of tokenStarts.
func frameTokens(page string) []string {
	tokens := make([]string, 0, len(page)/8)
	for len(page) > 0 {
		end := strings.IndexAny(page[1:], tokenStarts) + 1
		if end == 0 {
			end = len(page)
		}
		tokens = append(tokens, page[:end])
		page = page[end:]
	}
	return tokens
}

// copyAt is how many places in the frame before a run is looked for at,
// at most: the nearest to where the last copy ended.
const copyAt = 64

// frameText is a frame's tokens, and each as a number (tokenNumbers).
type frameText struct {
	tokens []string
	ids    []int32
}

// tokenNumbers numbers tokens, the same number for the same text: runs
// are compared and looked up by their numbers.
type tokenNumbers map[string]int32

func (n tokenNumbers) of(tokens []string) frameText {
	ids := make([]int32, len(tokens))
	for i, t := range tokens {
		id, ok := n[t]
		if !ok {
			id = int32(len(n))
			n[t] = id
		}
		ids[i] = id
	}
	return frameText{tokens, ids}
}

// frameChanges writes cur as its changes from before (numbered alike): at
// each token, the longest run of tokens that before holds from there
// (where the last copy ended, or where the same four tokens are) becomes a
// copy when the copy is shorter than the run; any other token is written
// as it is.
func frameChanges(before, cur frameText) string {
	bef, now := before.ids, cur.ids
	at4 := make(map[[4]int32][]int, len(bef))
	for j := 0; j+3 < len(bef); j++ {
		k := [4]int32{bef[j], bef[j+1], bef[j+2], bef[j+3]}
		at4[k] = append(at4[k], j)
	}
	var b strings.Builder
	next := 0 // where the last copy ended in before
	for i := 0; i < len(now); {
		var places []int
		if i+3 < len(now) {
			places = at4[[4]int32{now[i], now[i+1], now[i+2], now[i+3]}]
		}
		if len(places) > copyAt {
			from, _ := slices.BinarySearch(places, next)
			from = min(max(from-copyAt/2, 0), len(places)-copyAt)
			places = places[from : from+copyAt]
		}
		if next < len(bef) && bef[next] == now[i] {
			places = append([]int{next}, places...)
		}
		start, n, size := 0, 0, 0
		for _, j := range places {
			m, bytes := 0, 0
			for i+m < len(now) && j+m < len(bef) && now[i+m] == bef[j+m] {
				bytes += len(cur.tokens[i+m])
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
		b.WriteString(cur.tokens[i])
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
