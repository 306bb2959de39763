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
	// With Hold, the service decides at once but its reply is held in the
	// network until a Deliver of that message; the client then measures its
	// lease from when the reply arrives, as a client without synchronised
	// clocks does.
	ActAcquire ActionKind = "acquire"
	// ActRenew: the client extends its lease by Lease (a heartbeat).
	ActRenew ActionKind = "renew"
	// ActRelease: the client gives the lock back.
	ActRelease ActionKind = "release"
	// ActWrite: the client writes Value to the resource with the token it
	// believes it holds. A client that believes it holds no lock does not
	// write. With Hold, the write is sent but held in the network until a
	// Deliver of that message.
	ActWrite ActionKind = "write"
	// ActCheck: the client checks its own view of its lease; if it sees the
	// lease has run out it stops believing it holds the lock.
	ActCheck ActionKind = "check"
	// ActPause: the client stops (a GC pause) and Ticks pass while it is
	// stopped. It stays paused until it acts again or is resumed.
	ActPause ActionKind = "pause"
	// ActResume: a paused client runs again, with the beliefs it had.
	ActResume ActionKind = "resume"
	// ActCrash: the client dies; it can no longer act and believes nothing.
	ActCrash ActionKind = "crash"
	// ActTick: Ticks pass.
	ActTick ActionKind = "tick"
	// ActDeliver: the network delivers the held message Message.
	ActDeliver ActionKind = "deliver"
	// ActRestart: the lock service restarts (see LockService.Restart).
	ActRestart ActionKind = "restart"
)

// Action is one event of a scenario. Fields that do not apply to Kind are
// ignored.
type Action struct {
	Kind    ActionKind
	Client  string // who acts (not for tick, deliver, restart)
	Lease   int    // acquire, renew
	Value   string // write
	Ticks   int    // pause, tick: how much time passes
	Hold    string // acquire, write: hold the message in the network under this id
	Message string // deliver: the id of the held message
}

// Step is one action of a scenario with the message id of the note that
// explains it.
type Step struct {
	Action Action
	Note   string
	// Notes replace Note for some runs: the same step reads differently
	// when, under another strategy, the lock is refused or a late write is
	// turned away. Keys are tried in the order "result@strategy",
	// "@strategy", "result", where result is the step's Event.Result.
	Notes map[string]string
}

// note returns the message id explaining this step when it ended in result
// under st.
func (s Step) note(result string, st Strategy) string {
	for _, k := range []string{result + "@" + string(st), "@" + string(st), result} {
		if n, ok := s.Notes[k]; ok {
			return n
		}
	}
	return s.Note
}

// Scenario is a story told as data: who takes part, what happens step by
// step, and the message ids that explain it. Replay turns it into frames
// under a strategy.
type Scenario struct {
	ID       string
	Resource string   // name of the protected resource
	Clients  []string // the clients, in display order
	Title    string   // message id of the scenario's title
	Shows    string   // message id of the one line saying what it teaches
	Start    string   // message id of the note for the initial frame
	Steps    []Step
	// Contrast is the pair of strategies whose outcomes differ in the way
	// this scenario teaches; the compare view opens with it.
	Contrast [2]Strategy
}

// Errors found in a scenario.
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
	// ErrUnknownMessage: deliver of a message that is not in the network.
	ErrUnknownMessage = errors.New("no such message in the network")
	// ErrDuplicateMessage: two messages held under one id.
	ErrDuplicateMessage = errors.New("message id used twice")
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
// names, action kinds, message ids and the arguments' signs. Replay calls it.
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
	held := map[string]bool{}      // ids held so far
	delivered := map[string]bool{} // ids delivered so far
	for i, st := range sc.Steps {
		a, step := st.Action, i+2
		switch a.Kind {
		case ActTick, ActRestart:
		case ActDeliver:
			if !held[a.Message] || delivered[a.Message] {
				return fail(step, fmt.Errorf("%w: %q", ErrUnknownMessage, a.Message))
			}
			delivered[a.Message] = true
		case ActAcquire, ActRenew, ActRelease, ActWrite, ActCheck, ActPause, ActResume, ActCrash:
			if a.Client == "" {
				return fail(step, ErrEmptyClient)
			}
			if !known[a.Client] {
				return fail(step, fmt.Errorf("%w: %q", ErrUnknownClient, a.Client))
			}
		default:
			return fail(step, fmt.Errorf("%w: %q", ErrUnknownAction, a.Kind))
		}
		if a.Hold != "" && (a.Kind == ActAcquire || a.Kind == ActWrite) {
			if held[a.Hold] {
				return fail(step, fmt.Errorf("%w: %q", ErrDuplicateMessage, a.Hold))
			}
			held[a.Hold] = true
		}
		if a.Ticks < 0 {
			return fail(step, ErrNegativeTick)
		}
	}
	return nil
}

// HoldsMessages reports whether some step holds a message in the network,
// so a viewer needs to see what is in flight.
func (sc Scenario) HoldsMessages() bool {
	for _, st := range sc.Steps {
		if st.Action.Hold != "" {
			return true
		}
	}
	return false
}

// Frames returns how many frames Replay gives for sc: the initial state and
// one per step, under every strategy.
func (sc Scenario) Frames() int { return len(sc.Steps) + 1 }

// Versus returns the strategy to compare st with in this scenario: the other
// half of its Contrast, or Contrast[1] when st is not part of it.
func (sc Scenario) Versus(st Strategy) Strategy {
	switch st {
	case sc.Contrast[1]:
		return sc.Contrast[0]
	case sc.Contrast[0]:
		return sc.Contrast[1]
	}
	return sc.Contrast[1]
}
