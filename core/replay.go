package core

import (
	"errors"
	"fmt"
	"slices"
)

// ErrUnknownStrategy: Replay was given a strategy not in Strategies.
var ErrUnknownStrategy = errors.New("unknown strategy")

// Replay plays sc under strategy st from the initial state and returns one
// frame for the initial state followed by one per step. It is a pure
// function of its arguments: the same scenario and strategy always give the
// same frames. A scenario that asks for something impossible (a crashed
// client acting, time overflowing) gives a *StepError and no frames.
func Replay(sc Scenario, st Strategy) ([]Frame, error) {
	if !st.Valid() {
		return nil, fmt.Errorf("%w: %q", ErrUnknownStrategy, st)
	}
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	w := newWorld(sc, st)
	frames := make([]Frame, 0, len(sc.Steps)+1)
	frames = append(frames, w.frame(1, Event{}, sc.Start))
	for i, step := range sc.Steps {
		before, _ := w.lock.Holder()
		ev, err := w.apply(step.Action, i+2)
		if err != nil {
			return nil, &StepError{Scenario: sc.ID, Step: i + 2, Err: err}
		}
		if ev.Ticks > 0 {
			if after, _ := w.lock.Holder(); before != "" && after == "" {
				ev.Expired = before
				if ev.Kind == ActPause || ev.Kind == ActTick {
					ev.Result = ResultExpires
				}
			}
		}
		frames = append(frames, w.frame(i+2, ev, step.note(ev.Result, st)))
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
	grants    int // grants made so far; grant n is the n-th
	inForce   int // the grant the service holds, 0 if none
	newest    int // newest grant whose write the resource applied
	network   []Message
	restarts  int
	destroyed bool
}

func newWorld(sc Scenario, st Strategy) *world {
	w := &world{lock: st.newService(), resource: st.newResource(sc.Resource)}
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

// grantInForce returns the grant the service holds now, or 0.
func (w *world) grantInForce() int {
	if h, _ := w.lock.Holder(); h == "" {
		return 0
	}
	return w.inForce
}

// apply performs one action. Refusals by the lock service and the resource
// are part of the story and end up in the Event; anything else is an error
// in the scenario.
func (w *world) apply(a Action, step int) (Event, error) {
	ev := Event{Kind: a.Kind, Client: a.Client, Lease: a.Lease, Value: a.Value, Ticks: a.Ticks}
	switch a.Kind {
	case ActTick:
		ev.Result = ResultPasses
		return ev, w.lock.Tick(a.Ticks)
	case ActRestart:
		w.lock.Restart()
		w.restarts++
		ev.Result = ResultKept
		if !w.lock.Durable() {
			ev.Result = ResultLost
			w.inForce = 0
		}
		return ev, nil
	case ActDeliver:
		return w.deliver(a.Message, ev)
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
		ev.Result = ResultPaused
		return ev, nil
	case ActResume:
		if c.State != Paused {
			return ev, ErrClientNotPaused
		}
		c.State = Running
		ev.Resumed, ev.Result = true, ResultResumed
		return ev, nil
	case ActCrash:
		c.State, c.Token, c.Grant, c.LeaseUntil = Crashed, 0, 0, 0
		ev.Result = ResultCrashed
		if h, _ := w.lock.Holder(); h == c.Name && !w.lock.TTL() {
			ev.Result = ResultStuck
		}
		return ev, nil
	}

	// Anything else is done by a running client: a paused one wakes up
	// first, with the beliefs it had when it stopped.
	ev.Resumed = c.State == Paused
	c.State = Running
	switch a.Kind {
	case ActAcquire:
		return w.acquire(c, a, step, ev)
	case ActRenew:
		ev.Token, ev.Grant = c.Token, c.Grant
		err := w.lock.Renew(c.Name, a.Lease)
		switch {
		case err == nil:
			ev.Result = ResultRenewed
			c.LeaseUntil = w.lock.Expiry()
		case errors.Is(err, ErrNotHolder), errors.Is(err, ErrLeaseExpired):
			// The client learns that it has lost the lock.
			ev.Err, ev.Result = err, ResultRefused
			c.Token, c.Grant, c.LeaseUntil = 0, 0, 0
		default:
			return ev, err
		}
	case ActRelease:
		ev.Token, ev.Grant = c.Token, c.Grant
		released, token := w.grantInForce(), w.lock.token
		if err := w.lock.Release(c.Name); err != nil {
			ev.Err, ev.Result = err, ResultRefused
		} else {
			// What ends is the grant the service had, whatever the client
			// believed (a reply may still be on its way to it).
			ev.Token, ev.Grant, ev.Result = token, released, ResultReleased
		}
		c.Token, c.Grant, c.LeaseUntil = 0, 0, 0
	case ActCheck:
		switch {
		case c.Token == 0:
			ev.Result = ResultNoLock
		case c.leaseValid(w.lock.Now()):
			ev.Token, ev.Grant, ev.Result = c.Token, c.Grant, ResultValid
		default:
			ev.Token, ev.Grant, ev.Result = c.Token, c.Grant, ResultExpired
			c.Token, c.Grant, c.LeaseUntil = 0, 0, 0
		}
	case ActWrite:
		ev.Token, ev.Grant = c.Token, c.Grant
		switch {
		case c.Token == 0:
			ev.Result = ResultSkipped
		case a.Hold != "":
			w.network = append(w.network, Message{
				ID: a.Hold, Kind: ActWrite, Client: c.Name, Token: c.Token, Grant: c.Grant,
				Value: a.Value, SentAt: w.lock.Now(), Sent: step,
			})
			ev.Message, ev.Result = a.Hold, ResultHeld
		default:
			w.write(&ev, c.Token, c.Grant, a.Value)
		}
	default:
		return ev, fmt.Errorf("%w: %q", ErrUnknownAction, a.Kind)
	}
	return ev, nil
}

func (w *world) acquire(c *ClientView, a Action, step int, ev Event) (Event, error) {
	token, err := w.lock.Acquire(c.Name, a.Lease)
	switch {
	case err == nil:
		w.grants++
		w.inForce = w.grants
		ev.Token, ev.Grant, ev.Result = token, w.inForce, ResultGranted
	case errors.Is(err, ErrLockHeld):
		ev.Err, ev.Result = err, ResultRefused
	default:
		return ev, err
	}
	if a.Hold != "" {
		w.network = append(w.network, Message{
			ID: a.Hold, Kind: ActAcquire, Client: c.Name, Token: ev.Token, Grant: ev.Grant,
			Lease: a.Lease, SentAt: w.lock.Now(), Sent: step,
		})
		ev.Message, ev.Result = a.Hold, ResultHeld
		return ev, nil
	}
	if err == nil {
		c.Token, c.Grant, c.LeaseUntil = token, ev.Grant, w.lock.Expiry()
	}
	return ev, nil
}

// write hands a write to the resource and records whether it destroyed a
// newer holder's data.
func (w *world) write(ev *Event, token int64, grant int, value string) {
	ev.Write = w.resource.Write(token, value)
	switch {
	case ev.Write.Refused():
		ev.Result = ResultRejected
	case grant < w.newest:
		ev.Late, ev.Result = true, ResultDestroys
		w.destroyed = true
	default:
		ev.Result = ResultAccepted
		w.newest = grant
	}
}

// deliver takes a held message out of the network and lets it arrive.
func (w *world) deliver(id string, ev Event) (Event, error) {
	ev.Message = id
	i := slices.IndexFunc(w.network, func(m Message) bool { return m.ID == id })
	if i < 0 {
		// Held under this strategy only if it was sent: a client that
		// believed it held no lock never sent its write.
		ev.Result = ResultNothing
		return ev, nil
	}
	m := w.network[i]
	w.network = slices.Delete(w.network, i, i+1)
	ev.Client, ev.Token, ev.Grant, ev.Value, ev.Lease, ev.Delivered = m.Client, m.Token, m.Grant, m.Value, m.Lease, m.Kind
	if m.Kind == ActWrite {
		w.write(&ev, m.Token, m.Grant, m.Value)
		return ev, nil
	}
	c := w.client(m.Client)
	switch {
	case c.State == Crashed:
		ev.Result = ResultDropped
	case m.Token == 0:
		ev.Result = ResultRefused
	default:
		// The client measures its lease from now, when it hears of it.
		until := Never
		if w.lock.TTL() {
			lease := max(m.Lease, 1)
			if lease > maxInt-w.lock.Now() {
				return ev, ErrClockOverflow
			}
			until = w.lock.Now() + lease
		}
		c.Token, c.Grant, c.LeaseUntil = m.Token, m.Grant, until
		ev.Result = ResultGranted
	}
	return ev, nil
}

const maxInt = int(^uint(0) >> 1)

func (w *world) frame(step int, ev Event, note string) Frame {
	holder, token := w.lock.Holder()
	r := w.resource
	f := Frame{
		Step:  step,
		Clock: w.lock.Now(),
		Lock: LockView{
			Holder: holder, Token: token, Expiry: w.lock.Expiry(), Grant: w.grantInForce(),
			TTL: w.lock.TTL(), Durable: w.lock.Durable(), Restarts: w.restarts,
		},
		Clients: slices.Clone(w.clients),
		Resource: ResourceView{
			Name: r.Name, Fenced: r.Fenced(), Data: r.Data(), MaxToken: r.MaxToken(),
			Rejected: r.Rejected(), Writes: r.Writes(), StaleAccepted: r.StaleAccepted(),
		},
		Network: slices.Clone(w.network),
		Event:   ev,
		Note:    note,
		Outcome: Ongoing,
	}
	switch {
	case w.destroyed:
		f.Outcome = Destroyed
	case holder != "" && !w.lock.TTL() && w.client(holder).State == Crashed:
		f.Outcome = Stuck
	}
	return f
}
