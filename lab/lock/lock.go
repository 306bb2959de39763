// Package lock takes a distributed lock on a real lock service with the
// library people use for it, one file per service, each meant to be read
// and copied as the way to use that service correctly:
//
//   - RedisLocker: one Redis server, github.com/bsm/redislock (no token);
//   - FencedRedisLocker: one Redis server, a Lua script that issues a
//     fencing token in the step that grants the lock;
//   - Redlock: five Redis servers, github.com/go-redsync/redsync (no token);
//   - EtcdLocker: etcd's concurrency package (the token is the lock key's
//     CreateRevision);
//   - ZooKeeperLocker: ZooKeeper's lock recipe on github.com/go-zookeeper/zk
//     (the token is the lock znode's czxid).
//
// Each gives a Lock: its lease, its token (0 where the service issues
// none), and what its library says of it. Fence is the resource's half of
// fencing: a PostgreSQL row that keeps the largest token it has seen and
// refuses a smaller one, in the statement that writes. Versioned is the
// database's optimistic lock, which needs no lock service: a row's version,
// checked and incremented by the statement that writes.
//
// What a context controls: the ctx passed to a call bounds that call only
// (its requests to the service). A lock's lease, and whatever the library
// does to keep it alive, lasts until Release, or until the lease ends,
// whatever becomes of that ctx.
package lock

import (
	"context"
	"errors"
	"time"
)

// A Locker takes one lock on one lock service.
type Locker interface {
	// Acquire tries once to take the lock for a lease of ttl, counted from
	// now, and returns it; ErrHeld when another client holds it, another
	// error when the service could not be asked.
	Acquire(ctx context.Context, ttl time.Duration) (Lock, error)
}

// A Lock is the lock held.
type Lock interface {
	// Token is the fencing token of the grant: larger than every token the
	// service issued before it. 0 where the service issues none.
	Token() int64
	// Until is when the lease ends by the holder's own reckoning: the ttl
	// asked for, counted from the request (Redlock: its validity, less the
	// time the attempt took and the clock-drift allowance). The zero time
	// for a lock without expiry.
	Until() time.Time
	// Renew extends the lease by its ttl, counted from now; ErrLost once
	// the service no longer holds the lock for this holder.
	Renew(ctx context.Context) error
	// Release gives the lock back; ErrLost if the service held it no more.
	Release(ctx context.Context) error
	// Lost is closed once the library itself knows that the lease is gone
	// (etcd's Session.Done, ZooKeeper's session expired), without being
	// asked; nil where the library keeps no such watch.
	Lost() <-chan struct{}
	// Standing is what the library says of the lock when asked: what a
	// holder should ask before it acts on the lock. Whether it asks the
	// service depends on the library (see each lock); a holder can still
	// be paused between the answer and its next act.
	Standing(ctx context.Context) (Standing, error)
}

// Standing is what a lock's library says of the lock held.
type Standing string

// What a library says.
const (
	// Held: the lock is still the holder's, as far as the library knows.
	Held Standing = "held"
	// Suspended: the library has lost its connection to the service and
	// cannot tell (ZooKeeper's Disconnected, which Curator calls
	// SUSPENDED); the service may end the lease meanwhile. A holder should
	// act as if the lock were lost.
	Suspended Standing = "suspended"
	// Gone: the lease is over.
	Gone Standing = "gone"
)

// Errors a Locker and its locks return.
var (
	// ErrHeld: another client holds the lock.
	ErrHeld = errors.New("the lock is held by another client")
	// ErrLost: the service no longer holds the lock for this holder.
	ErrLost = errors.New("the lock is not this client's any more")
	// ErrLate: the service granted the lock, but its answer came after
	// the lease had ended by the library's reckoning, and the library gave
	// the grant up (redsync: quorum reached, validity gone; it unlocks).
	ErrLate = errors.New("the grant's answer came after its lease had ended")
)

// Each service's locker is a Locker, and the locks it takes are Locks.
var (
	_ Locker = (*RedisLocker)(nil)
	_ Locker = (*FencedRedisLocker)(nil)
	_ Locker = (*Redlock)(nil)
	_ Locker = (*EtcdLocker)(nil)
	_ Locker = (*ZooKeeperLocker)(nil)
	_ Lock   = (*RedisLock)(nil)
	_ Lock   = (*FencedRedisLock)(nil)
	_ Lock   = (*RedlockLock)(nil)
	_ Lock   = (*EtcdLock)(nil)
	_ Lock   = (*ZooKeeperLock)(nil)
)
