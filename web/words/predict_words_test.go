package words

import (
	"slices"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/course"
)

// Every question predict mode asks, of every scenario under every row, and
// every one of its choices, has words in both languages, with the client
// and the resource in place.
func TestEveryQuestionAndChoiceHasWords(t *testing.T) {
	asks := map[course.Ask]bool{}
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			var questions []course.Question
			for i := 1; i < len(frames); i++ {
				if q, ok := course.QuestionAt(frames, i); ok {
					questions = append(questions, q)
				}
			}
			for _, q := range append(questions, course.VerdictQuestion(frames)) {
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
	for _, a := range []course.Ask{course.AskWrite, course.AskGrant, course.AskHeard, course.AskRenew, course.AskCheck, course.AskHolder, course.AskVerdict} {
		if !asks[a] {
			t.Errorf("no scenario asks %s: its words are not checked", a)
		}
	}
	if got := QuestionText(English, course.Question{Ask: course.AskWrite, Client: "A", Resource: "row-42"}); got != "Will row-42 accept A's write?" {
		t.Errorf("the write question reads %q", got)
	}
}

// The verdict question asks for what its answer grades: the run's verdict
// as the table's legend defines it (matrix.legend), not whether the data
// came out as a reader would wish. A run whose holder's newer value its
// own older write overwrote is safe by those definitions; a run whose
// crashed holder keeps a lock without TTL is stuck, which says nothing of
// the data. So the question names the legend's definitions, asks for a
// verdict, and offers the legend's own words, each defined there.
func TestTheVerdictQuestionAsksForTheLegendsVerdict(t *testing.T) {
	names := map[Lang][]string{Japanese: {"凡例", "定義", "判定"}, English: {"definitions", "verdict"}}
	asksSafety := map[Lang]string{Japanese: "安全か", English: "safe?"}
	sc, _ := core.ScenarioByID("same-token-retry")
	frames, err := core.Replay(sc, core.Consensus)
	if err != nil {
		t.Fatal(err)
	}
	q := course.VerdictQuestion(frames)
	for _, l := range []Lang{Japanese, English} {
		said := QuestionText(l, q)
		for _, w := range names[l] {
			if !strings.Contains(said, w) {
				t.Errorf("%s: the verdict question %q does not name %q", l, said, w)
			}
		}
		if strings.Contains(said, asksSafety[l]) {
			t.Errorf("%s: the verdict question %q asks whether the data is safe", l, said)
		}
		legend := T(l, "matrix.legend")
		for _, c := range q.Choices {
			if w := ChoiceText(l, q, c); !strings.Contains(legend, w+":") && !strings.Contains(legend, w+" ") {
				t.Errorf("%s: the verdict's choice %q is not defined in the legend", l, w)
			}
		}
		if hint := T(l, "quiz.hint.verdict"); strings.Contains(hint, asksSafety[l]) || !strings.Contains(hint, names[l][len(names[l])-1]) {
			t.Errorf("%s: the hint %q does not say the verdict is asked", l, hint)
		}
	}
}

// Where a run has ↺ (one holder's own writes applied out of order, which
// the verdict does not count, as the matrix's note says), the verdict's
// feedback carries that note, whatever the choice: right or wrong, a reader
// learns why the verdict is what it is. Elsewhere, and for every other
// question, it does not.
func TestAReorderedRunsVerdictFeedbackCarriesTheNote(t *testing.T) {
	marked := 0
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range []Lang{Japanese, English} {
				note := T(l, "matrix.note.reordered")
				shown := slices.Contains(CellNotes(l, frames), note)
				if shown && l == English {
					marked++
				}
				v := course.VerdictQuestion(frames)
				for _, c := range v.Choices {
					if got := Feedback(l, v, c, frames); strings.Contains(got, note) != shown {
						t.Errorf("%s under %s (%s), the verdict answered %s: the matrix shows ↺ %v, the feedback %q", sc.ID, st, l, c, shown, got)
					}
				}
				for i := 1; i < len(frames); i++ {
					q, ok := course.QuestionAt(frames, i)
					if !ok {
						continue
					}
					if got := Feedback(l, q, q.Answer, frames); strings.Contains(got, note) {
						t.Errorf("%s under %s (%s): the %s question's feedback carries ↺: %q", sc.ID, st, l, q.Ask, got)
					}
				}
			}
		}
	}
	if marked == 0 {
		t.Fatal("no run is marked ↺: the test checks nothing")
	}
	// The course's same-token-retry lesson, answered ✗ by a reader who saw
	// B-2 overwritten by B-1: told the answer, and why.
	sc, _ := core.ScenarioByID("same-token-retry")
	frames, _ := core.Replay(sc, core.Consensus)
	v := course.VerdictQuestion(frames)
	for l, want := range map[Lang]string{
		Japanese: "不正解。正しい答えは「✓ 安全」。↺ 同じ持ち主の書き込みが逆順に適用された(判定には数えない)。判定が見るのは、前の取得のもとでの書き込みと新しい取得のもとでの書き込みの順序で、一人の持ち主の書き込みどうしの順序ではない。",
		English:  "Wrong: the answer is “✓ safe”. ↺ one holder's own writes applied out of order (not counted in the verdict). The verdict judges the order of an older grant's writes against a newer grant's, not the order of one holder's own writes.",
	} {
		if got := Feedback(l, v, string(core.Corrupted), frames); got != want {
			t.Errorf("%s: ✗ in the same-token-retry lesson reads\n%q\nwant\n%q", l, got, want)
		}
	}
}

// Under Redlock nobody holds the lock "by the lock service": the holder is
// the client a majority of the nodes hold it for, and the question says
// so.
func TestTheHolderQuestionUnderRedlockAsksTheMajority(t *testing.T) {
	asked := 0
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(frames); i++ {
				q, ok := course.QuestionAt(frames, i)
				if !ok || q.Ask != course.AskHolder {
					continue
				}
				for _, l := range []Lang{Japanese, English} {
					said := QuestionText(l, q)
					majority := strings.Contains(said, "過半数") || strings.Contains(said, "majority")
					if majority != (st == core.Redlock) {
						t.Errorf("%s under %s (%s): the holder question reads %q", sc.ID, st, l, said)
					}
				}
				if st == core.Redlock {
					asked++
				}
			}
		}
	}
	if asked == 0 {
		t.Fatal("no holder question under Redlock: the test checks nothing")
	}
}
