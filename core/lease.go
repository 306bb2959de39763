package core

import "math"

// leaseSpan is the span a grant is in force for, by some clock: from its grant
// up to, but not including, End. At End it has ended. Never is a lease
// without end (a lock without TTL).
//
// This is the one place the boundary is decided. The lock service (whether
// a holder is in force), a client's own reckoning (its check, and whether a
// late reply still leaves it any lease), the search's state key and checkRun
// all ask a leaseSpan, so that "ends at t=10" means the same everywhere: in
// force at t=9, ended at t=10.
type leaseSpan struct {
	End int
}

// InForce reports whether the lease holds at time now.
func (l leaseSpan) InForce(now int) bool { return l.End == Never || now < l.End }

// Ended reports whether the lease has ended by time now.
func (l leaseSpan) Ended(now int) bool { return !l.InForce(now) }

// leaseFrom is the lease of length ticks counted from time from. It is the
// one place two rules are decided: a lease shorter than one tick is one
// tick (the chapter's, for callers of the lock service), and a lease whose
// end would not fit in an int is errClockOverflow.
func leaseFrom(from, length int) (leaseSpan, error) {
	length = max(length, 1)
	if length > math.MaxInt-from {
		return leaseSpan{}, errClockOverflow
	}
	return leaseSpan{End: from + length}, nil
}
