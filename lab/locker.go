package main

import (
	"context"
	"errors"
	"time"
)

// The lab's clients take the lock through one small interface, with one
// file per lock service: the one-node Redis lock (redislock.go: bsm's
// redislock, and a lock of the lab's own that issues a fencing token in the
// same atomic step as the grant), Redlock (redlock.go: go-redsync) and etcd
// (etcdlock.go: the concurrency package). Each is meant to be read, and
// copied, as the way to use that service correctly.

// A Locker takes one lock on one lock service.
type Locker interface {
	// Prepare readies what the lock's own request needs, so that Acquire
	// then sends that one request and nothing before it: etcd's session
	// (a lease of ttl, granted now); for Redis, the scripts the library
	// runs loaded on the server (once) and a connection idle in the pool.
	// A client that has run for a while has both; a held answer then holds
	// the grant's answer, not a handshake before it. apart: the request
	// goes on a connection of its own, which nothing else uses while its
	// answer is held (Redis's pool does this by itself: a call takes an
	// idle connection, and the next dials another; etcd's client carries
	// every call on one connection, so it gets a client of its own).
	Prepare(ctx context.Context, ttl time.Duration, apart bool) error
	// Acquire tries once to take the lock for a lease of ttl, counted from
	// now, and returns it; ErrHeld when another client holds it, another
	// error when the service could not be asked.
	Acquire(ctx context.Context, ttl time.Duration) (Lock, error)
	// Close ends the client's use of the service. A lock held stays held
	// until its lease ends (or forever, without one).
	Close() error
}

// A Lock is the lock held.
type Lock interface {
	// Token is the fencing token of the grant: larger than every token the
	// service issued before it. 0 where the service issues none.
	Token() int64
	// Until is when the lease ends by the client's own reckoning: the ttl
	// asked for, counted from the request (Redlock: its validity, less the
	// time the attempt took and the clock-drift allowance). The zero time
	// for a lock without expiry.
	Until() time.Time
	// Renew extends the lease by its ttl, counted from now; ErrLost once
	// the service no longer holds the lock for this client.
	Renew(ctx context.Context) error
	// Release gives the lock back; ErrLost if the service held it no more.
	Release(ctx context.Context) error
	// Lost is closed when the library itself finds that the lease is gone
	// (etcd's Session.Done: its own keep-alives went unanswered for a TTL,
	// or were refused); nil where the library keeps no such watch.
	Lost() <-chan struct{}
}

// Errors a Locker and its locks return.
var (
	// ErrHeld: another client holds the lock.
	ErrHeld = errors.New("the lock is held by another client")
	// ErrLost: the service no longer holds the lock for this client.
	ErrLost = errors.New("the lock is not this client's any more")
	// ErrLate: the service granted the lock, but its answer came after
	// the lease had ended by the library's reckoning, and the library gave
	// the grant up (redsync: quorum reached, validity gone; it unlocks).
	ErrLate = errors.New("the grant's answer came after its lease had ended")
)
