package core

import "slices"

// ClientState is what a client process is doing, as the client itself would
// report it if asked.
type ClientState string

// Client states.
const (
	// Idle: the client has not acted yet.
	Idle ClientState = "idle"
	// Running: the client runs and acts on what it believes.
	Running ClientState = "running"
	// Paused: the client is stopped (a GC pause, stop-the-world) and does
	// not notice time passing; it resumes with the beliefs it had.
	Paused ClientState = "paused"
	// Crashed: the client is gone, and its beliefs with it.
	Crashed ClientState = "crashed"
)

// Discipline is how a client reckons when its lease ends.
type Discipline string

// Client disciplines.
const (
	// FromRequest: the client measures its lease from when it sent the
	// request, so the time the reply spent on its way counts against the
	// lease (Redlock's validity time; Chubby's conservative client lease).
	// It is every client's discipline unless a scenario says otherwise.
	// It says nothing of when the client looks at that lease: a client
	// checks it only at a check step, and otherwise acts on what it
	// believes (see Event.PastOwnLease).
	FromRequest Discipline = "from-request"
	// FromReply: the client measures its lease from when the reply
	// arrived, as if the reply had taken no time: a late reply makes it
	// believe in a lease that has already ended.
	FromReply Discipline = "from-reply"
)

// ClientView is one client's own view of the world: not what the lock
// service says, but what the client believes. A paused client goes on
// believing it holds the grant it had.
type ClientView struct {
	Name       string
	State      ClientState
	Discipline Discipline
	// Grant is the grant the client believes it holds (0: none): the
	// model's number of it (see LockView.Grant), which the client itself
	// cannot see.
	Grant int
	// Token is the fencing token of that grant (0 without tokens).
	Token int64
	// LeaseUntil is when the client thinks its lease ends, by its own
	// clock (Never: a lock without TTL, or no lock service; 0 when it
	// believes it holds nothing).
	LeaseUntil int
	// Versions are, where the resources keep versions, the version the
	// client writes with at each resource, in the run's order: the one it
	// last read there, or the one its own write produced when the write
	// was applied at once (0: it has read none). nil where resources keep
	// none. Without a lock service, Grant is then the model's number of
	// the client's last read of a version (an acquire reads them all, a
	// read one): what its next write is computed from. A slice is never
	// changed in place, only replaced, so frames do not share it.
	Versions []int64
}

// Holds reports whether the client believes it holds the lock.
func (c ClientView) Holds() bool { return c.Grant != 0 }

// leaseValid reports whether the client's own view says its lease holds at
// its clock now.
func (c ClientView) leaseValid(now int) bool {
	return c.Holds() && leaseSpan{c.LeaseUntil}.InForce(now)
}

// forget drops the client's belief that it holds the lock, and the
// versions it read.
func (c *ClientView) forget() {
	c.Grant, c.Token, c.LeaseUntil = 0, 0, 0
	if c.Versions != nil {
		c.Versions = make([]int64, len(c.Versions))
	}
}

// setVersion records that the client now writes with version v at
// resource i, in a new slice.
func (c *ClientView) setVersion(i int, v int64) {
	vs := slices.Clone(c.Versions)
	vs[i] = v
	c.Versions = vs
}
