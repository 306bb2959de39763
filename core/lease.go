package core

import "math"

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

// LeaseFrom is the lease of length ticks counted from time from. It is the
// one place two rules are decided: a lease shorter than one tick is one
// tick (the chapter's, for callers of the lock service), and a lease whose
// end would not fit in an int is ErrClockOverflow.
func LeaseFrom(from, length int) (LeaseSpan, error) {
	length = max(length, 1)
	if length > math.MaxInt-from {
		return LeaseSpan{}, ErrClockOverflow
	}
	return LeaseSpan{End: from + length}, nil
}
