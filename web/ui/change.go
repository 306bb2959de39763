package ui

import (
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A change of the page's settings is one event with its cause: Demo.set
// makes the new settings the page's state and tells every part that
// follows them, once, what they were, what they are now and why they
// changed. Each part decides from that alone: play pauses unless it made
// the step, predict mode closes its question unless it moved the page
// itself, the address is written unless it is what was read.

// cause is why the page's settings change.
type cause uint8

const (
	byCommand cause = iota // a step key or button, the fencing or language switch
	byPlay                 // play's own step
	byQuiz                 // predict mode: a question opened, or answered
	byMark                 // a timeline's mark opened
	byLink                 // a component's control: a picker, the editor, a course link, a switch
	byHistory              // a move in the browser's history: the address is the state
	byNav                  // a navigation: the address read is the state
	byLoader               // a command the loader had not done, done at the first navigation
	byReset                // the way back from the crash view
)

// follower is a part of the page that follows its settings.
type follower interface {
	// follow is told that the settings went from was to now, by by.
	follow(ctx app.Context, was, now state.Settings, by cause)
}

// read reports whether the change is the address being read (a
// navigation or a move in the history): the address already says it.
func (by cause) read() bool { return by == byNav || by == byHistory }
