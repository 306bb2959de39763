package ui

import (
	"fmt"
	"testing"

	"dlock/core"
	"dlock/web/state"
)

// A script's problem names the item it is in, or the action that could not
// run, however deep in the chain core put the error that says where.
func TestScriptProblemNamesWhere(t *testing.T) {
	_, err := core.ParseScript("A:acquire,A:teleport")
	if got, want := scriptProblem(state.English, err), `item 2 ("A:teleport"): an unknown action`; got != want {
		t.Errorf("parse error: %q, want %q", got, want)
	}
	_, err = core.ParseScript("A:acquire,deliver:m9") // read, but not runnable
	if got, want := scriptProblem(state.English, err), "action 2: no such message is held up"; got != want {
		t.Errorf("step error: %q, want %q", got, want)
	}
	wrapped := fmt.Errorf("opening the address: %w", err)
	if got, want := scriptProblem(state.English, wrapped), "action 2: no such message is held up"; got != want {
		t.Errorf("wrapped step error: %q, want %q", got, want)
	}
}
