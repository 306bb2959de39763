package ui

import (
	stdhtml "html"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/course"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The course lists every scenario in the chapter's order, then the
// matrix; each scenario's lesson opens it in predict mode, and every
// exercise is in one lesson: the first whose contrast has its row.
func TestCourseListsEveryScenarioInOrder(t *testing.T) {
	runs := state.NewRuns()
	lessons := courseLessons(runs)
	scenarios := core.Scenarios()
	if len(lessons) != len(scenarios)+1 {
		t.Fatalf("%d lessons for %d scenarios and the matrix", len(lessons), len(scenarios))
	}
	seen := map[string]bool{}
	for i, l := range lessons {
		for _, e := range l.exercises {
			if seen[e.ID] {
				t.Errorf("exercise %s is listed twice", e.ID)
			}
			seen[e.ID] = true
			for _, earlier := range scenarios[:min(i, len(scenarios))] {
				if slices.Contains(earlier.Contrast[:], e.Strategy) {
					t.Errorf("exercise %s is in lesson %d, after %s, which contrasts its row", e.ID, i, earlier.ID)
				}
			}
		}
		if i == len(scenarios) {
			if l.sc != nil {
				t.Errorf("the last lesson is %s, not the matrix", l.sc.ID)
			}
			continue
		}
		if l.sc == nil || l.sc.ID != scenarios[i].ID {
			t.Errorf("lesson %d is not %s", i, scenarios[i].ID)
		}
	}
	for _, e := range course.Exercises() {
		if !seen[e.ID] {
			t.Errorf("exercise %s is in no lesson", e.ID)
		}
	}
	// The chapter's story turns on A's late write, which the fenced
	// resource refuses.
	q := lessons[0].question
	if q.Ask != course.AskWrite || q.Client != "A" || q.Resource != "row-42" || q.Answer != course.ChoiceRefused {
		t.Errorf("the chapter's story turns on %+v", q)
	}

	// A safe run is decided by nothing before its last step: it turns on
	// the last check that refused something. partitioned-holder turns on
	// A's write refused by the fence, not on its late renewal; restart-
	// during-lease on B's acquire refused by the service that kept A's
	// lock through the restart, not on A's ordinary write after it.
	turns := map[string]struct {
		ask            course.Ask
		client, answer string
	}{
		"partitioned-holder": {course.AskWrite, "A", course.ChoiceRefused},
		// A stuck run decided by a grant turns on that grant's token: the
		// resource's answer to the holder's write.
		"restore-from-backup":  {course.AskWrite, "A", course.ChoiceRefused},
		"restart-during-lease": {course.AskGrant, "B", course.ChoiceRefused},
		"same-token-retry":     {course.AskWrite, "A", course.ChoiceRefused},
		"heartbeat":            {course.AskGrant, "B", course.ChoiceRefused},
	}
	for _, l := range lessons[:len(scenarios)] {
		if want, ok := turns[l.sc.ID]; ok {
			if q := l.question; q.Ask != want.ask || q.Client != want.client || q.Answer != want.answer {
				t.Errorf("%s turns on %+v, want %s of %s answered %s", l.sc.ID, q, want.ask, want.client, want.answer)
			}
		}
		r := runs.Run(*l.sc, l.st)
		if core.VerdictOf(r.Frames) != core.Safe {
			continue
		}
		// No later step of a safe run refuses anything.
		for i := l.question.Frame + 1; i < len(r.Frames); i++ {
			if refusedByACheck(r.Frames[i].Event) {
				t.Errorf("%s turns on step %d, but step %d refuses something after it", l.sc.ID, l.question.Frame+1, i+1)
			}
		}
	}

	page := state.Settings{View: state.ViewCourse, Lang: state.English}
	c := &coursePanel{Lang: state.English, Path: "/", Live: true, Runs: runs, Link: pageOf(&page)}
	html := stdhtml.UnescapeString(app.HTMLString(mounted(t, c)))
	if n := strings.Count(html, `data-testid="course-lesson"`); n != len(lessons) {
		t.Errorf("%d lessons drawn, want %d", n, len(lessons))
	}
	for _, want := range []string{
		"The question it turns on: " + words.QuestionText(state.English, lessons[0].question),
		"Will row-42 accept A's write of “A-STALE” with token 1?",
		"0 of " + itoa(len(scenarios)) + " lessons done",
		words.T(state.English, "same-token-retry.asks"),
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the course lacks %q", want)
		}
	}
	hrefs := attrs(html, "course-open")
	if len(hrefs) != len(lessons) {
		t.Fatalf("%d links for %d lessons", len(hrefs), len(lessons))
	}
	for i, sc := range scenarios {
		u, err := url.Parse(hrefs[i])
		if err != nil {
			t.Fatal(err)
		}
		s, bad := state.ParseSettings(runs, u.Query())
		if len(bad) > 0 || !s.Quiz || s.View != state.ViewDemo || s.Scenario != sc.ID {
			t.Errorf("lesson %s opens %+v (%v)", sc.ID, s, bad)
		}
	}

	// Nothing of a lesson's story is in the course: it would answer the
	// lesson's questions.
	for _, sc := range scenarios {
		if strings.Contains(html, words.T(state.English, sc.Shows)) {
			t.Errorf("the course tells the story of %s", sc.ID)
		}
	}

	// A lesson done says its score, one walked in part says so, and the
	// progress counts the one done; a solved exercise is marked.
	c = &coursePanel{Lang: state.English, Path: "/", Live: true, Runs: runs, Link: pageOf(&page)}
	c.progress = courseProgress{Lessons: map[string]lessonScore{core.GCPauseID: {Right: 2, Asked: 3}, "delayed-write": {Right: 0, Asked: 1, Of: 4}},
		Exercises: map[string]bool{"corrupt-lease": true}}
	html = app.HTMLString(c)
	if !strings.Contains(html, "Done (2 of 3 right)") || !strings.Contains(html, "1 of "+itoa(len(scenarios))+" lessons done, 2 of 3 answers right") {
		t.Errorf("a lesson done is not said")
	}
	if !strings.Contains(html, "Partly done: 1 of 4 questions answered, 0 right") || !strings.Contains(html, `data-value="partial"`) {
		t.Errorf("a lesson walked in part is not said")
	}
	if !strings.Contains(html, "1 of "+itoa(len(course.Exercises()))+" exercises solved") ||
		strings.Count(html, `data-testid="course-solved"`) != 1 || !strings.Contains(html, `data-testid="course-solved" data-value="corrupt-lease"`) {
		t.Errorf("a solved exercise is not marked")
	}
	// The reset asks first; cancelled, it keeps the progress; confirmed, it
	// clears it.
	c.onReset(noCtx, app.Event{})
	if html = app.HTMLString(c); !strings.Contains(html, `data-testid="course-reset-yes"`) || !strings.Contains(html, "Done (") {
		t.Errorf("the reset does not ask first")
	}
	c.onConfirm(true)(noCtx, app.Event{})
	if html = app.HTMLString(c); strings.Contains(html, `data-testid="course-reset-yes"`) || !strings.Contains(html, "Done (") {
		t.Errorf("the reset cancelled clears the progress")
	}
	c.onReset(noCtx, app.Event{})
	c.onConfirm(false)(noCtx, app.Event{})
	if html = app.HTMLString(c); strings.Contains(html, "Done (") || strings.Contains(html, "course-solved") {
		t.Errorf("the reset leaves a lesson done, or an exercise solved")
	}
}

// A walk in part never replaces a whole one; of two whole walks the
// better is kept; of two in part, the latest.
func TestTheBestWholeWalkIsKept(t *testing.T) {
	whole, better, part := lessonScore{Right: 4, Asked: 7, Of: 7}, lessonScore{Right: 5, Asked: 7, Of: 7}, lessonScore{Right: 0, Asked: 1, Of: 7}
	for _, c := range []struct {
		s, was lessonScore
		keep   bool
	}{
		{part, whole, false}, {whole, part, true}, {better, whole, true}, {whole, better, false}, {whole, whole, false},
		{part, lessonScore{Right: 1, Asked: 2, Of: 7}, true}, {part, lessonScore{Right: 3, Asked: 3}, false},
	} {
		if got := c.s.better(c.was); got != c.keep {
			t.Errorf("%+v over %+v: %v, want %v", c.s, c.was, got, c.keep)
		}
	}
}

// attrs are the href of every element with that data-testid, in order.
func attrs(html, testid string) []string {
	var out []string
	for _, part := range strings.Split(html, `data-testid="`+testid+`"`)[1:] {
		i := strings.Index(part, `href="`)
		j := strings.Index(part[i+6:], `"`)
		out = append(out, part[i+6:i+6+j])
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// Each exercise is judged solved by a run that meets it and unsolved, with
// the model's reason, by one that does not; the hint is the search's.
func TestExercisePanelJudgesTheRun(t *testing.T) {
	runs := state.NewRuns()
	cases := map[string]struct{ solves, misses, reason string }{
		"corrupt-lease":                   {"A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "A:acquire,A:write:A", "this run is ✓ safe, not ✗ corrupted"},
		"corrupt-without-pause":           {"A:acquire,A:write:A1@w1,A:release,B:acquire,B:write:B,deliver:w1", "A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "item 2 uses pause (GC), which this exercise leaves out"},
		"corrupt-redlock-without-waiting": {"A:acquire:10:n123,restart,B:acquire,B:write:B,A:write:A", "A:acquire,restart,B:acquire", "not ✗ corrupted"},
		"stuck-without-ttl":               {"A:acquire,A:crash", "A:acquire,A:release,B:acquire", "not ⊘ stuck"},
		"stuck-with-fencing":              {"A:acquire,A:pause:10,A:acquire,A:write:A,restart,A:acquire", "A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "not ⊘ stuck"},
		"break-consensus":                 {"A:acquire,A:pause:10,B:acquire,B:peek,A:write:A,B:write:B", "A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "not ✗ corrupted"},
		"risk-optimistic":                 {"A:acquire,B:acquire,A:write:A", "A:acquire,A:write:A,B:acquire,B:write:B", "not △ at risk"},
	}
	for _, e := range course.Exercises() {
		c, ok := cases[e.ID]
		if !ok {
			t.Errorf("exercise %s has no case here", e.ID)
			continue
		}
		page := state.Settings{View: state.ViewPlay, Lang: state.English}
		p := &exercisePanel{Exercise: e.ID, Script: c.solves, Lang: state.English, Runs: runs, Link: pageOf(&page)}
		p.startHint(noCtx)
		html := app.HTMLString(p)
		if !strings.Contains(html, `data-value="solved"`) {
			t.Errorf("%s: %q is not solved", e.ID, c.solves)
		}
		if p.hint == nil || !p.hint.done || !p.hint.result.Found {
			t.Errorf("%s: no hint", e.ID)
		} else if !strings.Contains(html, "Hint: the shortest run is "+itoa(p.hint.result.Length)+" actions") {
			t.Errorf("%s: the hint is not said", e.ID)
		}
		p = &exercisePanel{Exercise: e.ID, Script: c.misses, Lang: state.English, Runs: runs, Link: pageOf(&page)}
		html = stdhtml.UnescapeString(app.HTMLString(p))
		if !strings.Contains(html, `data-value="unsolved"`) || !strings.Contains(html, c.reason) {
			t.Errorf("%s: %q is not unsolved for %q", e.ID, c.misses, c.reason)
		}
	}
	// break-consensus says which assumption it steps outside.
	e, _ := course.ExerciseByID("break-consensus")
	p := &exercisePanel{Exercise: e.ID, Lang: state.English, Runs: runs}
	if html := app.HTMLString(p); !strings.Contains(html, "steps outside the chapter") {
		t.Errorf("break-consensus does not say the assumption it steps outside")
	}
}
