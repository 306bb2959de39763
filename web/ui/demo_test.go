package ui

import (
	"slices"
	"testing"

	"dlock/web/state"
)

// What the loader left is spent once: the commands it had not done are
// done at the first navigation, in order, and the address the page was
// opened at stops standing for the one read.
func TestTheHandoverIsSpentAtTheFirstNavigation(t *testing.T) {
	opened := "?step=99&lang=en"
	h := handover{opened: &opened, commands: []state.Command{state.CmdNext, state.CmdToggleFencing, state.CmdNext}}
	if q, ok := h.opening(); !ok || q.Get("step") != "99" || q.Get("lang") != "en" {
		t.Errorf("before the first navigation, the opening address reads %v, %v", q, ok)
	}
	var done []state.Command
	do := func(cmd state.Command) { done = append(done, cmd) }
	h.navigated(do)
	h.navigated(do)
	if want := []state.Command{state.CmdNext, state.CmdToggleFencing, state.CmdNext}; !slices.Equal(done, want) {
		t.Errorf("two navigations did %v, want %v", done, want)
	}
	if q, ok := h.opening(); ok {
		t.Errorf("after a navigation, the opening address still reads %v", q)
	}
	var none handover
	if _, ok := none.opening(); ok {
		t.Error("a page the loader handed nothing has an opening address")
	}
}
