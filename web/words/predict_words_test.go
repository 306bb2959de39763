package words

import (
	"strings"
	"testing"

	"dlock/core"
)

// Every question predict mode asks, of every scenario under every row, and
// every one of its choices, has words in both languages, with the client
// and the resource in place.
func TestEveryQuestionAndChoiceHasWords(t *testing.T) {
	asks := map[core.Ask]bool{}
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			var questions []core.Question
			for i := 1; i < len(frames); i++ {
				if q, ok := core.QuestionAt(frames, i); ok {
					questions = append(questions, q)
				}
			}
			for _, q := range append(questions, core.VerdictQuestion(frames)) {
				asks[q.Ask] = true
				for _, l := range []Lang{Japanese, English} {
					said := QuestionText(l, q)
					if strings.Contains(said, "⟦missing") || strings.Contains(said, "%!") || q.Client != "" && !strings.Contains(said, q.Client) ||
						q.Resource != "" && !strings.Contains(said, q.Resource) {
						t.Errorf("%s under %s, %s: %q", sc.ID, st, q.Ask, said)
					}
					seen := map[string]bool{}
					for _, c := range q.Choices {
						w := ChoiceText(l, q, c)
						if w == "" || strings.Contains(w, "⟦missing") || seen[w] {
							t.Errorf("%s under %s, %s: choice %s reads %q", sc.ID, st, q.Ask, c, w)
						}
						seen[w] = true
					}
				}
			}
		}
	}
	for _, a := range []core.Ask{core.AskWrite, core.AskGrant, core.AskHeard, core.AskRenew, core.AskCheck, core.AskHolder, core.AskVerdict} {
		if !asks[a] {
			t.Errorf("no scenario asks %s: its words are not checked", a)
		}
	}
	if got := QuestionText(English, core.Question{Ask: core.AskWrite, Client: "A", Resource: "row-42"}); got != "Will row-42 accept A's write?" {
		t.Errorf("the write question reads %q", got)
	}
}
