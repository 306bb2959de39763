package lock

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// FencedRedisLocker is a lock on one Redis server that issues a fencing
// token in the same atomic step as the grant: one Lua script sets the lock
// (SET NX, with PX unless NoExpiry) and, only if it was set, increments the
// token counter and returns it. None of the Go Redis libraries used here does this
// (Redisson's RFencedLock, in Java, does). A counter read in a call of its
// own, before or after the SET, can give a newer holder a smaller token: a
// client paused between its INCR and its SET wins the lock with a token
// below one already issued. The token only grows while the server keeps its
// data: without persistence a restart resets the counter, and a new holder
// gets a token the resource has already seen.
type FencedRedisLocker struct {
	rdb          *redis.Client
	key, counter string
	// NoExpiry takes the lock without a lease: it is held until released,
	// or for ever if its holder is gone.
	NoExpiry bool
}

// NewFencedRedisLocker is the lock named key on the server rdb talks to,
// its tokens counted in the key counter.
func NewFencedRedisLocker(rdb *redis.Client, key, counter string) *FencedRedisLocker {
	return &FencedRedisLocker{rdb: rdb, key: key, counter: counter}
}

// The scripts, each one atomic step of the server. grantScript sets the
// lock if it is free and returns the new token, or 0: ARGV[1] the holder's
// value, ARGV[2] the lease in ms (0: no expiry). extendScript extends the
// lock by ARGV[2] ms if it is still ARGV[1]'s; deleteScript deletes it if
// it is; pttlScript returns its time left if it is (-1 without expiry),
// or -3.
var (
	grantScript = redis.NewScript(`
local set
if tonumber(ARGV[2]) > 0 then
  set = redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2])
else
  set = redis.call("SET", KEYS[1], ARGV[1], "NX")
end
if not set then return 0 end
return redis.call("INCR", KEYS[2])`)
	extendScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`)
	deleteScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)
	pttlScript   = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PTTL", KEYS[1]) end return -3`)
)

// Scripts are the scripts the lock runs, which a caller may load on the
// server beforehand (SCRIPT LOAD), so that each call is one EVALSHA.
func (l *FencedRedisLocker) Scripts() []*redis.Script {
	return []*redis.Script{grantScript, extendScript, deleteScript, pttlScript}
}

// Acquire tries once: one script, which sets the lock and issues its token.
func (l *FencedRedisLocker) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
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
	h := &FencedRedisLock{locker: l, value: value, token: token, ttl: ttl}
	if !l.NoExpiry {
		h.until = asked.Add(ttl)
	}
	return h, nil
}

// FencedRedisLock is a lock FencedRedisLocker holds.
type FencedRedisLock struct {
	locker *FencedRedisLocker
	value  string
	token  int64
	ttl    time.Duration
	until  time.Time
}

// Token is the counter's value the grant's script returned.
func (h *FencedRedisLock) Token() int64 { return h.token }

// Until is the ttl counted from the request that took or last renewed it;
// the zero time without expiry.
func (h *FencedRedisLock) Until() time.Time { return h.until }

// Lost is nil: the lock keeps no watch.
func (h *FencedRedisLock) Lost() <-chan struct{} { return nil }

// Renew extends the lease; without expiry it only asks whether the lock is
// still the holder's.
func (h *FencedRedisLock) Renew(ctx context.Context) error {
	l := h.locker
	asked := time.Now()
	if l.NoExpiry {
		got, err := l.rdb.Get(ctx, l.key).Result()
		if errors.Is(err, redis.Nil) || err == nil && got != h.value {
			return ErrLost
		}
		return err
	}
	n, err := extendScript.Run(ctx, l.rdb, []string{l.key}, h.value, h.ttl.Milliseconds()).Int()
	switch {
	case err != nil:
		return err
	case n == 0:
		return ErrLost
	}
	h.until = asked.Add(h.ttl)
	return nil
}

// Release deletes the key if it is still the holder's: ErrLost otherwise.
func (h *FencedRedisLock) Release(ctx context.Context) error {
	n, err := deleteScript.Run(ctx, h.locker.rdb, []string{h.locker.key}, h.value).Int()
	if err == nil && n == 0 {
		return ErrLost
	}
	return err
}

// Standing asks the server whether the key is still the holder's.
func (h *FencedRedisLock) Standing(ctx context.Context) (Standing, error) {
	n, err := pttlScript.Run(ctx, h.locker.rdb, []string{h.locker.key}, h.value).Int()
	switch {
	case err != nil:
		return "", err
	case n == -3:
		return Gone, nil
	}
	return Held, nil
}

// randomValue is what identifies a holder to the service: 16 random bytes.
func randomValue() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
