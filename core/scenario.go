package core

import (
	"errors"
	"fmt"
	"slices"
)

// ActionKind names one thing that can happen in a scenario.
type ActionKind string

// Action kinds.
const (
	// ActAcquire: the client asks the lock service for the lock with Lease.
	// Under Redlock it asks the Nodes it can reach (all five unless the
	// action names some) and holds the lock only with a majority. With
	// Hold, the service decides at once but its reply is held up in the
	// network until a Deliver of that message.
	ActAcquire ActionKind = "acquire"
	// ActRenew: the client extends its lease by Lease (a heartbeat). With
	// Hold, the request is held up in the network (a partition between the
	// client and the service) until a Deliver of that message: the service
	// decides then, and the client learns the answer then.
	ActRenew ActionKind = "renew"
	// ActRelease: the client gives the lock back.
	ActRelease ActionKind = "release"
	// ActWrite: the client writes Value to Resource (the scenario's first
	// resource if empty) with the token it believes it holds. A client that
	// believes it holds no lock does not write. With Hold, the write is
	// held up until a Deliver of that message: in the network on its way
	// to a resource that checks and applies at once, or, at a resource that
	// checks and then applies (Scenario.NonAtomic), between its check, made
	// now, and its apply.
	ActWrite ActionKind = "write"
	// ActRead: the client reads Resource showing its token (a fenced read,
	// or a no-op write): from then on a fenced resource refuses every
	// smaller token, so no late write can land between this read and the
	// client's write.
	ActRead ActionKind = "read"
	// ActPeek: the client reads Resource without showing its token (a
	// plain read): the resource checks nothing and changes nothing. A read
	// the client computes a later write from, and which does not raise
	// maxToken: a late write that lands after it is lost when the client
	// writes (HarmLostUpdate).
	ActPeek ActionKind = "peek"
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
	// ActTick: Ticks pass, on every clock.
	ActTick ActionKind = "tick"
	// ActJump: the lock service's clock (under Redlock, node 3's) jumps
	// Ticks ahead while every other clock stays: a clock stepped forward,
	// or one that runs fast.
	ActJump ActionKind = "jump"
	// ActDeliver: the held message Message arrives.
	ActDeliver ActionKind = "deliver"
	// ActRestart: the lock service restarts (under Redlock, node 3
	// does); see LockService.Restart.
	ActRestart ActionKind = "restart"
	// ActBackup: the lock service's state is backed up (under Redlock,
	// node 3's); see LockService.Snapshot.
	ActBackup ActionKind = "backup"
	// ActRestore: the lock service (under Redlock, node 3) is restored
	// from its last backup: everything since is forgotten, its token
	// counter included; see LockService.Restore.
	ActRestore ActionKind = "restore"
	// ActSync: the asynchronous replica of the lock service (under
	// Redlock, node 3's) catches up: it copies the primary's holder,
	// lease and token counter as they are now. Replication is
	// asynchronous: the primary answers its clients at once, and its
	// replica has what it has only from the next sync on. A service
	// replicated by consensus has nothing to catch up (a grant is
	// acknowledged once a majority has it).
	ActSync ActionKind = "sync"
	// ActFailover: the lock service's primary (under Redlock, node 3)
	// dies, and its replica takes over with only what it had at its last
	// sync; a service replicated by consensus elects a new leader, which
	// loses nothing acknowledged and restarts every lease at its full
	// length plus ElectionTimeout. A run fails over once at most.
	ActFailover ActionKind = "failover"
)

// ActionKinds lists every action kind, in the order free play offers them.
func ActionKinds() []ActionKind {
	return []ActionKind{ActAcquire, ActRenew, ActRelease, ActWrite, ActRead, ActPeek, ActCheck, ActPause,
		ActResume, ActCrash, ActTick, ActJump, ActDeliver, ActRestart, ActBackup, ActRestore, ActSync, ActFailover}
}

// Holdable reports whether an action of this kind sends a message that the
// network can hold up: an acquire (its reply), a renew, a write.
func (k ActionKind) Holdable() bool {
	return k == ActAcquire || k == ActRenew || k == ActWrite
}

// ByClient reports whether a client performs the action: its script item
// names the client before the verb (A:acquire), where one by no client is
// the verb alone (tick:5).
func (k ActionKind) ByClient() bool {
	switch k {
	case ActTick, ActJump, ActDeliver, ActRestart, ActBackup, ActRestore, ActSync, ActFailover:
		return false
	}
	return true
}

// Action is one event of a scenario. Fields that do not apply to Kind are
// ignored.
type Action struct {
	Kind     ActionKind
	Client   string // who acts (not for tick, jump, deliver, restart)
	Lease    int    // acquire, renew: leases shorter than one tick are one tick
	Value    string // write
	Resource string // write, read, peek: the resource ("" for the scenario's first)
	Ticks    int    // pause, tick, jump: how much time passes
	// Nodes are the Redlock nodes (1-based) an acquire reaches; empty for
	// all. The others cannot be reached (a network partition). With one
	// node it is ignored.
	Nodes   []int
	Hold    string // acquire, write: hold the message up under this id
	Message string // deliver: the id of the held message
}

// noteKey selects a step's note by what the step did and under which
// strategy; an empty field matches any.
type noteKey struct {
	Result   Result
	Strategy Strategy
}

// Step is one action of a scenario with, where the story needs its own
// words, the message ids of its notes. Without one, the page words the note
// from the event. Replay gives each frame the note of its run (Frame.Note).
type Step struct {
	Action Action
	// Note is the message id of the step's note; "" to word it from the
	// event. The built-in scenarios replace it for some runs: the same
	// step reads differently when, under another strategy, the lock is
	// refused or a late write is turned away.
	Note string
	// notes are those replacements, by noteKey. Keys are tried from the
	// most to the least specific: {result, strategy}, {"", strategy},
	// {result, ""}.
	notes map[noteKey]string
}

// note returns the message id explaining this step when it ended in result
// under st ("" for words generated from the event).
func (s Step) note(result Result, st Strategy) string {
	for _, k := range []noteKey{{result, st}, {"", st}, {result, ""}} {
		if n, ok := s.notes[k]; ok {
			return n
		}
	}
	return s.Note
}

// Scenario is a story told as data: who takes part, what happens step by
// step, and the message ids that explain it. Replay turns it into frames
// under a strategy.
type Scenario struct {
	ID        string
	Resources []string // the protected resources; writes go to the first unless they name one
	Clients   []string // the clients, in display order
	// FromReply lists the clients whose discipline is FromReply; every
	// other client is FromRequest.
	FromReply []string
	// NonAtomic: the resources that check tokens do it in a step of their
	// own, before they apply the write (newCheckThenApplyResource).
	NonAtomic bool
	// LockDelay is the lock service's lock-delay, in ticks (see
	// LockService.SetLockDelay); 0 for none. It matters only where grants
	// expire.
	LockDelay int
	Title     string // message id of the scenario's title
	Shows     string // message id of the one line saying what it teaches
	Start     string // message id of the note for the initial frame
	// Starts replace Start under some rows, where the initial frame's
	// note would not be true of them.
	Starts map[Strategy]string
	Steps  []Step
	// Contrast is the pair of strategies whose outcomes differ in the way
	// this scenario teaches; the compare view opens with it.
	Contrast [2]Strategy
}

// Errors found in a scenario.
var (
	// errUnknownClient: an action names a client the scenario does not list.
	errUnknownClient = errors.New("unknown client")
	// errDuplicateClient: the scenario lists a client twice.
	errDuplicateClient = errors.New("client listed twice")
	// errUnknownAction: an action kind Replay does not know.
	errUnknownAction = errors.New("unknown action")
	// errUnknownResource: an action names a resource the scenario does not
	// list, or the scenario lists none.
	errUnknownResource = errors.New("unknown resource")
	// errUnknownNode: an acquire names a node that is not one of Redlock's
	// five, or names one twice.
	errUnknownNode = errors.New("unknown node")
	// ErrNotHoldable: a hold on an action whose message cannot be held.
	ErrNotHoldable = errors.New("only an acquire, a renew or a write can be held")
	// errShortLease: an acquire or a renew asks for a lease shorter than
	// one tick. (The lock service itself takes one as a tick, as the
	// chapter's does; a scenario says what it means.)
	errShortLease = errors.New("a lease is at least one tick")
	// errClientCrashed: a crashed client was asked to act.
	errClientCrashed = errors.New("client has crashed")
	// errClientNotPaused: resume for a client that is not paused.
	errClientNotPaused = errors.New("client is not paused")
	// ErrUnknownMessage: deliver of a message that is not in the network.
	ErrUnknownMessage = errors.New("no such message in the network")
	// ErrDuplicateMessage: two messages held under one id.
	ErrDuplicateMessage = errors.New("message id used twice")
	// ErrNoBackup: a restore with no backup taken before it.
	ErrNoBackup = errors.New("no backup to restore from")
	// ErrFailedOver: a failover or a sync after the run's failover. The
	// failover used the replica up (it is the primary now, with none of
	// its own), and a service replicated by consensus that lost its leader
	// has two members of three left, so losing another would leave no
	// majority: the model fails a service over once per run.
	ErrFailedOver = errors.New("the lock service has already failed over: no replica is left")
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
// and resource names, action kinds, nodes, message ids and the arguments'
// signs. Replay calls it.
func (sc Scenario) Validate() error {
	fail := func(step int, err error) error {
		return &StepError{Scenario: sc.ID, Step: step, Err: err}
	}
	known := make(map[string]bool, len(sc.Clients))
	for _, c := range sc.Clients {
		if c == "" {
			return fail(1, errEmptyClient)
		}
		if known[c] {
			return fail(1, fmt.Errorf("%w: %q", errDuplicateClient, c))
		}
		known[c] = true
	}
	for _, c := range sc.FromReply {
		if !known[c] {
			return fail(1, fmt.Errorf("%w: %q", errUnknownClient, c))
		}
	}
	if len(sc.Resources) == 0 {
		return fail(1, errUnknownResource)
	}
	if sc.LockDelay < 0 {
		return fail(1, errNegativeTick)
	}
	resources := map[string]bool{}
	for _, r := range sc.Resources {
		if r == "" || resources[r] {
			return fail(1, fmt.Errorf("%w: %q", errUnknownResource, r))
		}
		resources[r] = true
	}
	held := map[string]bool{}      // ids held so far
	delivered := map[string]bool{} // ids delivered so far
	backedUp := false
	failedOver := 0 // the step of the failover, 0 before it
	for i, st := range sc.Steps {
		a, step := st.Action, i+2
		switch {
		case !slices.Contains(ActionKinds(), a.Kind):
			return fail(step, fmt.Errorf("%w: %q", errUnknownAction, a.Kind))
		case (a.Kind == ActFailover || a.Kind == ActSync) && failedOver != 0:
			return fail(step, fmt.Errorf("%w (action %d)", ErrFailedOver, failedOver-1))
		case a.Kind == ActFailover:
			failedOver = step
		case a.Kind == ActBackup:
			backedUp = true
		case a.Kind == ActRestore && !backedUp:
			return fail(step, ErrNoBackup)
		case a.Kind == ActDeliver:
			if !held[a.Message] || delivered[a.Message] {
				return fail(step, fmt.Errorf("%w: %q", ErrUnknownMessage, a.Message))
			}
			delivered[a.Message] = true
		case a.Kind.ByClient() && a.Client == "":
			return fail(step, errEmptyClient)
		case a.Kind.ByClient() && !known[a.Client]:
			return fail(step, fmt.Errorf("%w: %q", errUnknownClient, a.Client))
		}
		if (a.Kind == ActWrite || a.Kind == ActRead || a.Kind == ActPeek) && a.Resource != "" && !resources[a.Resource] {
			return fail(step, fmt.Errorf("%w: %q", errUnknownResource, a.Resource))
		}
		seen := map[int]bool{}
		for _, n := range a.Nodes {
			if n < 1 || n > redlockNodes || seen[n] {
				return fail(step, fmt.Errorf("%w: %d", errUnknownNode, n))
			}
			seen[n] = true
		}
		if (a.Kind == ActAcquire || a.Kind == ActRenew) && a.Lease < 1 {
			return fail(step, fmt.Errorf("%w: %d", errShortLease, a.Lease))
		}
		if a.Hold != "" {
			if !a.Kind.Holdable() {
				return fail(step, fmt.Errorf("%w: %s", ErrNotHoldable, a.Kind))
			}
			if held[a.Hold] {
				return fail(step, fmt.Errorf("%w: %q", ErrDuplicateMessage, a.Hold))
			}
			held[a.Hold] = true
		}
		if a.Ticks < 0 {
			return fail(step, errNegativeTick)
		}
	}
	return nil
}

// startNote returns the message id of the initial frame's note under st.
func (sc Scenario) startNote(st Strategy) string {
	if n, ok := sc.Starts[st]; ok {
		return n
	}
	return sc.Start
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

// Replicates reports whether some step syncs the lock service's replica
// or fails the service over, so a viewer needs to see the replica.
func (sc Scenario) Replicates() bool {
	for _, st := range sc.Steps {
		if k := st.Action.Kind; k == ActSync || k == ActFailover {
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
