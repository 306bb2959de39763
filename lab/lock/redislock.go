package lock

import (
	"context"
	"errors"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

// RedisLocker is the lock of github.com/bsm/redislock on one Redis server:
// SET NX PX with a random value, a Refresh that extends the lease only
// while the value is still the holder's, a Release that deletes the key
// only then. It issues no token: a holder paused past its lease cannot be
// told apart from the next one by any resource.
type RedisLocker struct {
	locks *redislock.Client
	key   string
}

// NewRedisLocker is the lock named key on the server rdb talks to.
func NewRedisLocker(rdb *redis.Client, key string) *RedisLocker {
	return &RedisLocker{locks: redislock.New(rdb), key: key}
}

// Acquire tries once (redislock's default: no retry strategy).
func (l *RedisLocker) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	asked := time.Now()
	lock, err := l.locks.Obtain(ctx, l.key, ttl, nil)
	switch {
	case errors.Is(err, redislock.ErrNotObtained):
		return nil, ErrHeld
	case err != nil:
		return nil, err
	}
	return &RedisLock{lock: lock, ttl: ttl, until: asked.Add(ttl)}, nil
}

// RedisLock is a lock RedisLocker holds.
type RedisLock struct {
	lock  *redislock.Lock
	ttl   time.Duration
	until time.Time
}

// Token is 0: redislock issues no token.
func (h *RedisLock) Token() int64 { return 0 }

// Until is the ttl counted from the request that took or last renewed it.
func (h *RedisLock) Until() time.Time { return h.until }

// Lost is nil: redislock keeps no watch on the lock.
func (h *RedisLock) Lost() <-chan struct{} { return nil }

// Renew refreshes the lease for its ttl (Refresh): ErrLost once the key is
// gone or another's.
func (h *RedisLock) Renew(ctx context.Context) error {
	asked := time.Now()
	err := h.lock.Refresh(ctx, h.ttl, nil)
	if errors.Is(err, redislock.ErrNotObtained) {
		return ErrLost
	}
	if err == nil {
		h.until = asked.Add(h.ttl)
	}
	return err
}

// Release deletes the key if it is still the holder's: ErrLost otherwise.
func (h *RedisLock) Release(ctx context.Context) error {
	err := h.lock.Release(ctx)
	if errors.Is(err, redislock.ErrLockNotHeld) {
		return ErrLost
	}
	return err
}

// Standing asks the server how long the key has left, if it is still the
// holder's (redislock's TTL): Gone when it is not.
func (h *RedisLock) Standing(ctx context.Context) (Standing, error) {
	ttl, err := h.lock.TTL(ctx)
	switch {
	case err != nil:
		return "", err
	case ttl <= 0:
		return Gone, nil
	}
	return Held, nil
}
