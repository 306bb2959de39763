package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"go.etcd.io/etcd/api/v3/etcdserverpb"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
	"google.golang.org/grpc"
)

// etcd: the lab's shared three-member cluster, each run under a prefix of
// its own (a run that restores the service: a cluster of its own), the
// lock etcd's concurrency package.
var etcdLock = &backend{
	name:            "etcd",
	describe:        describeEtcd,
	token:           "the lock key's CreateRevision",
	key:             func(run string) string { return "/dlock/" + run },
	open:            openEtcd(false),
	restores:        "etcdutl snapshot save at the backup; at the restore, every member stopped, its data restored from the snapshot (etcdutl snapshot restore), and the cluster started again",
	library:         newEtcdLibrary,
	apart:           true,
	renewsItself:    true,
	asks:            "etcd Session.Done (with the keep-alive stopped: Lease.TimeToLive)",
	gone:            "etcd Session.Done closed",
	failsOver:       etcdFailsOver,
	failoverDiffers: etcdFailoverDiffers,
}

// etcdFailsOver says how the lab fails etcd over, where a run does.
const etcdFailsOver = "a cluster of the run's own, whose first member (which a client's connection of its own reaches) does not lead; at a failover the leader is killed (its clients' connections dropped, HardStop, then Close) and the two others elect a new leader; a sync does nothing (a grant is acknowledged once a majority has it)"

// etcdFailoverDiffers: etcd's new leader adds its own election timeout.
const etcdFailoverDiffers = "the model's new leader restarts the lease at its full length plus an election timeout of one tick (1 s); etcd's restarts every lease at its full TTL plus its own election timeout, 100 ms in the lab's cluster (ElectionMs 100; 1000 ms by default), once it has committed its first entry (lessor.Promote: leases are checkpointed every 5 minutes, so a lease of seconds always restarts in full), and finds it expired up to 0.5 s later"

// etcdBumped is etcd restored as etcd's own guide advises: with
// --bump-revision and --mark-compacted, so that no revision (no token)
// issued after the backup is issued again. The model restores a service
// as it was, its counter with it; this run shows what the bump changes.
var etcdBumped = &backend{
	name: "etcd-bump-revision",
	describe: func(st core.Strategy, r renewal) string {
		return describeEtcd(st, r) + "; restored with etcdutl snapshot restore --bump-revision 1000000000 --mark-compacted"
	},
	token:           "the lock key's CreateRevision",
	key:             func(run string) string { return "/dlock/" + run },
	open:            openEtcd(true),
	library:         newEtcdLibrary,
	apart:           true,
	renewsItself:    true,
	asks:            "etcd Session.Done (with the keep-alive stopped: Lease.TimeToLive)",
	gone:            "etcd Session.Done closed",
	restores:        "etcdutl snapshot save at the backup; at the restore, every member's data restored from the snapshot with --bump-revision 1000000000 --mark-compacted",
	failsOver:       etcdFailsOver,
	failoverDiffers: etcdFailoverDiffers,
	differs:         "the model restores the service as it was, its counter with it; restored with --bump-revision, etcd's revisions, and so its tokens, move on past every one issued before: the token does not go back",
}

func init() {
	etcdLock.variants, etcdBumped.variantOf = []*backend{etcdBumped}, etcdLock
}

func describeEtcd(_ core.Strategy, r renewal) string {
	s := "etcd, 3 members embedded (TickMs 10, ElectionMs 100): the concurrency package's Session and Mutex; the token is the lock key's CreateRevision"
	if r == recording.RenewedByClient {
		s += "; the session's keep-alive stopped once the lock is held (Session.Orphan): the client renews at its renew steps"
	}
	return s
}

// etcdLibrary is etcd's lock in a client process. The session of the next
// acquire is made by prepare; a held request goes on a client of its own,
// which reaches one member (the lab's ApartAddrs: member 1, which the lab
// never restarts): etcd's client spreads its calls over every endpoint's
// connection, and the held request must go on the one connection its
// session's grant has opened.
type etcdLibrary struct {
	locks   *lock.EtcdLocker
	cli     *clientv3.Client
	dial    func(addrs []string) (*clientv3.Client, error)
	apart   []string
	session *lock.EtcdSession
	own     *clientv3.Client // the client of its own of the next acquire, if apart
}

func newEtcdLibrary(cfg clientConfig, h hearer) (library, error) {
	dial := func(addrs []string) (*clientv3.Client, error) {
		return clientv3.New(clientv3.Config{
			Endpoints: addrs, DialTimeout: 5 * time.Second, Logger: zap.NewNop(),
			DialOptions: []grpc.DialOption{grpc.WithChainStreamInterceptor(keepAlives(h))},
		})
	}
	cli, err := dial(cfg.Addrs)
	if err != nil {
		return nil, err
	}
	apart := cfg.ApartAddrs
	if len(apart) == 0 {
		apart = cfg.Addrs[:1]
	}
	l := &etcdLibrary{locks: lock.NewEtcdLocker(cli, cfg.Key), cli: cli, dial: dial, apart: apart}
	l.locks.ManualRenewal = cfg.Renewal == recording.RenewedByClient
	return l, nil
}

func (l *etcdLibrary) prepare(ctx context.Context, ttl time.Duration, apart bool) (string, error) {
	l.drop()
	cli := l.cli
	if apart {
		var err error
		if cli, err = l.dial(l.apart); err != nil {
			return "", err
		}
		l.own = cli
	}
	s, err := l.locks.Session(ctx, cli, ttl)
	if err != nil {
		l.drop()
		return "", err
	}
	l.session = s
	what := "a session: its lease granted"
	if apart {
		what += "; on a client of its own, so that holding the request's answer holds nothing else (etcd's client carries every call on one connection, where TCP would hold every later answer behind it)"
	}
	return what, nil
}

func (l *etcdLibrary) acquire(ctx context.Context, ttl time.Duration) (lock.Lock, error) {
	if l.session == nil {
		if _, err := l.prepare(ctx, ttl, false); err != nil {
			return nil, err
		}
	}
	s, own := l.session, l.own
	l.session, l.own = nil, nil
	h, err := l.locks.AcquireOn(ctx, s)
	if err != nil {
		if own != nil {
			own.Close()
		}
		return nil, err
	}
	if own != nil {
		return ownClient{h, own}, nil
	}
	return h, nil
}

// ownClient is a lock taken on a client of its own, which its release
// closes.
type ownClient struct {
	*lock.EtcdLock
	cli *clientv3.Client
}

// Release releases the lock and closes its client.
func (h ownClient) Release(ctx context.Context) error {
	defer h.cli.Close()
	return h.EtcdLock.Release(ctx)
}

// drop closes what prepare made and acquire did not use.
func (l *etcdLibrary) drop() {
	if l.session != nil {
		l.session.Close()
	}
	if l.own != nil {
		l.own.Close()
	}
	l.session, l.own = nil, nil
}

func (l *etcdLibrary) close() error {
	l.drop()
	return l.cli.Close()
}

// keepAlives reports to h each keep-alive etcd's client sends and each
// answer it gets, as they go: the library's own heartbeat, which a SIGSTOP
// stops.
func keepAlives(h hearer) grpc.StreamClientInterceptor {
	return func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		s, err := streamer(ctx, desc, cc, method, opts...)
		if err != nil || !strings.HasSuffix(method, "/LeaseKeepAlive") {
			return s, err
		}
		return keepAliveStream{ClientStream: s, h: h}, nil
	}
}

type keepAliveStream struct {
	grpc.ClientStream
	h hearer
}

// SendMsg sends m, and reports a keep-alive.
func (s keepAliveStream) SendMsg(m any) error {
	err := s.ClientStream.SendMsg(m)
	if req, ok := m.(*etcdserverpb.LeaseKeepAliveRequest); ok {
		s.h.event("etcd LeaseKeepAlive sent, lease %x", req.ID)
	}
	return err
}

// RecvMsg receives m, and reports a keep-alive's answer.
func (s keepAliveStream) RecvMsg(m any) error {
	err := s.ClientStream.RecvMsg(m)
	if resp, ok := m.(*etcdserverpb.LeaseKeepAliveResponse); ok && err == nil {
		if resp.TTL <= 0 {
			s.h.event("etcd LeaseKeepAlive answered, lease %x: not found (it has ended)", resp.ID)
		} else {
			s.h.event("etcd LeaseKeepAlive answered, lease %x: TTL %d s", resp.ID, resp.TTL)
		}
	}
	return err
}

// etcdService is the lab's etcd cluster, shared by every run, seen through
// the run's own lock prefix; or, for a run that restores it, a cluster of
// the run's own (own), in its directory.
type etcdService struct {
	cluster *servers.Etcd
	own     bool
	dir     string
	bump    bool // restore with --bump-revision and --mark-compacted
	cli     *clientv3.Client
	prefix  string
	// the watch: what it reports to, and how to stop it
	log       func(call, result string)
	ended     func(token int64)
	stopWatch context.CancelFunc
}

func openEtcd(bump bool) func(p place) (service, error) {
	return func(p place) (service, error) {
		s := &etcdService{prefix: p.key, dir: p.dir, bump: bump, own: p.own()}
		var err error
		if s.own {
			s.cluster, err = servers.StartEtcd(filepath.Join(p.dir, "etcd"))
		} else {
			s.cluster, err = servers.SharedEtcd()
		}
		if err != nil {
			return nil, err
		}
		if p.failsOver {
			// The first member is the one a held request's connection of
			// its own reaches (clientNetwork): not the one a failover kills.
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			err := s.cluster.AvoidLeading(ctx, 0)
			cancel()
			if err != nil {
				s.cluster.Stop()
				return nil, err
			}
		}
		if s.cli, err = clientv3.New(clientv3.Config{Endpoints: s.cluster.URLs(), DialTimeout: 5 * time.Second, Logger: zap.NewNop()}); err != nil {
			if s.own {
				s.cluster.Stop()
			}
			return nil, err
		}
		return s, nil
	}
}

func (s *etcdService) addrs() []string { return s.cluster.Endpoints() }

func (s *etcdService) held(ctx context.Context) (bool, error) {
	got, err := s.cli.Get(ctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithCountOnly())
	if err != nil {
		return false, err
	}
	return got.Count > 0, nil
}

func (s *etcdService) watch(ctx context.Context, log func(call, result string), ended func(token int64)) {
	s.log, s.ended = log, ended
	ctx, s.stopWatch = context.WithCancel(ctx)
	w := s.cli.Watch(ctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithPrevKV())
	go func() {
		for resp := range w {
			for _, ev := range resp.Events {
				what := "made (PUT)"
				if ev.Type == clientv3.EventTypeDelete {
					what = "deleted: its lease ended, or it was released"
					if ev.PrevKv != nil {
						ended(ev.PrevKv.CreateRevision)
					}
				}
				log("service: the key "+strings.TrimPrefix(string(ev.Kv.Key), s.prefix+"/"), fmt.Sprintf("%s, revision %d", what, ev.Kv.ModRevision))
			}
		}
	}()
}

func (s *etcdService) restart() (string, error) {
	name, err := s.cluster.RestartFollower()
	return "etcd member " + name + ", a follower, from its data directory: the cluster keeps its state; revisions keep increasing", err
}

// sync does nothing: a grant is acknowledged once a majority of the
// members have it.
func (s *etcdService) sync(_ context.Context, say func(call, result string)) error {
	say("sync", "nothing to bring up to date: etcd acknowledges a grant once a majority of its members have it (Raft)")
	return nil
}

// failover kills the leader and waits for the new one to serve: a read
// that must go through the leader (linearizable) answers once it has
// committed its first entry, and with it renewed every lease. It says the
// remaining TTL of each lease the run's keys hold, before and after.
func (s *etcdService) failover(ctx context.Context, say func(call, result string)) error {
	before, err := s.leasesLeft(ctx)
	if err != nil {
		return err
	}
	elected, took, err := s.cluster.KillLeader(func(old int) {
		say("kill the leader", fmt.Sprintf("etcd member %s, the leader, dies: its clients' connections dropped, its server stopped without handing its leadership over (HardStop)", s.cluster.Name(old)))
	})
	if err != nil {
		return err
	}
	say("election", fmt.Sprintf("member %s leads, %.2f s after the kill", s.cluster.Name(elected), took.Seconds()))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rctx, cancel := context.WithTimeout(ctx, time.Second)
		_, err = s.cli.Get(rctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithCountOnly())
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("etcd answered no read within 10 s of its new leader's election: %w", err)
		}
	}
	after, err := s.leasesLeft(ctx)
	if err != nil {
		return err
	}
	for id, left := range after {
		say(fmt.Sprintf("etcd Lease.TimeToLive %x", id), fmt.Sprintf("%d s left before the failover, %d s after it, of its TTL of %d s: the new leader restarted it in full, plus its election timeout (lessor.Promote)", before[id].left, left.left, left.granted))
	}
	return nil
}

// leaseLeft is a lease's remaining TTL and the TTL it was granted, in s.
type leaseLeft struct{ left, granted int64 }

// leasesLeft are the leases the run's keys hold, by id, with their
// remaining TTL, as the leader reckons it.
func (s *etcdService) leasesLeft(ctx context.Context) (map[clientv3.LeaseID]leaseLeft, error) {
	got, err := s.cli.Get(ctx, s.prefix+"/", clientv3.WithPrefix())
	if err != nil {
		return nil, err
	}
	out := map[clientv3.LeaseID]leaseLeft{}
	for _, kv := range got.Kvs {
		id := clientv3.LeaseID(kv.Lease)
		if id == clientv3.NoLease {
			continue
		}
		ttl, err := s.cli.TimeToLive(ctx, id)
		if err != nil {
			return nil, err
		}
		if ttl.TTL > 0 {
			out[id] = leaseLeft{ttl.TTL, ttl.GrantedTTL}
		}
	}
	return out, nil
}

// heldForever is false: every etcd lock has a lease.
func (s *etcdService) heldForever(context.Context) (bool, string, error) { return false, "", nil }

func (s *etcdService) backupFile() string { return filepath.Join(s.dir, "etcd-backup.db") }

// backup saves a snapshot of the run's own cluster.
func (s *etcdService) backup(ctx context.Context) (string, error) {
	if err := s.cluster.Backup(ctx, s.backupFile()); err != nil {
		return "", err
	}
	rev, err := s.revision(ctx)
	return fmt.Sprintf("etcdutl snapshot save: the cluster's data at revision %d", rev), err
}

// restore restores the run's own cluster from the snapshot, and watches
// the lock's prefix again: a watch waits for revisions above the last it
// saw, which a restore without a bump takes back below.
func (s *etcdService) restore() (string, error) {
	s.stopWatch()
	if err := s.cluster.Restore(s.backupFile(), s.bump); err != nil {
		return "", err
	}
	ctx := context.Background()
	rev, err := s.revision(ctx)
	if err != nil {
		return "", err
	}
	s.watch(ctx, s.log, s.ended)
	if s.bump {
		return fmt.Sprintf("etcdutl snapshot restore --bump-revision %d --mark-compacted, every member: the cluster's data as it was, its revision moved on to %d", servers.RevisionBump, rev), nil
	}
	return fmt.Sprintf("etcdutl snapshot restore, every member: the cluster's data as it was, its revision back at %d", rev), nil
}

// revision is the cluster's revision now.
func (s *etcdService) revision(ctx context.Context) (int64, error) {
	resp, err := s.cli.Get(ctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithCountOnly())
	if err != nil {
		return 0, err
	}
	return resp.Header.Revision, nil
}

func (s *etcdService) close() {
	s.cli.Close()
	if s.own {
		s.cluster.Stop()
	}
}
