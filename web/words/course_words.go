//go:build !wasm

package words

// courseWords are the words of the course (view=course) and of free play's
// exercises: part of the one catalogue.
var courseWords = map[string]text{
	"view.course":  {"コース", "Course"},
	"course.title": {"章の筋道をたどる", "The chapter's argument, step by step"},
	"course.intro": {
		"章の筋書きから始めて、すべてのシナリオを章の順にたどり、最後に比較表を読む。各レッスンは予想モード(「予想しながら進む」)で開く: 決め手となる手順の前に、何が起きるかを予想する。進み具合はこのブラウザにだけ保存され、どこにも送られない。",
		"From the chapter's story, through every scenario in the chapter's order, to the comparison table. Each lesson opens in predict mode (“Predict each step”): before a step that decides something, you predict what it will decide. Your progress is kept in this browser only, and sent nowhere.",
	},
	"course.lessons":    {"レッスン", "Lessons"},
	"course.turns-on":   {"決め手の問い: %s", "The question it turns on: %s"},
	"course.open":       {"予想しながら開く: %s", "Open, predicting each step: %s"},
	"course.open.table": {"比較表を開く", "Open the table"},
	"course.done":       {"済み(%d / %d 正解)", "Done (%d of %d right)"},
	"course.todo":       {"未完了", "Not done yet"},
	"course.progress":   {"%d / %d レッスン済み、%d / %d 問正解", "%d of %d lessons done, %d of %d answers right"},
	"course.reset":      {"進み具合を消す", "Reset progress"},
	"course.table.point": {
		"すべてのシナリオを、すべての方式で再生した結果の表。",
		"Every scenario replayed under every strategy, in one table.",
	},
	"course.table.question": {"資源が書き込みと不可分に検査する限り、どのシナリオでも破壊されない方式はどれか?", "Wherever the resource checks atomically with the write, which strategies are never corrupted, in any scenario?"},

	"exercise.label": {"課題", "Exercise"},
	"exercise.goal.corrupted": {
		"%s で、データを破壊する実行を書く。", "Write a run that corrupts data under %s.",
	},
	"exercise.goal.stuck": {
		"%s で、ロックが使えなくなる実行を書く。", "Write a run that leaves the lock stuck under %s.",
	},
	"exercise.goal.at-risk": {
		"%s で、データを危うくする(または破壊する)実行を書く。", "Write a run that puts data at risk (or corrupts it) under %s.",
	},
	"exercise.without": {"使わない動作: %s。", "Without: %s."},
	"exercise.steps.peek": {
		"章の前提の外に出る: トークンを示さずに読むクライアントを使ってよい。",
		"It steps outside the chapter's assumptions: a client may read without showing its token.",
	},
	"exercise.steps.partial": {
		"この課題では、Redlock の取得が一部のノードにしか届かない実行も使ってよい(探索の既定の操作には無いが、ネットワークの分断では普通に起きる)。",
		"This exercise may use runs where a Redlock acquire reaches only some of the nodes (not among the search's default actions, but an ordinary thing in a network partition).",
	},
	"exercise.solved":       {"✓ 達成: この実行は %s で %s。", "✓ Solved: under %s this run is %s."},
	"exercise.miss.verdict": {"まだ: この実行は %s で %s で、%s ではない。", "Not yet: under %s this run is %s, not %s."},
	"exercise.miss.action":  {"まだ: %d 番目の項目が、この課題では使わない %s を使っている。", "Not yet: item %d uses %s, which this exercise leaves out."},
	"exercise.miss.script":  {"まだ: この実行は再生できない。", "Not yet: this run cannot be replayed."},
	"exercise.hint":         {"ヒント: いちばん短い実行は %d 手。", "Hint: the shortest run is %d actions."},
	"exercise.hint.none":    {"ヒント: %d 手以内の実行では達成できない。", "Hint: no run of up to %d actions meets it."},
	"exercise.hint.wait":    {"ヒントを探している…", "Looking for a hint…"},
	"exercise.list":         {"課題を選ぶ", "Exercises"},
}
