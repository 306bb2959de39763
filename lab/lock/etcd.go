package lock

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

// EtcdLocker is etcd's concurrency package: a Session (a lease, which the
// library keeps alive with a keep-alive every third of its TTL), a Mutex on
// it (a key under the lock's prefix, made with the session's lease; the
// oldest such key holds the lock), TryLock. The fencing token is the lock
// key's CreateRevision: the cluster's revision when the key was made,
// larger than every one before it, and kept across a member's restart. A
// lock's keys are granted in the order of their CreateRevision, which never
// goes back while the cluster keeps its data.
type EtcdLocker struct {
	cli    *clientv3.Client
	prefix string
	// ManualRenewal stops each session's keep-alive as soon as its lease
	// is granted (Session.Orphan, which keeps the lease): the lease then
	// lasts its TTL from its grant unless the holder renews it (Renew),
	// and Lost is nil. Cancelling the
	// session's context instead would also stop it, but then Release's
	// revoke fails silently, and the lease outlives the lock for its whole
	// TTL.
	ManualRenewal bool
}

// NewEtcdLocker is the lock under prefix on the cluster cli talks to.
func NewEtcdLocker(cli *clientv3.Client, prefix string) *EtcdLocker {
	return &EtcdLocker{cli: cli, prefix: prefix}
}

// EtcdSession is a lease the library keeps alive, for one lock: what
// Session makes and AcquireOn takes.
type EtcdSession struct {
	*concurrency.Session
	ttl   time.Duration
	asked time.Time
}

// Session grants a lease of ttl (whole seconds, at least 1) on the cluster
// cli talks to, for AcquireOn. ctx bounds the grant; the library keeps the
// lease alive from then on until the session is closed (AcquireOn closes it
// when it does not take the lock; the lock's Release closes it).
func (l *EtcdLocker) Session(ctx context.Context, cli *clientv3.Client, ttl time.Duration) (*EtcdSession, error) {
	secs := max(int(ttl/time.Second), 1)
	asked := time.Now()
	lease, err := cli.Grant(ctx, int64(secs))
	if err != nil {
		return nil, err
	}
	// The session's own context: its keep-alive lives until Close, not as
	// long as ctx.
	s, err := concurrency.NewSession(cli, concurrency.WithLease(lease.ID), concurrency.WithTTL(secs), concurrency.WithContext(context.Background()))
	if err != nil {
		return nil, err
	}
	if l.ManualRenewal {
		s.Orphan() // the lease runs from its grant
	}
	return &EtcdSession{Session: s, ttl: time.Duration(secs) * time.Second, asked: asked}, nil
}

// Acquire makes a session of ttl and tries once to take the lock on it.
func (l *EtcdLocker) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	s, err := l.Session(ctx, l.cli, ttl)
	if err != nil {
		return nil, err
	}
	return l.AcquireOn(ctx, s)
}

// AcquireOn tries once to take the lock on session s; the lease counts from
// when s was asked for. It closes s unless it returns the lock, which then
// owns it.
func (l *EtcdLocker) AcquireOn(ctx context.Context, s *EtcdSession) (*EtcdLock, error) {
	m := concurrency.NewMutex(s.Session, l.prefix)
	err := m.TryLock(ctx)
	// A member restarting breaks the connection under a call: etcd's
	// client does not retry a transaction by itself, as it may have been
	// applied. On the same session TryLock may be tried again: its key is
	// the session's own, so a second try finds it rather than making
	// another.
	tries := 1
	for ; tries < 3 && status.Code(err) == codes.Unavailable; tries++ {
		time.Sleep(200 * time.Millisecond)
		err = m.TryLock(ctx)
	}
	switch {
	case errors.Is(err, concurrency.ErrLocked):
		s.Close() // revokes the session's lease: no key of it is left
		return nil, ErrHeld
	case err != nil:
		s.Close()
		return nil, err
	}
	// The token is the key's CreateRevision. A first try's transaction
	// made the key (the session is new), so the revision it answered with
	// is that. A try after one that broke may find the key the broken one
	// made: its answer's revision is later, so the key is read.
	token := m.Header().Revision
	if tries > 1 {
		got, err := s.Client().Get(ctx, m.Key())
		if err != nil || len(got.Kvs) == 0 {
			s.Close()
			return nil, errors.Join(errors.New("etcd: the lock's key could not be read after a retried TryLock"), err)
		}
		token = got.Kvs[0].CreateRevision
	}
	h := &EtcdLock{s: s, m: m, token: token, until: s.asked.Add(s.ttl)}
	if !l.ManualRenewal {
		h.lost = s.Done()
	}
	return h, nil
}

// EtcdLock is a lock EtcdLocker holds: its session and its key.
type EtcdLock struct {
	s     *EtcdSession
	m     *concurrency.Mutex
	token int64
	until time.Time
	lost  <-chan struct{}
}

// Token is the lock key's CreateRevision.
func (h *EtcdLock) Token() int64 { return h.token }

// Until is the lease's TTL counted from when it was asked for, or last
// renewed with Renew. The library's own keep-alives move the lease's end
// at the service without moving Until.
func (h *EtcdLock) Until() time.Time { return h.until }

// Lost is the session's Done: closed once the library's keep-alives have
// gone unanswered for a TTL (counted from the last answer it heard, checked
// once a second), or were refused. Nil with ManualRenewal.
func (h *EtcdLock) Lost() <-chan struct{} { return h.lost }

// Session is the session the lock is held on: Session.Ctx() is cancelled
// when it is done, for calls that must not outlive the lock.
func (h *EtcdLock) Session() *EtcdSession { return h.s }

// Renew sends one keep-alive for the session's lease (KeepAliveOnce):
// ErrLost once the lease is gone.
func (h *EtcdLock) Renew(ctx context.Context) error {
	asked := time.Now()
	resp, err := h.s.Client().KeepAliveOnce(ctx, h.s.Lease())
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
// Orphan, then Revoke), so nothing of the lock outlives it: ErrLost if the
// lease had ended.
func (h *EtcdLock) Release(ctx context.Context) error {
	if err := h.m.Unlock(ctx); err != nil {
		return err
	}
	err := h.s.Close()
	if errors.Is(err, rpctypes.ErrLeaseNotFound) {
		return ErrLost
	}
	return err
}

// Standing is the session's Done, which asks nothing of the service:
// Gone once it is closed. With ManualRenewal, which has no Done, it asks
// the service how long the lease has left (TimeToLive).
func (h *EtcdLock) Standing(ctx context.Context) (Standing, error) {
	if h.lost != nil {
		select {
		case <-h.lost:
			return Gone, nil
		default:
			return Held, nil
		}
	}
	resp, err := h.s.Client().TimeToLive(ctx, h.s.Lease())
	switch {
	case err != nil:
		return "", err
	case resp.TTL <= 0:
		return Gone, nil
	}
	return Held, nil
}
