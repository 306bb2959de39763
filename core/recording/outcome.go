package recording

import "dlock/core"

// What a step left, in terms a real run can be compared in: the outcome of
// its event, what each client believes, and what each resource holds. The
// lab compares every step of a real run with the model's by these, and
// records what the real run left; the page words both.

// Outcome is what one step did: the Result of its event, with what else
// tells two outcomes apart (whether the service granted a held acquire,
// the value a read returned).
type Outcome struct {
	Result core.Result `json:"result,omitempty"`
	// Granted: a held acquire the service granted (Result held).
	Granted bool `json:"granted,omitempty"`
	// Read is the value a read or peek returned (Result accepted).
	Read *string `json:"read,omitempty"`
	// Aborted: a real database refused the write (Result rejected) by
	// ending its transaction or its session, not for its token. The model
	// has no transactions, so its outcomes never are.
	Aborted bool `json:"aborted,omitempty"`
	// ByVersion: a versioned row refused the write (Result rejected) for
	// the version it carried, which the row had moved past (an UPDATE …
	// WHERE version = ? that updated no row), not for a token.
	ByVersion bool `json:"by_version,omitempty"`
}

// ReadOutcome is the outcome of a read that returned value.
func ReadOutcome(value string) Outcome { return Outcome{Result: core.ResultAccepted, Read: &value} }

// WriteOutcome is a write's outcome: a stale write is applied as any other
// (which grant made it is the ledger's business, not the resource's).
func WriteOutcome(r core.Result) Outcome {
	if r == core.ResultStale {
		r = core.ResultAccepted
	}
	return Outcome{Result: r}
}

// Is reports whether o is the plain result r: no grant held, no value read.
func (o Outcome) Is(r core.Result) bool {
	return o.Result == r && !o.Granted && o.Read == nil && !o.Aborted && !o.ByVersion
}

// Equal reports whether o and p are the same outcome.
func (o Outcome) Equal(p Outcome) bool {
	return o.Result == p.Result && o.Granted == p.Granted && o.Aborted == p.Aborted && o.ByVersion == p.ByVersion &&
		(o.Read == nil) == (p.Read == nil) && (o.Read == nil || *o.Read == *p.Read)
}

// OutcomeOf is what the step of frame f did, as a real run can do it: an
// acquire granted, held or refused; a renewal or release agreed or
// refused; a write applied or refused; a read's value. Without a lock
// service, an acquire reads the versions (held: its reply is held up, and
// nothing was granted), and a renewal or release does nothing.
func OutcomeOf(f core.Frame) Outcome {
	ev := f.Event
	switch ev.Kind {
	case core.ActAcquire:
		switch ev.Result {
		case core.ResultGranted, core.ResultVersions:
			return Outcome{Result: ev.Result}
		case core.ResultHeld:
			return Outcome{Result: core.ResultHeld, Granted: ev.Grant != 0 && !f.Lock.Lockless}
		}
		return Outcome{Result: core.ResultRefused}
	case core.ActRenew:
		switch ev.Result {
		case core.ResultRenewed, core.ResultHeld, core.ResultSkipped, core.ResultNoService:
			return Outcome{Result: ev.Result}
		}
		return Outcome{Result: core.ResultRefused}
	case core.ActRelease:
		switch ev.Result {
		case core.ResultReleased, core.ResultSkipped, core.ResultNoService:
			return Outcome{Result: ev.Result}
		}
		return Outcome{Result: core.ResultRefused}
	case core.ActCheck:
		return Outcome{Result: ev.Result}
	case core.ActWrite:
		return writeOutcomeOf(ev)
	case core.ActRead, core.ActPeek:
		switch ev.Result {
		case core.ResultSkipped, core.ResultRejected:
			return Outcome{Result: ev.Result}
		}
		r, _ := f.Resource(ev.Resource)
		return ReadOutcome(r.Data)
	case core.ActDeliver:
		switch {
		case ev.Result == core.ResultNothing, ev.Result == core.ResultDropped:
			return Outcome{Result: ev.Result}
		case ev.Delivered == core.MsgReply:
			return Outcome{Result: ev.Result}
		case ev.Delivered == core.MsgRenew:
			if ev.Result == core.ResultRenewed {
				return Outcome{Result: core.ResultRenewed}
			}
			return Outcome{Result: core.ResultRefused}
		}
		return writeOutcomeOf(ev)
	}
	return Outcome{}
}

// writeOutcomeOf is the outcome of the write (or its delivery) of ev:
// WriteOutcome, and for a write a versioned row refused, that it was for
// its version.
func writeOutcomeOf(ev core.Event) Outcome {
	o := WriteOutcome(ev.Result)
	o.ByVersion = ev.Result == core.ResultRejected && ev.Write == core.RejectedVersion
	return o
}

// Seen is what a step left: its outcome, what each client believes, and
// what each resource holds.
type Seen struct {
	Outcome Outcome      `json:"outcome"`
	Clients []ClientSeen `json:"clients,omitempty"`
	Rows    []RowSeen    `json:"rows,omitempty"`
}

// ClientSeen is what a client believes after a step: that it holds the
// lock, or not; or that it has crashed. Without a lock service nobody
// holds one: what a client read is the versions it writes with.
type ClientSeen struct {
	Name    string `json:"name"`
	Holds   bool   `json:"holds,omitempty"`
	Crashed bool   `json:"crashed,omitempty"`
}

// RowSeen is what a resource holds after a step.
type RowSeen struct {
	Name string `json:"name"`
	Data string `json:"data"`
}

// SeenIn is what the step of frame f left, for the scenario's clients in
// order.
func SeenIn(f core.Frame, clients []string) Seen {
	s := Seen{Outcome: OutcomeOf(f)}
	for _, n := range clients {
		c, _ := f.Client(n)
		s.Clients = append(s.Clients, ClientSeen{Name: n, Holds: c.Holds() && !f.Lock.Lockless, Crashed: c.State == core.Crashed})
	}
	for _, r := range f.Resources {
		s.Rows = append(s.Rows, RowSeen{Name: r.Name, Data: r.Data})
	}
	return s
}

// Equal reports whether s and t are the same: the same outcome, clients
// and resources, in the same order.
func (s Seen) Equal(t Seen) bool {
	if !s.Outcome.Equal(t.Outcome) || len(s.Clients) != len(t.Clients) || len(s.Rows) != len(t.Rows) {
		return false
	}
	for i := range s.Clients {
		if s.Clients[i] != t.Clients[i] {
			return false
		}
	}
	for i := range s.Rows {
		if s.Rows[i] != t.Rows[i] {
			return false
		}
	}
	return true
}

// TimingKind is why a real step's timing differed from the model's, its
// outcome the same.
type TimingKind string

// Timings.
const (
	// GrantedLate: the acquire was granted Seconds after its step, the
	// service still holding the earlier lease (etcd ends a lease up to half
	// a second past its TTL).
	GrantedLate TimingKind = "granted-late"
	// SentLate: the renewal or release (What) was sent Seconds after its
	// step, the service having ended the lease that late.
	SentLate TimingKind = "sent-late"
	// LibraryRenews: the library renews on its own, every third of the
	// lease, not only at this step.
	LibraryRenews TimingKind = "library-renews"
	// FellBehind: the lab was Seconds behind the model's clock (its
	// slowest step, Step, Item, took Took seconds), and Holder's lease,
	// which the model counts until t=Until, had ended at the service.
	FellBehind TimingKind = "fell-behind"
)

// Timing is one reason a real step's timing differed from the model's.
type Timing struct {
	Kind    TimingKind      `json:"kind"`
	Seconds float64         `json:"s,omitempty"`
	What    core.ActionKind `json:"what,omitempty"`
	Step    int             `json:"step,omitempty"`
	Item    string          `json:"item,omitempty"`
	Took    float64         `json:"took_s,omitempty"`
	Holder  string          `json:"holder,omitempty"`
	Until   int             `json:"until,omitempty"`
}
