package core

// LeaseSpan is the span a grant is in force for, by some clock: from its grant
// up to, but not including, End. At End it has ended. Never is a lease
// without end (a lock without TTL).
//
// This is the one place the boundary is decided. The lock service (whether
// a holder is in force), a client's own reckoning (its check, and whether a
// late reply still leaves it any lease), the search's state key and Check
// all ask a LeaseSpan, so that "ends at t=10" means the same everywhere: in
// force at t=9, ended at t=10.
type LeaseSpan struct {
	End int
}

// InForce reports whether the lease holds at time now.
func (l LeaseSpan) InForce(now int) bool { return l.End == Never || now < l.End }

// Ended reports whether the lease has ended by time now.
func (l LeaseSpan) Ended(now int) bool { return !l.InForce(now) }
