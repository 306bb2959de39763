package lock

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
// which orders nothing, and its safety rests on bounded delays, pauses and
// clock drift.
type Redlock struct {
	sync *redsync.Redsync
	key  string
}

// NewRedlock is the lock named key on the nodes (five independent Redis
// servers).
func NewRedlock(nodes []*redis.Client, key string) *Redlock {
	var pools []redsyncredis.Pool
	for _, n := range nodes {
		pools = append(pools, goredis.NewPool(n))
	}
	return &Redlock{sync: redsync.New(pools...), key: key}
}

// Acquire tries once (WithTries(1)). A majority that answered yes after the
// lease had ended is ErrLate: redsync gives the grant up and unlocks every
// node.
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
		return nil, ErrLate
	case errors.As(err, &taken), errors.Is(err, redsync.ErrFailed):
		return nil, ErrHeld
	case errors.As(err, &nodeTaken), errors.As(err, &nodeErr):
		// Fewer than a majority said yes: some nodes hold the lock for
		// another value, and the rest were not reached. redsync returns
		// each node's answer; the lock was not granted.
		return nil, ErrHeld
	default:
		return nil, err
	}
	return &RedlockLock{m: m}, nil
}

// RedlockLock is a lock Redlock holds.
type RedlockLock struct{ m *redsync.Mutex }

// Token is 0: Redlock issues no token.
func (h *RedlockLock) Token() int64 { return 0 }

// Until is redsync's validity: the lease less the time the last attempt
// took and the drift allowance, from before its first request.
func (h *RedlockLock) Until() time.Time { return h.m.Until() }

// Lost is nil: redsync keeps no watch on the lock.
func (h *RedlockLock) Lost() <-chan struct{} { return nil }

// Renew extends the lease on a majority of the nodes (Extend); ErrLost when
// no majority still holds the holder's value.
func (h *RedlockLock) Renew(ctx context.Context) error {
	ok, err := h.m.ExtendContext(ctx)
	if !ok {
		return ErrLost
	}
	return err
}

// Release deletes the holder's value on every node: ErrLost when no
// majority held it.
func (h *RedlockLock) Release(ctx context.Context) error {
	if ok, _ := h.m.UnlockContext(ctx); !ok {
		return ErrLost
	}
	return nil
}

// Standing is redsync's validity by the holder's own clock (Until): it
// asks no node.
func (h *RedlockLock) Standing(context.Context) (Standing, error) {
	if time.Now().Before(h.m.Until()) {
		return Held, nil
	}
	return Gone, nil
}
