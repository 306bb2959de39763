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

// judging are the words that say a verdict, or what a run means for the
// data, in each language: what predict mode holds back until the reader
// has predicted the verdict.
var judging = map[Lang][]string{
	Japanese: {"安全", "危うい", "破壊", "行き詰ま", "守られ", "壊れた", "壊れたものは無い"},
	English:  {"safe", "at risk", "corrupt", "stuck", "destroyed"},
}

// judges returns the first word of judging in s, or "".
func judges(l Lang, s string) string {
	low := strings.ToLower(s)
	for _, w := range judging[l] {
		if strings.Contains(low, w) {
			return w
		}
	}
	return ""
}

// A held note (HeldNote, predict mode before the verdict) says no verdict
// and nothing of what a step means for the data, under every row, at
// every step; it is the note, less what judges; and where a note judges
// nothing, it is the note itself.
func TestAHeldNoteJudgesNothing(t *testing.T) {
	held := 0
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for step := 1; step <= len(frames); step++ {
				for _, l := range []Lang{Japanese, English} {
					note, kept := Note(l, frames, step), HeldNote(l, frames, step)
					if w := judges(l, kept); w != "" {
						t.Errorf("%s under %s, step %d (%s): the held note says %q: %s", sc.ID, st, step, l, w, kept)
					}
					if kept == "" || len(kept) > len(note) || strings.Contains(kept, judgeFrom) || strings.Contains(kept, judgeTo) ||
						strings.Contains(note, judgeFrom) {
						t.Errorf("%s under %s, step %d (%s): held %q of %q", sc.ID, st, step, l, kept, note)
					}
					if kept != note {
						held++
					} else if w := judges(l, note); w != "" && !(l == Japanese && strings.Contains(note, "壊れる")) {
						t.Errorf("%s under %s, step %d (%s): the note says %q and holds nothing back: %s", sc.ID, st, step, l, w, note)
					}
				}
			}
		}
	}
	if held == 0 {
		t.Fatal("no note holds anything back: the test checks nothing")
	}
}

// Each scenario's lesson says what it asks, in both languages, and none
// of it is how the run ends: no verdict, and not its story.
func TestEveryLessonAsksWithoutAnswering(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, l := range []Lang{Japanese, English} {
			asks := T(l, sc.ID+".asks")
			if strings.Contains(asks, "⟦missing") || !strings.HasSuffix(asks, "?") && !strings.HasSuffix(asks, "?") {
				t.Errorf("%s (%s): the lesson asks %q", sc.ID, l, asks)
			}
			if w := judges(l, asks); w != "" {
				t.Errorf("%s (%s): the lesson's question says %q: %s", sc.ID, l, w, asks)
			}
			if asks == T(l, sc.Shows) {
				t.Errorf("%s (%s): the lesson's question is its story", sc.ID, l)
			}
		}
	}
}

// Every answer of every question, of every scenario under every row, has
// its reason in words, in both languages, naming who and where the
// question does; so does every verdict, and a stuck run that was at risk
// too says why the verdict is the worse one.
func TestEveryAnswerSaysWhy(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			var qs []course.Question
			for i := 1; i < len(frames); i++ {
				if q, ok := course.QuestionAt(frames, i); ok {
					qs = append(qs, q)
				}
			}
			for _, q := range append(qs, course.VerdictQuestion(frames)) {
				w := course.WhyOf(frames, q)
				for _, l := range []Lang{Japanese, English} {
					said := Why(l, w)
					if said == "" || strings.Contains(said, "⟦missing") || strings.Contains(said, "%!") {
						t.Errorf("%s under %s, %s at %d (%s): %q", sc.ID, st, q.Ask, q.Frame, l, said)
					}
					if q.Ask == course.AskWrite && !strings.Contains(said, q.Resource) {
						t.Errorf("%s under %s, write at %d (%s): %q does not name %s", sc.ID, st, q.Frame, l, said, q.Resource)
					}
					if w.Also != "" && !strings.Contains(said, T(l, "verdict.stuck")) {
						t.Errorf("%s under %s (%s): the verdict's reason %q does not say it ranks", sc.ID, st, l, said)
					}
				}
			}
		}
	}
	sc, _ := core.ScenarioByID("gc-pause")
	frames, _ := core.Replay(sc, core.LeaseFencing)
	q, _ := course.QuestionAt(frames, 6)
	for l, want := range map[Lang][2]string{
		Japanese: {"row-42 は、token 1 を添えた A の書き込み「A-STALE」を受け付けるか?", "row-42 はすでに token 2 を見ている。1 < 2 で、これまでに見た最大のトークンより小さいので拒否する。"},
		English:  {"Will row-42 accept A's write of “A-STALE” with token 1?", "row-42 had seen token 2, and 1 < 2: it refuses a token below the largest it has seen."},
	} {
		if got := QuestionText(l, q); got != want[0] {
			t.Errorf("%s: the book's last question reads %q, want %q", l, got, want[0])
		}
		if got := Why(l, course.WhyOf(frames, q)); got != want[1] {
			t.Errorf("%s: its reason reads %q, want %q", l, got, want[1])
		}
	}
}

// The definitions beside the verdict question give each verdict a line,
// in the choices' order, each opening with the verdict's own words, and
// end with how the verdicts rank.
func TestTheVerdictsDefinitionsNameEachVerdict(t *testing.T) {
	for _, l := range []Lang{Japanese, English} {
		lines := strings.Split(T(l, "verdict.defs"), "\n")
		if len(lines) != 5 {
			t.Fatalf("%s: %d lines of definitions", l, len(lines))
		}
		for i, v := range []core.Verdict{core.Safe, core.AtRisk, core.Corrupted, core.Stuck} {
			if !strings.HasPrefix(lines[i], T(l, "verdict."+string(v))+":") {
				t.Errorf("%s: line %d, %q, does not define %s", l, i+1, lines[i], v)
			}
		}
		for _, v := range []core.Verdict{core.Corrupted, core.Stuck, core.AtRisk} {
			if !strings.Contains(lines[4], T(l, "verdict."+string(v))) {
				t.Errorf("%s: the ranking %q leaves out %s", l, lines[4], v)
			}
		}
	}
}
