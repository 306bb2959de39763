package main

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"github.com/go-zookeeper/zk"
)

// ZooKeeper: the lab's shared three-server ensemble, each run under a
// parent znode of its own, the lock ZooKeeper's recipe on go-zookeeper.
var zooKeeperLock = &backend{
	name: "zookeeper",
	describe: func(core.Strategy, renewal) string {
		return "ZooKeeper 3.8.0, an ensemble of 3 servers (tickTime 100 ms): the lock recipe on go-zookeeper/zk v1.0.4, an ephemeral sequential node per holder in a session of its own, whose timeout is the lease, kept alive by the library's heartbeat every third of it; the token is the lock node's czxid"
	},
	token:           "the lock node's czxid",
	key:             func(run string) string { return "/dlock/" + run },
	open:            openZooKeeper,
	library:         newZooKeeperLibrary,
	apart:           true,
	keepsAlive:      true,
	renewsItself:    true,
	asks:            "ZooKeeper's session state (go-zookeeper Conn.State)",
	gone:            "ZooKeeper's session expired, heard on reconnecting",
	unstageable:     zooKeeperUnstageable,
	restores:        "at the backup, a copy of each server's data directory (snapshots, transaction logs, epochs), taken while it runs; at the restore, every server killed, its data directory replaced by the copy, and the ensemble started again",
	differs:         "the model restores the service as it was, its counter with it; a zxid carries the leader's epoch in its upper 32 bits, and the restored ensemble elects its leader in a new epoch, one above the last it had seen at the backup: the czxid moves on past every one it had issued, those issued after the backup and lost among them, and the token does not go back (but where a leader was elected after the backup, the restored zxids can repeat the lost ones, after one election, or fall below them, after two or more)",
	failsOver:       "an ensemble of the run's own, whose first server (which a client's connection of its own reaches) does not lead; at a failover the leader is killed (kill -9) and the two others elect a new leader; a sync does nothing (a grant is acknowledged once a quorum has it)",
	failoverDiffers: "the model's new leader restarts the lease at its full length plus an election timeout of one tick; ZooKeeper's new leader tracks every session again with its full timeout, from its election; and a ZooKeeper lock lives as long as its session, which the library keeps alive, by a heartbeat every third of its timeout, as long as its holder runs and reaches the service: a lease the model ends while its holder runs lives on (the run's last step alone may end one, where nothing after it can tell)",
}

// SessionKeptAlive: the model ends a lease while its holder runs and
// reaches the service, which a ZooKeeper session does not allow.
const SessionKeptAlive recording.NotReplayed = "session-kept-alive"

// zooKeeperUnstageable finds the first step the lab cannot stage on
// ZooKeeper, from the model's frames:
//
//   - a step whose time ends a lease while its holder runs and reaches the
//     lock service (neither paused, nor crashed, nor cut off by a renewal
//     the network holds): a ZooKeeper lock lives as long as its session,
//     and the library keeps the session alive, by itself, as long as the
//     holder runs and reaches the service (it even reconnects a connection
//     that answers nothing, in the same session); such a lease cannot end
//     on ZooKeeper (SessionKeptAlive). But at the run's last step: nothing
//     after it can tell whether the lease ended (the failover scenario
//     ends with the lease the new leader restarted running out), and the
//     recording says that it lived on;
//   - the delivery of a held acquire's answer while a renewal of the same
//     client is held: the recipe calls the service again after its
//     create's answer (the parent's children, the node's czxid), and the
//     lab holds a renewal as a partition between the client and its lock
//     service, where those calls would wait (recording.CallInPartition).
func zooKeeperUnstageable(sc core.Scenario, frames []core.Frame) (recording.NotReplayed, int) {
	for i := 1; i < len(frames); i++ {
		prev, f := frames[i-1], frames[i]
		renewing := func(client string) bool {
			return slices.ContainsFunc(prev.Network, func(m core.Message) bool { return m.Kind == core.MsgRenew && m.Client == client })
		}
		if ev := f.Event; ev.Kind == core.ActDeliver && ev.Delivered == core.MsgReply && renewing(ev.Client) {
			return recording.CallInPartition, i
		}
		h := f.Event.Expired
		if h == "" {
			continue
		}
		cv, _ := prev.Client(h)
		stopped := cv.State != core.Running || f.Event.Kind == core.ActPause && f.Event.Client == h || renewing(h)
		if !stopped && i < len(frames)-1 {
			return SessionKeptAlive, i
		}
	}
	return "", 0
}

// zooKeeperLibrary is ZooKeeper's lock in a client process. The session of
// the next acquire is made by prepare; a held request's session reaches
// one server through a proxy of its own (the lab's ApartAddrs), so that
// holding its answer holds no other session's.
type zooKeeperLibrary struct {
	locks, apart *lock.ZooKeeperLocker
	next         *lock.ZooKeeperSession
	nextOn       *lock.ZooKeeperLocker
}

func newZooKeeperLibrary(cfg clientConfig, h hearer) (library, error) {
	hear := func(s *lock.ZooKeeperSession, ev zk.Event) {
		if ev.Type != zk.EventSession {
			return
		}
		var said lock.Standing
		switch ev.State {
		case zk.StateDisconnected:
			said = lock.Suspended
		case zk.StateHasSession:
			said = lock.Held
		case zk.StateExpired:
			// Lost says so, for the lock it expired under.
		default:
			return // connecting, connected: on the way to a session
		}
		h.librarySaid(func(l lock.Lock) bool {
			z, ok := l.(*lock.ZooKeeperLock)
			return ok && z.Session() == s
		}, said, fmt.Sprintf("ZooKeeper session %x: %s", s.ID(), ev.State))
	}
	l := &zooKeeperLibrary{locks: lock.NewZooKeeperLocker(cfg.Addrs, cfg.Key), apart: lock.NewZooKeeperLocker(cfg.Addrs, cfg.Key)}
	if len(cfg.ApartAddrs) > 0 {
		l.apart = lock.NewZooKeeperLocker(cfg.ApartAddrs, cfg.Key)
	}
	l.locks.OnEvent, l.apart.OnEvent = hear, hear
	return l, nil
}

func (l *zooKeeperLibrary) prepare(ctx context.Context, ttl time.Duration, apart bool) (string, error) {
	l.drop()
	on := l.locks
	if apart {
		on = l.apart
	}
	s, err := on.Session(ctx, ttl)
	if err != nil {
		return "", err
	}
	l.next, l.nextOn = s, on
	what := fmt.Sprintf("a session of %s (%x): its timeout is the lease", ttl, s.ID())
	if apart {
		what += "; through a network of its own, so that holding the request's answer holds no other session's"
	}
	return what, nil
}

func (l *zooKeeperLibrary) acquire(ctx context.Context, ttl time.Duration) (lock.Lock, error) {
	if l.next == nil {
		if _, err := l.prepare(ctx, ttl, false); err != nil {
			return nil, err
		}
	}
	s, on := l.next, l.nextOn
	l.next, l.nextOn = nil, nil
	h, err := on.AcquireOn(s)
	if err != nil {
		return nil, err
	}
	return h, nil
}

func (l *zooKeeperLibrary) drop() {
	if l.next != nil {
		l.next.Close()
	}
	l.next, l.nextOn = nil, nil
}

func (l *zooKeeperLibrary) close() error {
	l.drop()
	return nil
}

// zooKeeperService is the lab's ensemble, shared by every run, seen
// through the run's own lock parent, on a session of the lab's own; or, for
// a run that restores it, an ensemble of the run's own (own), in its
// directory.
type zooKeeperService struct {
	ensemble *servers.ZooKeeper
	own      bool
	dir      string
	conn     *zk.Conn
	parent   string
}

// quietZK drops go-zookeeper's own log lines: the trace says what
// happened.
type quietZK struct{}

// Printf drops the line.
func (quietZK) Printf(string, ...any) {}

func openZooKeeper(p place) (service, error) {
	parent := p.key
	var ensemble *servers.ZooKeeper
	var err error
	if p.own() {
		ensemble, err = servers.StartZooKeeper(filepath.Join(p.dir, "zookeeper"))
	} else {
		ensemble, err = servers.SharedZooKeeper()
	}
	if err != nil {
		return nil, err
	}
	if p.failsOver {
		// The first server is the one a held request's connection of its
		// own reaches (clientNetwork): not the one a failover kills.
		if err := ensemble.AvoidLeading(1); err != nil {
			ensemble.Stop()
			return nil, err
		}
	}
	conn, events, err := zk.Connect(ensemble.Endpoints(), time.Minute, zk.WithLogger(quietZK{}), zk.WithLogInfo(false))
	if err != nil {
		if p.own() {
			ensemble.Stop()
		}
		return nil, err
	}
	for ev := range events {
		if ev.State == zk.StateHasSession {
			break
		}
	}
	go func() {
		for range events {
		}
	}()
	// The run's lock parent is the lab's, made before the run as its
	// database row is: the recipe's first create then finds it, and a
	// held request is one message. (The recipe makes a missing parent a
	// container, which the service deletes once empty.)
	for p := range parentsOf(parent) {
		if _, err := conn.Create(p, nil, zk.FlagPersistent, zk.WorldACL(zk.PermAll)); err != nil && !errors.Is(err, zk.ErrNodeExists) {
			conn.Close()
			return nil, err
		}
	}
	return &zooKeeperService{ensemble: ensemble, own: p.own(), dir: p.dir, conn: conn, parent: parent}, nil
}

// parentsOf yields each znode of path from the root down, path last.
func parentsOf(path string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for i := 1; i < len(path); i++ {
			if path[i] == '/' && !yield(path[:i]) {
				return
			}
		}
		yield(path)
	}
}

func (s *zooKeeperService) addrs() []string { return s.ensemble.Endpoints() }

// held lists the parent's children; where the lab's connection breaks
// under the call (the server it talks to restarts, for this run or
// another), it asks again once reconnected.
func (s *zooKeeperService) held(context.Context) (bool, error) {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		children, _, err := s.conn.Children(s.parent)
		switch {
		case errors.Is(err, zk.ErrNoNode):
			return false, nil
		case (errors.Is(err, zk.ErrConnectionClosed) || errors.Is(err, zk.ErrNoServer)) && time.Now().Before(deadline):
			continue
		}
		return len(children) > 0, err
	}
}

// watch lists the parent's children each time they change: a node made is
// a holder's or a contender's, a node gone was released or its session
// ended. The parent is a container, which the service deletes once empty;
// the watch then waits for it to be made again.
func (s *zooKeeperService) watch(ctx context.Context, log func(call, result string), ended func(token int64)) {
	go func() {
		known := map[string]int64{} // node → czxid
		for ctx.Err() == nil {
			children, _, ch, err := s.conn.ChildrenW(s.parent)
			if errors.Is(err, zk.ErrNoNode) {
				children = nil
				_, _, ch, err = s.conn.ExistsW(s.parent)
			}
			if err != nil {
				select {
				case <-ctx.Done():
				case <-time.After(50 * time.Millisecond):
				}
				continue
			}
			now := map[string]bool{}
			for _, n := range children {
				now[n] = true
				if _, ok := known[n]; ok {
					continue
				}
				ok, stat, err := s.conn.Exists(path.Join(s.parent, n))
				if err != nil || !ok {
					continue // gone already: a contender that lost
				}
				known[n] = stat.Czxid
				seq, _ := lock.Sequence(n)
				log("service: the node "+n, fmt.Sprintf("made, czxid %d (sequence number %d)", stat.Czxid, seq))
			}
			for n, czxid := range known {
				if !now[n] {
					delete(known, n)
					log("service: the node "+n, "deleted: its session ended, or it was released")
					ended(czxid)
				}
			}
			select {
			case <-ch:
			case <-ctx.Done():
			}
		}
	}()
}

func (s *zooKeeperService) restart() (string, error) {
	id, err := s.ensemble.RestartFollower()
	return fmt.Sprintf("ZooKeeper server %d, a follower, from its data directory: the ensemble keeps its state and its sessions; zxids keep increasing; the clients connected to it reconnect to another server", id), err
}

// sync does nothing: a grant is acknowledged once a quorum of the servers
// has it.
func (s *zooKeeperService) sync(_ context.Context, say func(call, result string)) error {
	say("sync", "nothing to bring up to date: ZooKeeper acknowledges a grant once a quorum of its servers has it (ZAB)")
	return nil
}

// failover kills the leader and waits for the two others to serve, one
// of them as the new leader; it says which lock nodes are left.
func (s *zooKeeperService) failover(_ context.Context, say func(call, result string)) error {
	elected, took, err := s.ensemble.KillLeader(func(old, pid int) {
		say(fmt.Sprintf("kill -KILL %d", pid), fmt.Sprintf("ZooKeeper server %d, the leader, dies; its clients lose their connection and reconnect to another server, in the same session", old))
	})
	if err != nil {
		return err
	}
	say("election", fmt.Sprintf("server %d leads, %.1f s after the kill; it tracks every session again, each with its full timeout", elected, took.Seconds()))
	var children []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		children, _, err = s.conn.Children(s.parent)
		if err == nil || errors.Is(err, zk.ErrNoNode) {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("ZooKeeper answered no read within 10 s of its new leader's election: %w", err)
		}
	}
	slices.Sort(children)
	say("ZooKeeper getChildren "+s.parent, fmt.Sprintf("the lock's nodes after the failover: %v", children))
	return nil
}

// heldForever is false: every ZooKeeper lock lives only as long as its
// session.
func (s *zooKeeperService) heldForever(context.Context) (bool, string, error) { return false, "", nil }

func (s *zooKeeperService) backupDir() string { return filepath.Join(s.dir, "zookeeper-backup") }

// backup copies the run's own ensemble's data directories.
func (s *zooKeeperService) backup(context.Context) (string, error) {
	zxid, err := s.zxid()
	if err != nil {
		return "", err
	}
	if err := s.ensemble.Backup(s.backupDir()); err != nil {
		return "", err
	}
	return fmt.Sprintf("a copy of each server's data directory, at zxid %#x (epoch %d)", zxid, zxid>>32), nil
}

// restore restores the run's own ensemble from the copies.
func (s *zooKeeperService) restore() (string, error) {
	if err := s.ensemble.Restore(s.backupDir()); err != nil {
		return "", err
	}
	zxid, err := s.zxid()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("every server killed, its data directory replaced by the copy, the ensemble started again: zxid %#x (epoch %d)", zxid, zxid>>32), nil
}

// zxid is the ensemble's last zxid, as a write of the lab's own shows it:
// the mzxid of the run's lock parent, set again.
func (s *zooKeeperService) zxid() (int64, error) {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		stat, err := s.conn.Set(s.parent, nil, -1)
		switch {
		case err == nil:
			return stat.Mzxid, nil
		case (errors.Is(err, zk.ErrConnectionClosed) || errors.Is(err, zk.ErrNoServer)) && time.Now().Before(deadline):
			continue
		}
		return 0, err
	}
}

func (s *zooKeeperService) close() {
	s.conn.Close()
	if s.own {
		s.ensemble.Stop()
	}
}
