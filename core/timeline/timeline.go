package timeline

import "dlock/core"

// Timeline is a run laid out in time, ready to be drawn: when leases were in
// force, when clients were paused or crashed, and the messages that went
// from clients to the resource and from the lock service to clients. Clocks
// are logical times; Steps say which clock range each step covers, because
// several steps can happen at one time and one step can let time pass.
type Timeline struct {
	Clients  []string
	Steps    []StepSpan // one per frame
	Leases   []Span     // on the lock service's lane
	Pauses   []Span     // on the clients' lanes
	Crashes  []Span     // on the clients' lanes
	Messages []Arrow
}

// StepSpan is the clock before and after one step (equal when no time
// passed).
type StepSpan struct {
	Step     int
	From, To int
}

// Span is an interval on a lane. It starts during step FromStep at clock
// From and ends during step ToStep at clock To; ToStep is 0 when it is still
// going at the end of the run, and To is then the run's last clock.
type Span struct {
	Client           string
	Token            int64 // leases: the grant's token
	FromStep, ToStep int
	From, To         int
	// Ended says why a lease ended: "expired", "released", "lost" (the
	// service restarted and forgot it), "restored" (a restore from an
	// older backup forgot it) or "failed-over" (the replica that took over
	// never had it); "" while it is in force.
	Ended LeaseEnd
	// WouldEnd is, for a lease a new leader restarted (a failover of a
	// service replicated by consensus), when it would have ended without
	// the failover, on the clients' clock; 0 for any other span.
	WouldEnd int
	// FailoverStep is the step of that failover (0 for none).
	FailoverStep int
}

// LeaseEnd says why a lease ended.
type LeaseEnd string

// Lease ends.
const (
	LeaseExpired  LeaseEnd = "expired"
	LeaseReleased LeaseEnd = "released"
	LeaseLost     LeaseEnd = "lost"
	LeaseRestored LeaseEnd = "restored" // the service was restored from a backup that predates it
	// LeaseFailedOver: the service failed over to a replica that never
	// had the grant.
	LeaseFailedOver LeaseEnd = "failed-over"
)

// Arrow is a message: a write or a fenced read from a client to a resource,
// or the reply to an acquire (the lock service's, or without one, the
// resource's). A message that is not held
// arrives in the step it was sent; a write a check-then-apply resource has
// checked arrives when it is applied.
type Arrow struct {
	Kind   core.MessageKind // MsgWrite (a read too), MsgReply or MsgRenew
	Client string
	// Resource is where a write or read goes; for a reply, where it comes
	// from when there is no lock service (the resource answered with its
	// version; the run's first resource stands for all), "" when the lock
	// service sent it.
	Resource              string
	Token                 int64
	SentStep, ArrivedStep int // ArrivedStep 0: still on its way at the end
	SentAt, ArrivedAt     int
	// Result is the arrival's Event.Result (accepted, rejected, stale,
	// granted, ...), "" while on its way.
	Result core.Result
}

// New lays out the frames of one run (as core.Replay returns them).
func New(frames []core.Frame) Timeline {
	var tl Timeline
	if len(frames) == 0 {
		return tl
	}
	for _, c := range frames[0].Clients {
		tl.Clients = append(tl.Clients, c.Name)
	}
	last := frames[len(frames)-1].Clock
	lease := -1 // index in tl.Leases of the lease in force
	paused := map[string]int{}
	sent := map[string]int{} // held message id → index in tl.Messages
	for i, f := range frames {
		from := f.Clock
		if i > 0 {
			from = frames[i-1].Clock
		}
		tl.Steps = append(tl.Steps, StepSpan{Step: f.Step, From: from, To: f.Clock})
		ev := f.Event

		// Leases: a grant ends when another one (or none) is in force.
		if lease >= 0 && tl.Leases[lease].FromStep != f.Step && f.Lock.Grant != frames[i-1].Lock.Grant {
			l := &tl.Leases[lease]
			l.ToStep, l.To, l.Ended = f.Step, f.Clock, LeaseExpired
			switch {
			case ev.Result == core.ResultReleased:
				l.Ended = LeaseReleased
			case ev.Result == core.ResultLost:
				l.Ended = LeaseLost
			case ev.Result == core.ResultRestored:
				l.Ended = LeaseRestored
			case ev.Result == core.ResultRolledBack:
				l.Ended = LeaseFailedOver
			case len(f.Lock.Nodes) == 1 && frames[i-1].Lock.Expiry != core.Never:
				// The lease ended when the service's clock reached its
				// expiry; on the clients' clock that is as much earlier as
				// the service's clock runs ahead.
				if end := frames[i-1].Lock.Expiry - (f.Lock.Now - f.Clock); end < f.Clock {
					l.To = max(end, l.From)
				}
			}
			lease = -1
		}
		if lease >= 0 && ev.Result == core.ResultLeaderChanged && f.Lock.Grant == frames[i-1].Lock.Grant {
			// A new leader restarted the lease: where it would have
			// ended, on the clients' clock (the old leader's may have run
			// ahead of it).
			prev := frames[i-1].Lock
			tl.Leases[lease].WouldEnd = prev.Expiry - (prev.Now - frames[i-1].Clock)
			tl.Leases[lease].FailoverStep = f.Step
		}
		if f.Lock.Grant != 0 && (i == 0 || f.Lock.Grant != frames[i-1].Lock.Grant) {
			tl.Leases = append(tl.Leases, Span{Client: f.Lock.Holder, Token: f.Lock.Token, FromStep: f.Step, From: f.Clock, To: last})
			lease = len(tl.Leases) - 1
		}

		// Pauses and crashes, from the clients' own states.
		for _, c := range f.Clients {
			j, wasPaused := paused[c.Name]
			switch {
			case c.State == core.Paused && !wasPaused:
				tl.Pauses = append(tl.Pauses, Span{Client: c.Name, FromStep: f.Step, From: from, To: last})
				paused[c.Name] = len(tl.Pauses) - 1
			case c.State != core.Paused && wasPaused:
				tl.Pauses[j].ToStep, tl.Pauses[j].To = f.Step, f.Clock
				delete(paused, c.Name)
			}
			if c.State == core.Crashed && ev.Kind == core.ActCrash && ev.Client == c.Name {
				tl.Crashes = append(tl.Crashes, Span{Client: c.Name, FromStep: f.Step, From: f.Clock, To: last})
			}
		}

		// Messages.
		held := ev.Result == core.ResultHeld || ev.Result == core.ResultChecked
		switch {
		case (ev.Kind == core.ActWrite || ev.Kind == core.ActRead || ev.Kind == core.ActPeek) && ev.Result != core.ResultSkipped:
			a := Arrow{Kind: core.MsgWrite, Client: ev.Client, Resource: ev.Resource, Token: ev.Token, SentStep: f.Step, SentAt: f.Clock}
			if !held {
				a.ArrivedStep, a.ArrivedAt, a.Result = f.Step, f.Clock, ev.Result
			}
			tl.Messages = append(tl.Messages, a)
			if held {
				sent[ev.Message] = len(tl.Messages) - 1
			}
		case ev.Kind == core.ActAcquire && held:
			a := Arrow{Kind: core.MsgReply, Client: ev.Client, Token: ev.Token, SentStep: f.Step, SentAt: f.Clock}
			if f.Lock.Lockless && len(f.Resources) > 0 {
				a.Resource = f.Resources[0].Name
			}
			tl.Messages = append(tl.Messages, a)
			sent[ev.Message] = len(tl.Messages) - 1
		case ev.Kind == core.ActRenew && held:
			tl.Messages = append(tl.Messages, Arrow{Kind: core.MsgRenew, Client: ev.Client, Token: ev.Token, SentStep: f.Step, SentAt: f.Clock})
			sent[ev.Message] = len(tl.Messages) - 1
		case ev.Kind == core.ActDeliver:
			if j, ok := sent[ev.Message]; ok {
				a := &tl.Messages[j]
				a.ArrivedStep, a.ArrivedAt, a.Result = f.Step, f.Clock, ev.Result
			}
		}
	}
	return tl
}
