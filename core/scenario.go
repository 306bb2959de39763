package core

import (
	"errors"
	"fmt"
)

// ActionKind names one thing that can happen in a scenario.
type ActionKind string

// Action kinds.
const (
	// ActAcquire: the client asks the lock service for the lock with Lease.
	ActAcquire ActionKind = "acquire"
	// ActRenew: the client extends its lease by Lease (a heartbeat).
	ActRenew ActionKind = "renew"
	// ActRelease: the client gives the lock back.
	ActRelease ActionKind = "release"
	// ActWrite: the client writes Value to the resource with the token it
	// believes it holds.
	ActWrite ActionKind = "write"
	// ActPause: the client stops (a GC pause) and Ticks pass while it is
	// stopped. It stays paused until it acts again or is resumed.
	ActPause ActionKind = "pause"
	// ActResume: a paused client runs again, with the beliefs it had.
	ActResume ActionKind = "resume"
	// ActCrash: the client dies; it can no longer act and believes nothing.
	ActCrash ActionKind = "crash"
	// ActTick: Ticks pass.
	ActTick ActionKind = "tick"
)

// Action is one event of a scenario. Fields that do not apply to Kind are
// ignored.
type Action struct {
	Kind   ActionKind
	Client string // who acts (not for ActTick)
	Lease  int    // ActAcquire, ActRenew
	Value  string // ActWrite
	Ticks  int    // ActPause, ActTick: how much time passes
}

// Step is one action of a scenario with the message id of the note that
// explains it.
type Step struct {
	Action Action
	Note   string
	// Notes, for a write whose result is a key, replace Note: the same
	// late write is explained differently when it is refused and when it
	// destroys data.
	Notes map[WriteResult]string
}

// Scenario is a story told as data: who takes part, what happens step by
// step, and the message ids that explain each frame. Replay turns it into
// frames.
type Scenario struct {
	ID       string
	Resource string   // name of the protected resource
	Clients  []string // the clients, in display order
	Start    string   // message id of the note for the initial frame
	Steps    []Step
}

// Errors found in a scenario before it runs.
var (
	// ErrUnknownClient: an action names a client the scenario does not list.
	ErrUnknownClient = errors.New("unknown client")
	// ErrDuplicateClient: the scenario lists a client twice.
	ErrDuplicateClient = errors.New("client listed twice")
	// ErrUnknownAction: an action kind Replay does not know.
	ErrUnknownAction = errors.New("unknown action")
	// ErrClientCrashed: a crashed client was asked to act.
	ErrClientCrashed = errors.New("client has crashed")
	// ErrClientNotPaused: resume for a client that is not paused.
	ErrClientNotPaused = errors.New("client is not paused")
)

// StepError reports the step (1-based, counting the initial frame as step 1,
// so the first action is step 2) at which a scenario went wrong.
type StepError struct {
	Scenario string
	Step     int
	Err      error
}

func (e *StepError) Error() string {
	return fmt.Sprintf("scenario %q, step %d: %v", e.Scenario, e.Step, e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// Validate checks what can be checked without running the scenario: client
// names, action kinds and the arguments' signs. Replay calls it.
func (sc Scenario) Validate() error {
	fail := func(step int, err error) error {
		return &StepError{Scenario: sc.ID, Step: step, Err: err}
	}
	known := make(map[string]bool, len(sc.Clients))
	for _, c := range sc.Clients {
		if c == "" {
			return fail(1, ErrEmptyClient)
		}
		if known[c] {
			return fail(1, fmt.Errorf("%w: %q", ErrDuplicateClient, c))
		}
		known[c] = true
	}
	for i, st := range sc.Steps {
		a := st.Action
		switch a.Kind {
		case ActTick:
		case ActAcquire, ActRenew, ActRelease, ActWrite, ActPause, ActResume, ActCrash:
			if a.Client == "" {
				return fail(i+2, ErrEmptyClient)
			}
			if !known[a.Client] {
				return fail(i+2, fmt.Errorf("%w: %q", ErrUnknownClient, a.Client))
			}
		default:
			return fail(i+2, fmt.Errorf("%w: %q", ErrUnknownAction, a.Kind))
		}
		if a.Ticks < 0 {
			return fail(i+2, ErrNegativeTick)
		}
	}
	return nil
}
