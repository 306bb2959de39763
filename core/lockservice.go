package core

import (
	"errors"
	"math"
)

// Errors returned by the lock service. A call that returns one of them leaves
// the service exactly as it was.
var (
	// errEmptyClient: the empty name is the service's "free" marker, so no
	// client may use it.
	errEmptyClient = errors.New("client name is empty")
	// ErrLockHeld: another client (or the caller itself) holds a lease that
	// has not expired yet.
	ErrLockHeld = errors.New("lock is held and its lease has not expired")
	// ErrLockDelay: the last holder's lease lapsed without a release, and
	// the service is still in its lock-delay (see SetLockDelay).
	ErrLockDelay = errors.New("lock is in its lock-delay after a lease lapsed")
	// errNotHolder: the caller does not hold the lock.
	errNotHolder = errors.New("client does not hold the lock")
	// ErrLeaseExpired: the caller held the lock but its lease has run out; a
	// new Acquire (and a new token) is needed.
	ErrLeaseExpired = errors.New("lease has expired")
	// errNegativeTick: time never runs backwards.
	errNegativeTick = errors.New("tick is negative")
	// errClockOverflow: the logical clock or a lease expiry would not fit in
	// an int.
	errClockOverflow = errors.New("clock would overflow")
	// errTokensExhausted: every positive int64 has been issued once.
	errTokensExhausted = errors.New("no fencing tokens left")
)

// Never is the expiry of a lock granted without a lease (newWithoutTTL).
const Never = -1

// LockService lends one lock. It keeps a logical clock, lets leases expire
// with time, and issues a fencing token on every grant that is strictly larger
// than every token it issued before, as long as its counter survives (see
// Restart).
//
// A lease granted at time g with length l covers [g, g+l): at clock g+l the
// lock is free again. Every method applies that one predicate.
//
// Agreement on who holds the lock is assumed, as in the chapter; in practice
// the service runs on a consensus system such as Raft (newReplicated).
//
// The zero LockService is usable: a free lock with leases, on one node that
// keeps its state in memory, at time 0, whose first token is 1.
type LockService struct {
	clock   int    // logical time, by this service's own clock
	holder  string // current (or last) holder; "" when free
	expiry  int    // when the current (or last) lease expires; Never without TTL
	token   int64  // token issued to the current (or last) holder
	lease   int    // the length of the current (or last) lease, as granted or last renewed
	issued  int64  // the last token issued; 0 before the first grant
	noTTL   bool   // grants never expire
	durable bool   // state survives Restart
	delay   int    // lock-delay: ticks after a lapse during which nobody is granted the lock
}

// New returns a free lock service at time 0 whose first token is 1. It runs
// on one node and keeps its state in memory: Restart loses it. It is the
// zero LockService.
func New() *LockService {
	return &LockService{}
}

// newReplicated returns a lock service whose state is replicated by
// consensus: holder, lease and token counter survive Restart, so tokens keep
// increasing across restarts.
func newReplicated() *LockService {
	return &LockService{durable: true}
}

// newWithoutTTL returns a plain lock: a grant lasts until Release, however
// long that takes; a holder that crashes holds it forever. Like New it keeps
// its state in memory.
func newWithoutTTL() *LockService {
	return &LockService{noTTL: true}
}

// Restart models the service's process restarting. A replicated service
// keeps everything. A single node that keeps its state in memory forgets the
// holder, its lease and its token counter: the next grant gets token 1
// again, a token it has already issued. (A single node that wrote its
// counter to disk before every grant would keep it; this model's node does
// not.) The clock goes on.
func (s *LockService) Restart() {
	if s.durable {
		return
	}
	*s = LockService{clock: s.clock, noTTL: s.noTTL, delay: s.delay}
}

// Snapshot returns a copy of the service's state, as a backup holds it:
// the holder, its lease and token, and the token counter, at this moment.
func (s *LockService) Snapshot() LockService { return *s }

// Restore puts the service back to the state of b, a Snapshot taken
// earlier, as restoring a backup does: its holder, lease and token counter
// are b's, so a grant made since is forgotten and the tokens issued since
// are issued again. The clock goes on: a lease of b's that has ended by now
// has ended. A replicated service is no exception: consensus keeps the
// state through restarts, not through a restore from an older copy.
func (s *LockService) Restore(b LockService) {
	clock := s.clock
	*s = b
	s.clock = clock
}

// ElectionTimeout is how long, in ticks, a service replicated by consensus
// goes without a leader after its leader fails: etcd's default election
// timeout, 1000 ms, with a tick of one second. A new leader adds it to
// every lease it restarts (see leaderChange).
const ElectionTimeout = 1

// leaderChange models a new leader of a service replicated by consensus
// taking over, its clock reading now: nothing acknowledged is lost, and
// the lease in force restarts at its full length plus ElectionTimeout,
// counted from now, as etcd's lessor.Promote restarts every lease (a lease
// of seconds is never checkpointed: etcd checkpoints every 5 minutes) and
// as a new ZooKeeper leader tracks every session again with its full
// timeout. The new leader cannot tell how much of a lease had run on the
// old one, so it gives the holder the whole of it again; the holder's own
// reckoning does not change. A lease that had ended by the old leader's
// clock stays ended. The new leader's clock is its own: now, which need
// not be the old one's (that one may have run fast). It changes nothing and
// returns errClockOverflow where the new end would not fit in an int.
func (s *LockService) leaderChange(now int) error {
	if !s.held() || s.expiry == Never {
		s.moveClock(now)
		return nil
	}
	span, err := leaseFrom(now, s.lease)
	if err != nil || span.End > math.MaxInt-ElectionTimeout {
		return errClockOverflow
	}
	s.clock, s.expiry = now, span.End+ElectionTimeout
	return nil
}

// catchUp makes s, an asynchronous replica of p, a copy of p's state as
// replication brings it: the holder, the lease and the token counter. The
// replica's clock is its own and goes on: a lease's end is a time, which
// it reads by that clock (Redis replicates a key's expiry as an absolute
// time). A lease that has ended by p's clock has ended in the copy too,
// however far behind p's the replica's clock is (Redis's primary sends its
// replicas a DEL of each key it expires).
func (s *LockService) catchUp(p LockService) {
	clock := s.clock
	*s = p
	s.moveClock(clock)
}

// moveClock makes t the service's clock (another node's, which need not
// agree with the one before). A lease in force keeps its end, a time; a
// lease that had ended stays ended, as long ago as it was by the clock
// before (no earlier than t=0), so a lock-delay after it runs on as it
// would have.
func (s *LockService) moveClock(t int) {
	if s.holder != "" && s.expiry != Never && !s.held() {
		s.expiry = max(t-(s.clock-s.expiry), 0)
	}
	s.clock = t
}

// sameState reports whether s and o hold the same state, each read by its
// own clock: a replica that has everything its primary has. A lease that
// has ended on both is the same, whenever each saw it end.
func (s LockService) sameState(o LockService) bool {
	if !s.held() && !o.held() {
		s.expiry, o.expiry = 0, 0
	}
	s.clock, o.clock = 0, 0
	return s == o
}

// SetLockDelay makes the service refuse every grant for d ticks after a
// holder's lease lapses without a release, as Chubby's lock-delay does: a
// request the old holder had already sent is delivered (or lost) before
// anyone else holds the lock, so a delayed message of the old holder's
// does not reach a resource under the new one. A release ends the lease at once, with no
// delay. It narrows the window for a late write; it does not close it (a
// pause longer than lease and delay still lets another client in). d <= 0
// means no delay. A restart that forgets the lease forgets its delay too.
func (s *LockService) SetLockDelay(d int) { s.delay = max(d, 0) }

// LockDelay returns the lock-delay set by SetLockDelay (0 for none).
func (s *LockService) LockDelay() int { return s.delay }

// delayed reports whether a lease lapsed without a release less than the
// lock-delay ago.
func (s *LockService) delayed() bool {
	return s.delay > 0 && s.holder != "" && s.expiry != Never && !s.held() && s.clock-s.expiry < s.delay
}

// Now returns the logical time.
func (s *LockService) Now() int { return s.clock }

// Tick advances the logical time by d. A zero tick does nothing; a negative
// one returns errNegativeTick and one that would overflow returns
// errClockOverflow, both leaving the clock unchanged.
func (s *LockService) Tick(d int) error {
	switch {
	case d < 0:
		return errNegativeTick
	case d > math.MaxInt-s.clock:
		return errClockOverflow
	}
	s.clock += d
	return nil
}

// held reports whether a lease is in force at the current time.
func (s *LockService) held() bool {
	return s.holder != "" && leaseSpan{s.expiry}.InForce(s.clock)
}

// leaseEnd returns the end of a lease granted now (see leaseFrom); without
// TTL it is Never.
func (s *LockService) leaseEnd(lease int) (int, error) {
	if s.noTTL {
		return Never, nil
	}
	span, err := leaseFrom(s.clock, lease)
	return span.End, err
}

// Acquire grants the lock to client for lease ticks if no lease is in force,
// and returns the new fencing token. A lease shorter than one tick is one
// tick. The token grows on every grant: that is what lets the resource tell
// an old holder from a new one.
func (s *LockService) Acquire(client string, lease int) (int64, error) {
	if client == "" {
		return 0, errEmptyClient
	}
	if s.held() {
		return 0, ErrLockHeld
	}
	if s.delayed() {
		return 0, ErrLockDelay
	}
	end, err := s.leaseEnd(lease)
	if err != nil {
		return 0, err
	}
	if s.issued == math.MaxInt64 {
		return 0, errTokensExhausted
	}
	s.issued++
	s.holder, s.expiry, s.token, s.lease = client, end, s.issued, max(lease, 1)
	return s.token, nil
}

// Renew extends the holder's lease to now+lease (a heartbeat). The token does
// not change: it is the same tenure, extended. Renew fails with
// ErrLeaseExpired once the lease has run out, even if nobody took the lock
// since, and with errNotHolder for anyone but the holder.
func (s *LockService) Renew(client string, lease int) error {
	if client == "" {
		return errEmptyClient
	}
	if s.holder != client {
		return errNotHolder
	}
	if !s.held() {
		return ErrLeaseExpired
	}
	end, err := s.leaseEnd(lease)
	if err != nil {
		return err
	}
	s.expiry, s.lease = end, max(lease, 1)
	return nil
}

// Release gives the lock back before its lease runs out; the lease ends now.
// For anyone but the holder of a lease in force it changes nothing and
// returns errNotHolder.
func (s *LockService) Release(client string) error {
	if client == "" {
		return errEmptyClient
	}
	if !s.held() || s.holder != client {
		return errNotHolder
	}
	s.holder, s.expiry = "", s.clock
	return nil
}

// Holder returns the holder of the lease in force and its token, or ("", 0)
// when the lock is free or its lease has expired.
func (s *LockService) Holder() (string, int64) {
	if !s.held() {
		return "", 0
	}
	return s.holder, s.token
}

// Expiry returns when the current or most recent lease ends by the service's
// clock: Never for a grant without TTL, and 0 while the service remembers no
// lease at all (before its first grant, or after a restart that forgot it).
// Unlike Holder it does not hide an expired lease: a viewer sees that the
// lease ran out at that time.
func (s *LockService) Expiry() int { return s.expiry }

// TTL reports whether grants expire.
func (s *LockService) TTL() bool { return !s.noTTL }

// Durable reports whether the service's state survives Restart.
func (s *LockService) Durable() bool { return s.durable }
