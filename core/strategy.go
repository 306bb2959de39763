package core

// Strategy is one way to build the lock, a row of the chapter's comparison
// table.
type Strategy string

// The strategies, from the weakest to the strongest.
const (
	// NoTTL: a plain lock without a lease on one node; the resource does
	// not check tokens.
	NoTTL Strategy = "no-ttl"
	// Lease: a lock with a lease (TTL) on one node; the resource does not
	// check tokens.
	Lease Strategy = "lease"
	// LeaseFencing: a lease plus fencing tokens checked by the resource, on
	// one lock-service node whose token counter is lost when it restarts.
	LeaseFencing Strategy = "lease-fencing"
	// Consensus: a lease plus fencing tokens, on a replicated lock service
	// whose state, counter included, survives a restart.
	Consensus Strategy = "consensus"
)

// Strategies lists every strategy in the table's order.
func Strategies() []Strategy {
	return []Strategy{NoTTL, Lease, LeaseFencing, Consensus}
}

// Valid reports whether s is one of Strategies.
func (s Strategy) Valid() bool {
	switch s {
	case NoTTL, Lease, LeaseFencing, Consensus:
		return true
	}
	return false
}

// Fenced reports whether the resource checks fencing tokens.
func (s Strategy) Fenced() bool { return s == LeaseFencing || s == Consensus }

// TTL reports whether grants expire.
func (s Strategy) TTL() bool { return s != NoTTL }

// Durable reports whether the lock service's token counter survives a
// restart, so that tokens never repeat.
func (s Strategy) Durable() bool { return s == Consensus }

// newService returns the lock service this strategy runs on.
func (s Strategy) newService() *LockService {
	switch {
	case !s.TTL():
		return NewWithoutTTL()
	case s.Durable():
		return NewReplicated()
	}
	return New()
}

// newResource returns the resource this strategy protects.
func (s Strategy) newResource(name string) *Resource {
	if s.Fenced() {
		return NewResource(name)
	}
	return NewUnfencedResource(name)
}
