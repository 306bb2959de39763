package main

import (
	"context"
	"errors"
	"time"

	"github.com/go-redsync/redsync/v4"
	redsyncredis "github.com/go-redsync/redsync/v4/redis"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/redis/go-redis/v9"
)

// Redlock is Redlock as github.com/go-redsync/redsync, the Go library the
// Redlock page lists, runs it: the same random value SET NX PX on every
// node at once, the lock held with a majority (3 of 5), valid for the lease
// less the time the attempt took and a drift allowance (1 %), released on
// every node otherwise. It issues no token: a holder is its random value,
// which orders nothing.
type Redlock struct {
	nodes  []*redis.Client
	sync   *redsync.Redsync
	key    string
	warmed bool
}

// NewRedlock is the lock named key on the nodes the clients talk to (all
// five, through whatever network is between).
func NewRedlock(nodes []*redis.Client, key string) *Redlock {
	var pools []redsyncredis.Pool
	for _, n := range nodes {
		pools = append(pools, goredis.NewPool(n))
	}
	return &Redlock{nodes: nodes, sync: redsync.New(pools...), key: key}
}

// Prepare takes, extends and releases a lock of its own once (key:warm-up)
// on every node, which loads redsync's scripts; later, a PING to each node
// leaves a connection idle for the request (a node that does not answer
// is the algorithm's business, not Prepare's).
func (l *Redlock) Prepare(ctx context.Context, ttl time.Duration, _ bool) error {
	if l.warmed {
		for _, n := range l.nodes {
			n.Ping(ctx)
		}
		return nil
	}
	m := l.sync.NewMutex(l.key+":warm-up", redsync.WithExpiry(ttl), redsync.WithTries(1))
	if err := m.TryLockContext(ctx); err != nil {
		return err
	}
	if _, err := m.ExtendContext(ctx); err != nil {
		return err
	}
	if _, err := m.UnlockContext(ctx); err != nil {
		return err
	}
	l.warmed = true
	return nil
}

func (l *Redlock) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	m := l.sync.NewMutex(l.key, redsync.WithExpiry(ttl), redsync.WithTries(1))
	asked := time.Now()
	err := m.TryLockContext(ctx)
	var taken *redsync.ErrTaken
	var nodeTaken *redsync.ErrNodeTaken
	var nodeErr *redsync.RedisError
	switch {
	case err == nil:
	case errors.Is(err, redsync.ErrFailed) && time.Since(asked) >= ttl:
		// A majority answered yes, but after the lease: redsync gives the
		// grant up and unlocks every node.
		return nil, ErrLate
	case errors.As(err, &taken), errors.Is(err, redsync.ErrFailed):
		return nil, ErrHeld
	case errors.As(err, &nodeTaken), errors.As(err, &nodeErr):
		// Fewer than a majority said yes: some nodes hold the lock for
		// another value, and the rest were not reached (those cut off
		// refuse the connection). redsync returns each node's answer; the
		// lock was not granted.
		return nil, ErrHeld
	default:
		return nil, err
	}
	return &redlockHeld{m: m}, nil
}

func (l *Redlock) Close() error { return nil }

type redlockHeld struct{ m *redsync.Mutex }

func (h *redlockHeld) Token() int64          { return 0 }
func (h *redlockHeld) Until() time.Time      { return h.m.Until() }
func (h *redlockHeld) Lost() <-chan struct{} { return nil }

func (h *redlockHeld) Renew(ctx context.Context) error {
	ok, err := h.m.ExtendContext(ctx)
	if !ok {
		return ErrLost
	}
	return err
}

func (h *redlockHeld) Release(ctx context.Context) error {
	if ok, _ := h.m.UnlockContext(ctx); !ok {
		return ErrLost
	}
	return nil
}
