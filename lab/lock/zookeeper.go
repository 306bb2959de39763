package lock

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-zookeeper/zk"
)

// ZooKeeperLocker is ZooKeeper's lock recipe, as Curator's
// InterProcessMutex runs it, on github.com/go-zookeeper/zk (whose own
// NewLock waits for the lock and says nothing of its node): each holder has
// a session, whose timeout is the lease, kept alive by the library's
// heartbeat (every third of the timeout); it makes an ephemeral sequential
// znode under the lock's parent, and the lowest sequence number holds the
// lock. A node made with a GUID in its name (the protected mode) is found
// again if the answer to its create was lost. The parent is a container, as
// Curator makes it: the service deletes it once it is empty.
//
// The fencing token is the lock node's czxid: the zxid of the transaction
// that made it, larger than every zxid before it in the whole ensemble, and
// kept across a server's restart. Not the sequence number: that is the
// parent's counter, which starts again at 0 when the parent is deleted and
// made again, so after an idle spell a new holder can get a number below a
// paused old holder's.
//
// A lock lives as long as its session. The session is the library's: it
// cannot be left to lapse while the holder runs and reaches the service,
// and a holder that loses its connection hears Disconnected (Standing:
// Suspended), usually before the service ends the session, and Expired
// only once it reconnects.
//
// go-zookeeper's calls take no context: a ctx passed here bounds only the
// wait for a session; each call waits for its answer until the library
// gives up the connection (two thirds of the session timeout).
type ZooKeeperLocker struct {
	servers []string
	parent  string
	// OnEvent, if not nil, hears every event of each lock's session, in
	// order, as the library reports it (connection states, watches).
	OnEvent func(s *ZooKeeperSession, ev zk.Event)
}

// NewZooKeeperLocker is the lock whose nodes are made under the znode
// parent, on the ensemble whose servers (host:port) are given.
func NewZooKeeperLocker(servers []string, parent string) *ZooKeeperLocker {
	return &ZooKeeperLocker{servers: servers, parent: parent}
}

// ZooKeeperSession is a session of ttl for one lock: what Session makes and
// AcquireOn takes.
type ZooKeeperSession struct {
	conn  *zk.Conn
	ttl   time.Duration
	asked time.Time

	mu      sync.Mutex
	id      int64
	st      zk.State
	expired bool
	lost    chan struct{} // closed once the session has expired
}

// quiet drops go-zookeeper's own log lines: the session's events say what
// happened.
type quiet struct{}

// Printf drops the line.
func (quiet) Printf(string, ...any) {}

// Session connects to the ensemble and waits, at most until ctx ends, for a
// session of ttl (the service bounds it: the lab's ensemble between 200 ms
// and a minute). The session lives until it is closed or expires,
// whatever becomes of ctx.
func (l *ZooKeeperLocker) Session(ctx context.Context, ttl time.Duration) (*ZooKeeperSession, error) {
	s := &ZooKeeperSession{ttl: ttl, asked: time.Now(), lost: make(chan struct{})}
	conn, events, err := zk.Connect(l.servers, ttl, zk.WithLogger(quiet{}), zk.WithLogInfo(false))
	if err != nil {
		return nil, err
	}
	s.conn = conn
	ready := make(chan struct{})
	go s.follow(events, ready, l.OnEvent)
	select {
	case <-ready:
		return s, nil
	case <-ctx.Done():
		conn.Close()
		return nil, ctx.Err()
	}
}

// follow keeps the session's state from its events, until the connection
// is closed: ready is closed at its first session, lost once it expires.
// An expired session is over: go-zookeeper would make a new one on the
// same connection, which is not this lock's, so the connection is closed.
func (s *ZooKeeperSession) follow(events <-chan zk.Event, ready chan struct{}, hear func(*ZooKeeperSession, zk.Event)) {
	for ev := range events {
		if ev.Type == zk.EventSession {
			s.mu.Lock()
			over := s.expired
			s.st = ev.State
			switch {
			case over:
			case ev.State == zk.StateHasSession && s.id == 0:
				s.id = s.conn.SessionID()
				close(ready)
			case ev.State == zk.StateExpired:
				s.expired = true
				close(s.lost)
				go s.conn.Close()
			}
			s.mu.Unlock()
			if over {
				continue // the connection's, not the session's
			}
		}
		if hear != nil {
			hear(s, ev)
		}
	}
}

// Expired reports whether the session has expired.
func (s *ZooKeeperSession) Expired() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.expired
}

// ID is the session's id.
func (s *ZooKeeperSession) ID() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.id
}

// Close ends the session: the service deletes its ephemeral nodes.
func (s *ZooKeeperSession) Close() { s.conn.Close() }

// Acquire makes a session of ttl and tries once to take the lock in it.
func (l *ZooKeeperLocker) Acquire(ctx context.Context, ttl time.Duration) (Lock, error) {
	s, err := l.Session(ctx, ttl)
	if err != nil {
		return nil, err
	}
	return l.AcquireOn(s)
}

// AcquireOn tries once to take the lock in session s: it makes its node,
// and holds the lock if no node under the parent has a lower sequence
// number; otherwise it deletes its node and returns ErrHeld. It closes s
// unless it returns the lock, which then owns it.
func (l *ZooKeeperLocker) AcquireOn(s *ZooKeeperSession) (*ZooKeeperLock, error) {
	h, err := l.tryLock(s)
	if err != nil {
		s.Close()
		return nil, err
	}
	return h, nil
}

func (l *ZooKeeperLocker) tryLock(s *ZooKeeperSession) (*ZooKeeperLock, error) {
	node, err := l.create(s)
	if errors.Is(err, zk.ErrNoNode) {
		if err := l.makeParents(s.conn); err != nil {
			return nil, err
		}
		node, err = l.create(s)
	}
	if err != nil {
		return nil, err
	}
	seq, err := Sequence(node)
	if err != nil {
		return nil, err
	}
	var children []string
	if err := s.again(func() (err error) { children, _, err = s.conn.Children(l.parent); return err }); err != nil {
		return nil, err
	}
	for _, c := range children {
		if n, err := Sequence(c); err == nil && n < seq {
			err := s.again(func() error { return s.conn.Delete(node, -1) })
			if err != nil && !errors.Is(err, zk.ErrNoNode) { // gone: a first try that broke deleted it
				return nil, err
			}
			return nil, ErrHeld
		}
	}
	// The czxid is in the node's Stat, which the create does not return.
	var ok bool
	var stat *zk.Stat
	err = s.again(func() (err error) { ok, stat, err = s.conn.Exists(node); return err })
	switch {
	case err != nil:
		return nil, err
	case !ok || stat.EphemeralOwner != s.ID():
		return nil, ErrLost
	}
	return &ZooKeeperLock{s: s, node: node, token: stat.Czxid, until: s.asked.Add(s.ttl)}, nil
}

// again runs call, and again while the connection broke under it
// (ErrConnectionClosed: the server it talks to went away), once the
// session has reconnected, at most twice, as Curator's RetryLoop does: for
// calls that may be made twice (reads, and the delete of the holder's own
// node).
func (s *ZooKeeperSession) again(call func() error) error {
	err := call()
	for try := 1; try < 3 && errors.Is(err, zk.ErrConnectionClosed); try++ {
		for deadline := time.Now().Add(s.ttl); time.Now().Before(deadline) && s.state() != zk.StateHasSession; {
			time.Sleep(10 * time.Millisecond)
		}
		err = call()
	}
	return err
}

func (s *ZooKeeperSession) state() zk.State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st
}

// create makes the lock node, in protected mode: a create whose answer was
// lost (ErrConnectionClosed) looks for its node by the GUID in its name.
func (l *ZooKeeperLocker) create(s *ZooKeeperSession) (string, error) {
	return s.conn.CreateProtectedEphemeralSequential(l.parent+"/lock-", nil, zk.WorldACL(zk.PermAll))
}

// makeParents makes the parent and each znode above it that is missing,
// as containers.
func (l *ZooKeeperLocker) makeParents(conn *zk.Conn) error {
	path := ""
	for _, part := range strings.Split(strings.Trim(l.parent, "/"), "/") {
		path += "/" + part
		_, err := conn.CreateContainer(path, nil, zk.FlagContainer, zk.WorldACL(zk.PermAll))
		if err != nil && !errors.Is(err, zk.ErrNodeExists) {
			return err
		}
	}
	return nil
}

// Sequence is the sequence number the service appended to a lock node's
// name (…lock-0000000007): the parent's counter, which orders the lock's
// waiters while the parent lives, and is no fencing token.
func Sequence(node string) (int64, error) {
	i := strings.LastIndex(node, "lock-")
	if i < 0 {
		return 0, fmt.Errorf("zookeeper: %q is not a lock node", node)
	}
	return strconv.ParseInt(node[i+len("lock-"):], 10, 64)
}

// ZooKeeperLock is a lock ZooKeeperLocker holds: its session and its node.
type ZooKeeperLock struct {
	s     *ZooKeeperSession
	node  string
	token int64
	until time.Time
}

// Token is the lock node's czxid.
func (h *ZooKeeperLock) Token() int64 { return h.token }

// Node is the lock node's path.
func (h *ZooKeeperLock) Node() string { return h.node }

// Session is the session the lock lives in.
func (h *ZooKeeperLock) Session() *ZooKeeperSession { return h.s }

// Until is the session's timeout asked for, counted from when the session
// was asked for, or last renewed with Renew. The library's heartbeat moves
// the session's end at the service without moving Until.
func (h *ZooKeeperLock) Until() time.Time { return h.until }

// Lost is closed once the library knows the session has expired: it hears
// so only on reconnecting to the service.
func (h *ZooKeeperLock) Lost() <-chan struct{} { return h.s.lost }

// Renew asks the service whether the lock node is still there, in the
// lock's session (Exists): any request renews a session, as its heartbeat
// does. ErrLost once the session or the node is gone.
func (h *ZooKeeperLock) Renew(ctx context.Context) error {
	if h.s.Expired() {
		return ErrLost
	}
	asked := time.Now()
	var ok bool
	var stat *zk.Stat
	err := h.s.again(func() (err error) { ok, stat, err = h.s.conn.Exists(h.node); return err })
	switch {
	case errors.Is(err, zk.ErrSessionExpired):
		return ErrLost
	case err != nil:
		return err
	case !ok || stat.EphemeralOwner != h.s.ID():
		return ErrLost
	}
	h.until = asked.Add(h.s.ttl)
	return nil
}

// Release deletes the lock node and closes the session: ErrLost if the
// node had gone (its session expired).
func (h *ZooKeeperLock) Release(ctx context.Context) error {
	if h.s.Expired() {
		return ErrLost
	}
	defer h.s.Close()
	err := h.s.conn.Delete(h.node, -1)
	if errors.Is(err, zk.ErrNoNode) || errors.Is(err, zk.ErrSessionExpired) {
		return ErrLost
	}
	return err
}

// Standing is the session's state as the library knows it, which asks
// nothing of the service: Held while connected in the lock's session,
// Suspended while disconnected (the session may be ending at the service),
// Gone once it has expired.
func (h *ZooKeeperLock) Standing(context.Context) (Standing, error) {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.expired:
		return Gone, nil
	case s.st == zk.StateHasSession:
		return Held, nil
	}
	return Suspended, nil
}
