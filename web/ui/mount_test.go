package ui

import (
	"testing"

	"dlock/web/state"
)

// Held parts are let go top to bottom: one a task at least, then more
// while what they build stays within the budget; all at once when the
// state changes.
func TestHeldPartsLetGoInOrderWithinTheBudget(t *testing.T) {
	s := state.Defaults()
	h := heldParts{
		parts:    map[string]string{"body": "b", "cards": "c", "timeline": "t", "row-1": "1", "row-2": "2", "embed": "e"},
		order:    []string{"body", "cards", "timeline", "row-1", "row-2", "embed"},
		weight:   map[string]int{"body": 3000, "cards": 1000, "timeline": mountBudget + 5000, "row-1": 4000, "row-2": 4000, "embed": 2500},
		drawnFor: s,
	}
	var tasks [][]string
	for h.holding() {
		before := h.copy()
		next := h.upNext()
		h.next()
		var gone []string
		for _, key := range []string{"body", "cards", "timeline", "row-1", "row-2", "embed"} {
			if _, was := before[key]; was {
				if _, still := h.parts[key]; !still {
					gone = append(gone, key)
				}
			}
		}
		if len(gone) == 0 || gone[0] != next {
			t.Fatalf("a task let go of %v, not starting with %q", gone, next)
		}
		tasks = append(tasks, gone)
	}
	want := [][]string{{"body", "cards"}, {"timeline"}, {"row-1", "row-2"}, {"embed"}}
	if len(tasks) != len(want) {
		t.Fatalf("tasks %v, want %v", tasks, want)
	}
	for i := range want {
		if len(tasks[i]) != len(want[i]) || tasks[i][0] != want[i][0] {
			t.Errorf("task %d let go of %v, want %v", i, tasks[i], want[i])
		}
	}
	if h.copy() != nil {
		t.Error("nothing held, yet copy is not nil")
	}

	h = heldParts{parts: map[string]string{"body": "b"}, order: []string{"body"}, weight: map[string]int{"body": 1}, drawnFor: s}
	h.follow(noCtx, s, s, byCommand)
	if !h.holding() {
		t.Error("the same state let go of the parts")
	}
	moved := s
	moved.Step++
	h.follow(noCtx, s, moved, byCommand)
	if h.holding() {
		t.Error("another state kept the parts drawn for the first")
	}
}
