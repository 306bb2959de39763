package core

// Outcome is the verdict on the run so far.
type Outcome string

// Outcomes.
const (
	// Ongoing: the story is not over and nothing has gone wrong yet.
	Ongoing Outcome = "running"
	// Protected: the story is over and no late write was applied.
	Protected Outcome = "protected"
	// Destroyed: a write from a superseded holder was applied after a newer
	// holder had written. Once destroyed, always destroyed.
	Destroyed Outcome = "destroyed"
	// Stuck: the lock is held by a crashed client and will never expire, so
	// nobody can ever acquire it again (unless the service forgets it).
	Stuck Outcome = "stuck"
)

// LockView is what the lock service reports at a frame.
type LockView struct {
	Holder string // "" when free (or the lease has expired)
	Token  int64  // the holder's token, 0 when free
	Expiry int    // end of the current or most recent lease, 0 before any, Never without TTL
	// Grant numbers the grant in force, counting every grant the service
	// ever made from 1 (0 when free). The service does not know this
	// number once it has forgotten its state; the model does, and uses it
	// to tell two grants with the same token apart.
	Grant    int
	TTL      bool // grants expire
	Durable  bool // the service's state survives a restart
	Restarts int  // how many times the service has restarted
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

// Message is a request or reply held in the network.
type Message struct {
	ID     string
	Kind   ActionKind // ActWrite, or ActAcquire for the reply to an acquire
	Client string     // who sent the write, or who the reply is for
	Token  int64      // the write's token, or the token granted (0 if refused)
	Grant  int        // the grant the write was made under, or the one granted
	Value  string     // write
	Lease  int        // reply: the lease granted
	SentAt int        // clock when it entered the network
	Sent   int        // step at which it entered the network
}

// Event is what happened in a frame's step. The initial frame has the zero
// Event (Kind "").
type Event struct {
	Kind   ActionKind
	Client string // who acted; for deliver, who sent the write or gets the reply
	// Token: for acquire, the token granted (0 if refused); for renew and
	// release, the holder's token; for write and deliver, the token the
	// write carried or the reply granted.
	Token int64
	Grant int    // the grant Token belongs to (see LockView.Grant)
	Lease int    // acquire, renew: the lease asked for
	Value string // write
	Ticks int    // pause, tick: time that passed
	// Message is the id of the message held (acquire, write) or delivered.
	Message string
	// Delivered is the kind of the delivered message (ActWrite or
	// ActAcquire) for a deliver.
	Delivered ActionKind
	// Err is the lock service's refusal of an acquire, renew or release
	// (ErrLockHeld, ErrNotHolder, ErrLeaseExpired), nil when it agreed.
	Err error
	// Write is what the resource did with a write that reached it ("" for
	// everything else).
	Write WriteResult
	// Late: the write was applied although a newer grant had already
	// written: it destroyed a newer holder's data.
	Late bool
	// Resumed: the client was paused and this action is the first thing it
	// does after waking up.
	Resumed bool
	// Expired names the holder whose lease ran out while this step's time
	// passed ("" if none did).
	Expired string
	// Result sums the event up in one word; notes and hooks key on it. See
	// the Result* constants.
	Result string
}

// Event results.
const (
	ResultGranted  = "granted"  // acquire granted; or a held grant delivered
	ResultRefused  = "refused"  // acquire, renew or release refused
	ResultRenewed  = "renewed"  // renew agreed
	ResultReleased = "released" // release agreed
	ResultHeld     = "held"     // the message is held in the network
	ResultSkipped  = "skipped"  // no lock believed held, so no write was sent
	ResultAccepted = "accepted" // the resource applied the write
	ResultDestroys = "destroys" // the resource applied a late write
	ResultRejected = "rejected" // the resource refused the write
	ResultNothing  = "nothing"  // deliver of a message that was never sent
	ResultDropped  = "dropped"  // a reply delivered to a crashed client
	ResultValid    = "valid"    // check: the client's view says its lease holds
	ResultExpired  = "expired"  // check: the client sees its lease has run out
	ResultNoLock   = "no-lock"  // check: the client believes it holds nothing
	ResultPaused   = "paused"   // pause, no lease ran out
	ResultExpires  = "expires"  // pause or tick during which a lease ran out
	ResultPasses   = "passes"   // tick, no lease ran out
	ResultResumed  = "resumed"  // resume
	ResultCrashed  = "crashed"  // crash
	ResultStuck    = "stuck"    // crash of the holder of a lock without TTL
	ResultKept     = "kept"     // restart of a replicated service
	ResultLost     = "lost"     // restart of a single node: its state is gone
)

// Frame is a plain snapshot of everything a viewer sees at one step.
type Frame struct {
	Step     int // 1-based; frame 1 is the initial state
	Clock    int
	Lock     LockView
	Clients  []ClientView // in the scenario's order
	Resource ResourceView
	Network  []Message // in flight, oldest first
	Event    Event
	Note     string // message id of the explanation
	Outcome  Outcome
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

// Outdated reports whether the named client believes it holds a grant that
// is not the grant in force: it would act on a lock it no longer has. This is
// the belief the chapter warns about.
func (f Frame) Outdated(name string) bool {
	c, ok := f.Client(name)
	return ok && c.Token != 0 && c.Grant != f.Lock.Grant
}
