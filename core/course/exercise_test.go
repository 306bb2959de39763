package course

import (
	"testing"

	"dlock/core"
)

// Each exercise is solved by a run that meets it, and not by one that
// does not, with the reason: a kind of action it leaves out (the item
// named), or a verdict short of its goal. The search finds a run that
// meets each, and the model solves it too.
func TestExercisesAreJudgedByTheModel(t *testing.T) {
	cases := map[string]struct {
		solves, missesVerdict, missesAction string
		item                                int
	}{
		"corrupt-lease":                   {"A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "A:acquire,A:write:A", "", 0},
		"corrupt-without-pause":           {"A:acquire,A:write:A1@w1,A:release,B:acquire,B:write:B,deliver:w1", "A:acquire,A:check,A:write:A", "A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", 2},
		"corrupt-redlock-without-waiting": {"A:acquire:10:n123,restart,B:acquire,B:write:B,A:write:A", "A:acquire,restart,B:acquire", "A:acquire,tick:10,B:acquire,B:write:B,A:write:A", 2},
		"stuck-without-ttl":               {"A:acquire,A:crash", "A:acquire,A:release,B:acquire", "", 0},
		"stuck-with-fencing":              {"A:acquire,A:pause:10,A:acquire,A:write:A,restart,A:acquire", "A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "", 0},
		"break-consensus":                 {"A:acquire,A:pause:10,B:acquire,B:peek,A:write:A,B:write:B", "A:acquire,A:pause:10,B:acquire,B:write:B,A:write:A", "", 0},
		"risk-optimistic":                 {"A:acquire,B:acquire,A:write:A", "A:acquire,A:write:A,B:acquire,B:write:B", "", 0},
	}
	for _, e := range Exercises() {
		c, ok := cases[e.ID]
		if !ok {
			t.Errorf("exercise %s has no case here", e.ID)
			continue
		}
		judge := func(script string) Judgement {
			t.Helper()
			sc, err := core.ParseScript(script)
			if err != nil {
				t.Fatal(err)
			}
			j, err := e.Judge(sc)
			if err != nil {
				t.Fatal(err)
			}
			return j
		}
		if j := judge(c.solves); !j.Solved || j.Miss != "" {
			t.Errorf("%s: %s is not judged solved: %+v", e.ID, c.solves, j)
		}
		if j := judge(c.missesVerdict); j.Solved || j.Miss != MissVerdict || Met(e.Goal, j.Verdict) {
			t.Errorf("%s: %s is judged %+v, want unsolved for its verdict", e.ID, c.missesVerdict, j)
		}
		if c.missesAction != "" {
			if j := judge(c.missesAction); j.Solved || j.Miss != MissAction || j.Item != c.item {
				t.Errorf("%s: %s is judged %+v, want unsolved for the action at item %d", e.ID, c.missesAction, j, c.item)
			}
		}
		found, err := e.Shortest(7)
		if err != nil {
			t.Fatal(err)
		}
		if !found.Found {
			t.Errorf("%s: the search finds no run up to 7 actions", e.ID)
			continue
		}
		if j := judge(found.Script); !j.Solved {
			t.Errorf("%s: the search's run %s is not judged solved: %+v", e.ID, found.Script, j)
		}
		delete(cases, e.ID)
	}
	for id := range cases {
		t.Errorf("no exercise %s", id)
	}
	if _, ok := ExerciseByID("nope"); ok {
		t.Error("an unknown exercise is found")
	}
	// Every row a reader can break has an exercise; consensus with
	// fencing only by a step outside the chapter's assumptions.
	rows := map[core.Strategy]bool{}
	for _, e := range Exercises() {
		rows[e.Strategy] = true
		if e.Strategy == core.Consensus && !e.Steps.Peek {
			t.Errorf("%s breaks consensus without a tokenless read", e.ID)
		}
	}
	for _, st := range core.Strategies() {
		if !rows[st] {
			t.Errorf("no exercise under %s", st)
		}
	}
}
