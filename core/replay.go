package core

import (
	"errors"
	"fmt"
	"slices"
)

// Options choose how a scenario is played.
type Options struct {
	// Fencing makes the resource check fencing tokens.
	Fencing bool
}

// Replay plays sc from the initial state and returns one frame for the
// initial state followed by one per step. It is a pure function of its
// arguments: the same scenario and options always give the same frames.
// A scenario that asks for something impossible (a crashed client acting,
// time overflowing) gives a *StepError and no frames.
func Replay(sc Scenario, opt Options) ([]Frame, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	w := newWorld(sc, opt)
	frames := make([]Frame, 0, len(sc.Steps)+1)
	frames = append(frames, w.frame(1, Event{}, sc.Start))
	for i, st := range sc.Steps {
		before, _ := w.lock.Holder()
		ev, err := w.apply(st.Action)
		if err != nil {
			return nil, &StepError{Scenario: sc.ID, Step: i + 2, Err: err}
		}
		if after, _ := w.lock.Holder(); before != "" && after == "" && ev.Kind != ActRelease {
			ev.Expired = before
		}
		note := st.Note
		if n, ok := st.Notes[ev.Write]; ok && ev.Write != "" {
			note = n
		}
		frames = append(frames, w.frame(i+2, ev, note))
	}
	if last := &frames[len(frames)-1]; last.Outcome == Ongoing {
		last.Outcome = Protected
	}
	return frames, nil
}

// world is the mutable state Replay steps through.
type world struct {
	lock      *LockService
	resource  *Resource
	clients   []ClientView
	destroyed bool
}

func newWorld(sc Scenario, opt Options) *world {
	w := &world{lock: New()}
	if opt.Fencing {
		w.resource = NewResource(sc.Resource)
	} else {
		w.resource = NewUnfencedResource(sc.Resource)
	}
	for _, name := range sc.Clients {
		w.clients = append(w.clients, ClientView{Name: name, State: Idle})
	}
	return w
}

func (w *world) client(name string) *ClientView {
	for i := range w.clients {
		if w.clients[i].Name == name {
			return &w.clients[i]
		}
	}
	return nil
}

// apply performs one action. Refusals by the lock service are part of the
// story and end up in the Event; anything else is an error in the scenario.
func (w *world) apply(a Action) (Event, error) {
	ev := Event{Kind: a.Kind, Client: a.Client, Lease: a.Lease, Value: a.Value, Ticks: a.Ticks}
	if a.Kind == ActTick {
		return ev, w.lock.Tick(a.Ticks)
	}
	c := w.client(a.Client)
	if c.State == Crashed {
		return ev, ErrClientCrashed
	}
	switch a.Kind {
	case ActPause:
		if err := w.lock.Tick(a.Ticks); err != nil {
			return ev, err
		}
		c.State = Paused
		return ev, nil
	case ActResume:
		if c.State != Paused {
			return ev, ErrClientNotPaused
		}
		c.State = Running
		ev.Resumed = true
		return ev, nil
	case ActCrash:
		c.State, c.Token = Crashed, 0
		return ev, nil
	}

	// Anything else is done by a running client: a paused one wakes up
	// first, with the beliefs it had when it stopped.
	ev.Resumed = c.State == Paused
	c.State = Running
	switch a.Kind {
	case ActAcquire:
		token, err := w.lock.Acquire(c.Name, a.Lease)
		switch {
		case err == nil:
			c.Token, ev.Token = token, token
		case errors.Is(err, ErrLockHeld):
			ev.Err = err
		default:
			return ev, err
		}
	case ActRenew:
		ev.Token = c.Token
		err := w.lock.Renew(c.Name, a.Lease)
		switch {
		case err == nil:
		case errors.Is(err, ErrNotHolder), errors.Is(err, ErrLeaseExpired):
			// The client learns that it has lost the lock.
			ev.Err, c.Token = err, 0
		default:
			return ev, err
		}
	case ActRelease:
		ev.Token = c.Token
		if err := w.lock.Release(c.Name); err != nil {
			ev.Err = err
		}
		c.Token = 0
	case ActWrite:
		ev.Token = c.Token
		ev.Write = w.resource.Write(c.Token, a.Value)
		if ev.Write == AcceptedStale {
			w.destroyed = true
		}
	default:
		return ev, fmt.Errorf("%w: %q", ErrUnknownAction, a.Kind)
	}
	return ev, nil
}

func (w *world) frame(step int, ev Event, note string) Frame {
	holder, token := w.lock.Holder()
	r := w.resource
	f := Frame{
		Step:    step,
		Clock:   w.lock.Now(),
		Lock:    LockView{Holder: holder, Token: token, Expiry: w.lock.Expiry()},
		Clients: slices.Clone(w.clients),
		Resource: ResourceView{
			Name: r.Name, Fenced: r.Fenced(), Data: r.Data(), MaxToken: r.MaxToken(),
			Rejected: r.Rejected(), Writes: r.Writes(), StaleAccepted: r.StaleAccepted(),
		},
		Event:   ev,
		Note:    note,
		Outcome: Ongoing,
	}
	if w.destroyed {
		f.Outcome = Destroyed
	}
	return f
}
