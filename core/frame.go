package core

// Outcome is the verdict on the resource so far.
type Outcome string

// Outcomes.
const (
	// Ongoing: the story is not over and nothing has been destroyed yet.
	Ongoing Outcome = "running"
	// Protected: the story is over and no stale write was applied.
	Protected Outcome = "protected"
	// Destroyed: a write from a superseded holder overwrote newer data.
	// Once destroyed, always destroyed.
	Destroyed Outcome = "destroyed"
)

// LockView is what the lock service reports at a frame.
type LockView struct {
	Holder string // "" when free (or the lease has expired)
	Token  int64  // the holder's token, 0 when free
	Expiry int    // end of the current or most recent lease, 0 before any
}

// ResourceView is the resource at a frame.
type ResourceView struct {
	Name          string
	Fenced        bool
	Data          string // "" while empty
	MaxToken      int64
	Rejected      int
	Writes        int
	StaleAccepted int
}

// Event is what happened in a frame's step. The initial frame has the zero
// Event (Kind "").
type Event struct {
	Kind   ActionKind
	Client string
	// Token: for acquire, the token granted (0 if refused); for renew, the
	// holder's token; for write, the token the write carried.
	Token int64
	Lease int    // acquire, renew: the lease asked for
	Value string // write
	Ticks int    // pause, tick: time that passed
	// Err is the lock service's refusal of an acquire, renew or release
	// (ErrLockHeld, ErrNotHolder, ErrLeaseExpired), nil when it agreed.
	Err error
	// Write is what the resource did with a write ("" for other kinds).
	Write WriteResult
	// Resumed: the client was paused and this action is the first thing it
	// does after waking up.
	Resumed bool
	// Expired names the holder whose lease ran out while this step's time
	// passed ("" if none did).
	Expired string
}

// Frame is a plain snapshot of everything a viewer sees at one step.
type Frame struct {
	Step     int // 1-based; frame 1 is the initial state
	Clock    int
	Lock     LockView
	Clients  []ClientView // in the scenario's order
	Resource ResourceView
	Event    Event
	Note     string // message id of the explanation
	Outcome  Outcome
}

// Outdated reports whether the named client believes it holds a token that
// is not the token of the lease in force: it is acting on a lock it no
// longer has. This is the belief the chapter warns about.
func (f Frame) Outdated(name string) bool {
	c, ok := f.Client(name)
	return ok && c.Token != 0 && c.Token != f.Lock.Token
}

// Client returns the view of the named client, or false.
func (f Frame) Client(name string) (ClientView, bool) {
	for _, c := range f.Clients {
		if c.Name == name {
			return c, true
		}
	}
	return ClientView{}, false
}
