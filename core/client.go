package core

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

// ClientView is one client's own view of the world: not what the lock
// service says, but what the client believes. A paused client goes on
// believing it holds the token it was granted.
type ClientView struct {
	Name  string
	State ClientState
	// Token is the fencing token the client believes it holds (0: none).
	Token int64
	// Grant is the grant that token came with (see LockView.Grant): the
	// model's bookkeeping, which the client itself cannot see.
	Grant int
	// LeaseUntil is when the client thinks its lease ends, measured by its
	// own clock from when it learned of the grant (0: no lease; Never:
	// a lock without TTL).
	LeaseUntil int
}

// leaseValid reports whether the client's own view says its lease holds.
func (c ClientView) leaseValid(now int) bool {
	return c.Token != 0 && (c.LeaseUntil == Never || now < c.LeaseUntil)
}
