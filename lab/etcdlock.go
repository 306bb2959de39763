package main

import (
	"context"
	"errors"
	"time"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// EtcdLock is etcd's concurrency package: a Session (a lease the library
// keeps alive with a keep-alive every TTL/3), a Mutex on it (a key under the
// lock's prefix, made with the session's lease; the oldest such key holds
// the lock), TryLock. The fencing token is the lock key's CreateRevision:
// the cluster's revision when the key was made, larger than every one
// before it, and kept across a member's restart.
type EtcdLock struct {
	cli    *clientv3.Client
	prefix string
	// connect makes a client of its own, for a request apart.
	connect func() (*clientv3.Client, error)
	// Orphaned stops the session's keep-alive once the lock is held
	// (Session.Orphan, which keeps the lease): the lease then lasts its TTL
	// unless the client renews it itself (Renew). Cancelling the session's
	// context instead would also stop it, but then Release's revoke fails
	// silently, and the lease outlives the lock for its whole TTL.
	Orphaned bool
	// session is the one Prepare made, for the next Acquire, on its own
	// client if apart.
	session *concurrency.Session
	apart   *clientv3.Client
}

// NewEtcdLock is the lock under prefix on the cluster cli talks to;
// connect, if not nil, makes another client to it, for a request apart.
func NewEtcdLock(cli *clientv3.Client, prefix string, connect func() (*clientv3.Client, error)) *EtcdLock {
	return &EtcdLock{cli: cli, prefix: prefix, connect: connect}
}

// Prepare makes the session, a lease of ttl (whole seconds) granted now,
// for the next Acquire. Orphaned, its keep-alive stops at once: the lease
// then runs from now, as the lock's will.
func (l *EtcdLock) Prepare(ctx context.Context, ttl time.Duration, apart bool) error {
	l.drop()
	cli := l.cli
	if apart && l.connect != nil {
		var err error
		if cli, err = l.connect(); err != nil {
			return err
		}
		l.apart = cli
	}
	s, err := concurrency.NewSession(cli, concurrency.WithTTL(leaseSeconds(ttl)), concurrency.WithContext(ctx))
	if err != nil {
		l.drop()
		return err
	}
	if l.Orphaned {
		s.Orphan()
	}
	l.session = s
	return nil
}

// leaseSeconds is ttl in etcd's whole seconds, at least 1.
func leaseSeconds(ttl time.Duration) int { return max(int(ttl/time.Second), 1) }

func (l *EtcdLock) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	secs := leaseSeconds(ttl)
	asked := time.Now()
	if l.session == nil {
		if err := l.Prepare(ctx, ttl, false); err != nil {
			return nil, err
		}
	}
	s, apart := l.session, l.apart
	l.session, l.apart = nil, nil
	closeSession := func() {
		s.Close()
		if apart != nil {
			apart.Close()
		}
	}
	m := concurrency.NewMutex(s, l.prefix)
	err := m.TryLock(ctx)
	// A member restarting breaks the connection under a call: etcd's
	// client does not retry a transaction by itself, as it may have been
	// applied. On the same session TryLock may be tried again: its key is
	// the session's own, so a second try finds it rather than making
	// another.
	for try := 1; try < 3 && status.Code(err) == codes.Unavailable; try++ {
		time.Sleep(200 * time.Millisecond)
		err = m.TryLock(ctx)
	}
	switch {
	case errors.Is(err, concurrency.ErrLocked):
		closeSession() // revokes the session's lease: no key of it is left
		return nil, ErrHeld
	case err != nil:
		closeSession()
		return nil, err
	}
	// The session is new, so TryLock's transaction made the key: the
	// revision it answered with is the key's CreateRevision.
	h := &etcdHeld{cli: s.Client(), apart: apart, s: s, m: m, token: m.Header().Revision, ttl: time.Duration(secs) * time.Second}
	h.until = asked.Add(h.ttl)
	if !l.Orphaned {
		h.lost = s.Done()
	}
	return h, nil
}

// drop closes what Prepare made and Acquire did not use.
func (l *EtcdLock) drop() {
	if l.session != nil {
		l.session.Close()
	}
	if l.apart != nil {
		l.apart.Close()
	}
	l.session, l.apart = nil, nil
}

func (l *EtcdLock) Close() error {
	l.drop()
	return l.cli.Close()
}

type etcdHeld struct {
	cli   *clientv3.Client
	apart *clientv3.Client // the client of its own it was taken on, if any
	s     *concurrency.Session
	m     *concurrency.Mutex
	token int64
	ttl   time.Duration
	until time.Time
	lost  <-chan struct{}
}

func (h *etcdHeld) Token() int64          { return h.token }
func (h *etcdHeld) Until() time.Time      { return h.until }
func (h *etcdHeld) Lost() <-chan struct{} { return h.lost }

// Renew sends one keep-alive for the session's lease.
func (h *etcdHeld) Renew(ctx context.Context) error {
	asked := time.Now()
	resp, err := h.cli.KeepAliveOnce(ctx, h.s.Lease())
	switch {
	case errors.Is(err, rpctypes.ErrLeaseNotFound):
		return ErrLost
	case err != nil:
		return err
	}
	h.until = asked.Add(time.Duration(resp.TTL) * time.Second)
	return nil
}

// Release deletes the lock's key and revokes the session's lease (Close:
// Orphan, then Revoke), so nothing of the lock outlives it.
func (h *etcdHeld) Release(ctx context.Context) error {
	if h.apart != nil {
		defer h.apart.Close()
	}
	if err := h.m.Unlock(ctx); err != nil {
		return err
	}
	if err := h.s.Close(); errors.Is(err, rpctypes.ErrLeaseNotFound) {
		return ErrLost
	} else {
		return err
	}
}
