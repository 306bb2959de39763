package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

// The one-node Redis lock, two ways.

// RedisLock is the lock of github.com/bsm/redislock: SET NX PX with a
// random value, a Refresh that extends it only while the value is still
// this client's, a Release that deletes it only then. It issues no token.
type RedisLock struct {
	rdb    *redis.Client
	locks  *redislock.Client
	key    string
	warmed bool
}

// NewRedisLock is the lock named key on the server rdb talks to.
func NewRedisLock(rdb *redis.Client, key string) *RedisLock {
	return &RedisLock{rdb: rdb, locks: redislock.New(rdb), key: key}
}

// Prepare takes, renews and releases a lock of its own once (key:warm-up),
// which loads redislock's three scripts; later, a PING leaves a connection
// idle for the request.
func (l *RedisLock) Prepare(ctx context.Context, ttl time.Duration, _ bool) error {
	if l.warmed {
		return l.rdb.Ping(ctx).Err() // a connection idle in the pool, for the request
	}
	lock, err := l.locks.Obtain(ctx, l.key+":warm-up", ttl, nil)
	if err != nil {
		return err
	}
	if err := lock.Refresh(ctx, ttl, nil); err != nil {
		return err
	}
	if err := lock.Release(ctx); err != nil {
		return err
	}
	l.warmed = true
	return nil
}

func (l *RedisLock) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	asked := time.Now()
	lock, err := l.locks.Obtain(ctx, l.key, ttl, nil) // one try: no retry strategy
	switch {
	case errors.Is(err, redislock.ErrNotObtained):
		return nil, ErrHeld
	case err != nil:
		return nil, err
	}
	return &redisLockHeld{lock: lock, ttl: ttl, until: asked.Add(ttl)}, nil
}

func (l *RedisLock) Close() error { return nil }

type redisLockHeld struct {
	lock  *redislock.Lock
	ttl   time.Duration
	until time.Time
}

func (h *redisLockHeld) Token() int64          { return 0 }
func (h *redisLockHeld) Until() time.Time      { return h.until }
func (h *redisLockHeld) Lost() <-chan struct{} { return nil }

func (h *redisLockHeld) Renew(ctx context.Context) error {
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

func (h *redisLockHeld) Release(ctx context.Context) error {
	if err := h.lock.Release(ctx); errors.Is(err, redislock.ErrLockNotHeld) {
		return ErrLost
	} else {
		return err
	}
}

// FencedRedisLock is a one-node Redis lock that issues a fencing token in
// the same atomic step as the grant: one Lua script sets the lock (SET NX,
// with PX unless NoExpiry) and, only if it was set, increments the token
// counter and returns it. No library does this. A counter read in a call
// of its own, before or after the SET, can give a newer holder a smaller
// token: a client paused between its INCR and its SET wins the lock with a
// token below one already issued. Without persistence a restart of the
// server resets the counter (the counter-reset scenario).
type FencedRedisLock struct {
	rdb          *redis.Client
	key, counter string
	NoExpiry     bool // a plain lock: no lease (the no-ttl row)
	loaded       bool
}

// NewFencedRedisLock is the lock named key, its tokens counted in counter.
func NewFencedRedisLock(rdb *redis.Client, key, counter string) *FencedRedisLock {
	return &FencedRedisLock{rdb: rdb, key: key, counter: counter}
}

// grantScript sets the lock if it is free and returns the new token, or 0:
// ARGV[1] the holder's value, ARGV[2] the lease in ms (0: no expiry).
var grantScript = redis.NewScript(`
local set
if tonumber(ARGV[2]) > 0 then
  set = redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2])
else
  set = redis.call("SET", KEYS[1], ARGV[1], "NX")
end
if not set then return 0 end
return redis.call("INCR", KEYS[2])`)

// extendScript extends the lock by ARGV[2] ms if it is still ARGV[1]'s;
// deleteScript deletes it if it is.
var (
	extendScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`)
	deleteScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)
)

// Prepare loads the three scripts once (SCRIPT LOAD); later, a PING leaves
// a connection idle for the request.
func (l *FencedRedisLock) Prepare(ctx context.Context, _ time.Duration, _ bool) error {
	if l.loaded {
		return l.rdb.Ping(ctx).Err() // a connection idle in the pool, for the request
	}
	for _, s := range []*redis.Script{grantScript, extendScript, deleteScript} {
		if err := s.Load(ctx, l.rdb).Err(); err != nil {
			return err
		}
	}
	l.loaded = true
	return nil
}

func (l *FencedRedisLock) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	value, err := randomValue()
	if err != nil {
		return nil, err
	}
	ms := ttl.Milliseconds()
	if l.NoExpiry {
		ms = 0
	}
	asked := time.Now()
	token, err := grantScript.Run(ctx, l.rdb, []string{l.key, l.counter}, value, ms).Int64()
	switch {
	case err != nil:
		return nil, err
	case token == 0:
		return nil, ErrHeld
	}
	h := &fencedHeld{lock: l, value: value, token: token, ttl: ttl}
	if !l.NoExpiry {
		h.until = asked.Add(ttl)
	}
	return h, nil
}

func (l *FencedRedisLock) Close() error { return nil }

type fencedHeld struct {
	lock  *FencedRedisLock
	value string
	token int64
	ttl   time.Duration
	until time.Time
}

func (h *fencedHeld) Token() int64          { return h.token }
func (h *fencedHeld) Until() time.Time      { return h.until }
func (h *fencedHeld) Lost() <-chan struct{} { return nil }

// Renew extends the lease; without expiry it only asks whether the lock is
// still this client's.
func (h *fencedHeld) Renew(ctx context.Context) error {
	asked := time.Now()
	if h.lock.NoExpiry {
		got, err := h.lock.rdb.Get(ctx, h.lock.key).Result()
		if errors.Is(err, redis.Nil) || err == nil && got != h.value {
			return ErrLost
		}
		return err
	}
	n, err := extendScript.Run(ctx, h.lock.rdb, []string{h.lock.key}, h.value, h.ttl.Milliseconds()).Int()
	switch {
	case err != nil:
		return err
	case n == 0:
		return ErrLost
	}
	h.until = asked.Add(h.ttl)
	return nil
}

func (h *fencedHeld) Release(ctx context.Context) error {
	n, err := deleteScript.Run(ctx, h.lock.rdb, []string{h.lock.key}, h.value).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// randomValue is what identifies a holder to the service: 16 random bytes.
func randomValue() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
