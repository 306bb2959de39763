//go:build !wasm

package words

import (
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"
)

// Every step of every run is worded by the real panel in both languages:
// no key missing, no argument left over or short, and in Japanese no
// English word of the outcome's.
func TestSeenTextWordsEveryStepOfEveryRun(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range frames {
				seen := recording.SeenIn(f, sc.Clients)
				for _, l := range []Lang{Japanese, English} {
					got := SeenText(l, seen, f.Event.Kind, f.Event.Delivered)
					if strings.Contains(got, "⟦missing") || strings.Contains(got, "%!") || got == "" {
						t.Errorf("%s/%s step %d (%s): %q", sc.ID, st, i+1, l, got)
					}
					if l == Japanese {
						o := OutcomeText(l, seen.Outcome, f.Event.Kind, f.Event.Delivered)
						if seen.Outcome.Read == nil && strings.ContainsAny(o, "abcdefghijklmnopqrstuvwxyz") {
							t.Errorf("%s/%s step %d: Japanese outcome %q", sc.ID, st, i+1, o)
						}
					}
				}
			}
		}
	}
}

// A write the database aborted is not a write refused for its token.
func TestAnAbortedWriteIsNotRefusedByItsToken(t *testing.T) {
	aborted := recording.Outcome{Result: core.ResultRejected, Aborted: true}
	for _, l := range []Lang{Japanese, English} {
		a := OutcomeText(l, aborted, core.ActWrite, "")
		r := OutcomeText(l, recording.WriteOutcome(core.ResultRejected), core.ActWrite, "")
		if a == r || !strings.Contains(a, T(l, "real.outcome.aborted")) {
			t.Errorf("%s: aborted %q, refused %q", l, a, r)
		}
	}
	if aborted.Equal(recording.WriteOutcome(core.ResultRejected)) || aborted.Is(core.ResultRejected) {
		t.Error("an aborted write equals a refused one")
	}
}
