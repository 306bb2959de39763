package ui

import (
	"strconv"

	"dlock/core"
)

// The hooks: data-testid names an element for tests and tools, data-value
// holds what it shows in words no language changes.

// none is the data-value of a hook that shows no value. go-app drops an
// attribute whose value is empty, so the hooks never use "".
const none = "none"

func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}

func tokenOrNone(t int64) string {
	if t == 0 {
		return none
	}
	return strconv.FormatInt(t, 10)
}

// resultValue is the language-independent value of the action-result hook:
// what the resource did with a write or read that reached it.
func resultValue(ev core.Event) string {
	switch ev.Result {
	case core.ResultAccepted, core.ResultStale:
		return "accepted"
	case core.ResultRejected:
		return "rejected"
	}
	return none
}

// badgeValue is the badge's language-independent value, in the book's
// words: "running" while a safe run goes on, "protected" when it ended
// safe, "at-risk" once a late write has landed without harm, "destroyed"
// once corrupted, "stuck" while stuck, and "reordered" once one holder's
// own writes landed out of order in a run that is otherwise safe (the
// resource is not protected from that, whatever the verdict).
func badgeValue(f core.Frame, last bool) string {
	switch {
	case f.Verdict == core.Corrupted:
		return "destroyed"
	case f.Verdict == core.Stuck:
		return "stuck"
	case f.Verdict == core.AtRisk:
		return "at-risk"
	case f.Reordered:
		return "reordered"
	case last && f.Step > 1:
		return "protected"
	}
	return "running"
}
