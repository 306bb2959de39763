package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"github.com/go-redsync/redsync/v4"
	redsyncredis "github.com/go-redsync/redsync/v4/redis"
	redsyncgoredis "github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/redis/go-redis/v9"
)

// The Redis backends: one server without a lease (the lab's fenced script
// without expiry), with bsm/redislock, with the lab's fenced script, and
// Redlock's five with redsync. Each run starts servers of its own.

var (
	plainRedis = &backend{
		name: "plain-redis",
		describe: func(core.Strategy, renewal) string {
			return "redis-server: one Lua script SET NX (no expiry), then INCR of the token counter if set"
		},
		token:           "the counter's INCR, in the grant's script",
		key:             redisKey,
		open:            openRedis(1, true),
		restores:        "SAVE at the backup; at the restore, the server restarted from that RDB file",
		library:         fencedLibrary(true),
		failsOver:       redisFailsOver("the server"),
		failoverDiffers: redisFailoverDiffers,
		asks:            "GET of the key: still this client's value?",
	}
	redisLock = &backend{
		name: "redislock",
		describe: func(_ core.Strategy, r renewal) string {
			return "redis-server, bsm/redislock v0.9.4: Obtain, Refresh, Release; no token" + loopWords(r)
		},
		key:             redisKey,
		open:            openRedis(1, false),
		restores:        "SAVE at the backup; at the restore, the server restarted from that RDB file",
		library:         redislockLibrary,
		failsOver:       redisFailsOver("the server"),
		failoverDiffers: redisFailoverDiffers,
		asks:            "redislock Lock.TTL",
	}
	fencedRedis = &backend{
		name: "fenced-redis",
		describe: func(_ core.Strategy, r renewal) string {
			return "redis-server: one Lua script SET NX PX, then INCR of the token counter if set (the grant and its token in one atomic step)" + loopWords(r)
		},
		token:           "the counter's INCR, in the grant's script",
		key:             redisKey,
		open:            openRedis(1, true),
		restores:        "SAVE at the backup; at the restore, the server restarted from that RDB file",
		library:         fencedLibrary(false),
		failsOver:       redisFailsOver("the server"),
		failoverDiffers: redisFailoverDiffers,
		asks:            "PTTL of the key, if still this client's value",
	}
	redsyncLock = &backend{
		name: "redsync",
		describe: func(_ core.Strategy, r renewal) string {
			return "five redis-servers, go-redsync/redsync v4.13.0 (Redlock): TryLock, Extend, Unlock; no token" + loopWords(r)
		},
		key:             redisKey,
		open:            openRedis(core.Redlock.Nodes(), false),
		restores:        "SAVE on node 3 at the backup; at the restore, node 3 restarted from that RDB file",
		library:         redsyncLibrary,
		failsOver:       redisFailsOver("node 3"),
		failoverDiffers: redisFailoverDiffers,
		asks:            "redsync Mutex.Until (its validity, by the client's clock)",
	}
)

func redisKey(run string) string { return "dlock:" + run }

// redisFailsOver says how the lab syncs node's replica and fails node
// over, where a run does.
func redisFailsOver(node string) string {
	return fmt.Sprintf("%s has a replica (redis-server --replicaof), which replicates it through the lab's own proxy: the proxy holds the replication stream, and lets it through only at a sync, until the replica has the primary's offset; and a Sentinel (redis-server sentinel.conf --sentinel; quorum 1, down-after-milliseconds %d), which the clients ask for the primary (go-redis's NewFailoverClient); at a failover the primary is killed (SIGKILL), and the Sentinel promotes the replica (+switch-master)", node, servers.SentinelDownAfter.Milliseconds())
}

// redisFailoverDiffers: Sentinel takes its time.
const redisFailoverDiffers = "the model's failover takes no time; the Sentinel promotes the replica only once the primary has not answered for down-after-milliseconds (500 ms here, 30 s by default) and it has elected itself to fail it over, 1 to 2 s in all here, while no client can reach any primary"

func loopWords(r renewal) string {
	if r == recording.RenewedByLibrary {
		return "; a renewal loop in the client process every third of the lease"
	}
	return ""
}

// redisClient is a client process's connection to one server: go-redis
// retries nothing (a retried SET would be a second request the scenario has
// not made) and waits for an answer up to clientTimeout. redsync's own
// deadline (5 % of the lease) is a context, which go-redis heeds only with
// ContextTimeoutEnabled, off by default: redsync too waits for each node's
// answer. A refused connection is not dialled again either (DialerRetries
// 1): a request the network lost stays lost, as in the model.
func redisClient(addr string) *redis.Client {
	return redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialerRetries: 1,
		ReadTimeout: clientTimeout, WriteTimeout: clientTimeout, DialTimeout: 2 * time.Second})
}

// redisNode is a client process's connection to node k (0-based): where
// the run fails node k over, go-redis's failover client, which asks the
// Sentinel for the node's primary before each new connection and drops its
// connections when the Sentinel announces a new one (+switch-master), as
// applications that deploy Redis with Sentinel connect; it dials each
// server through the client's proxy to it. Otherwise redisClient, to the
// node's proxy. Neither retries anything.
func redisNode(cfg clientConfig, k int) *redis.Client {
	s := cfg.Sentinel
	if s == nil || s.Node != k {
		return redisClient(cfg.Addrs[k])
	}
	return redis.NewFailoverClient(&redis.FailoverOptions{MasterName: s.Master, SentinelAddrs: []string{s.Addr},
		Dialer: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if via, ok := s.Via[addr]; ok {
				addr = via
			}
			d := net.Dialer{Timeout: 2 * time.Second}
			return d.DialContext(ctx, network, addr)
		},
		MaxRetries: -1, DialerRetries: 1, ReadTimeout: clientTimeout, WriteTimeout: clientTimeout, DialTimeout: 2 * time.Second})
}

// redisLibrary is a Redis lock library in a client process, and how it warms up:
// warm runs what loads the library's scripts on the server, before every
// request, since a restarted server has forgotten them; a PING after it
// leaves a connection idle in the pool for the request.
type redisLibrary struct {
	lock.Locker
	nodes []*redis.Client
	warm  func(ctx context.Context, ttl time.Duration) error
	what  string
}

func (l *redisLibrary) prepare(ctx context.Context, ttl time.Duration, _ bool) (string, error) {
	if err := l.warm(ctx, ttl); err != nil {
		return "", err
	}
	for _, n := range l.nodes {
		if err := n.Ping(ctx).Err(); err != nil && len(l.nodes) == 1 {
			return "", err // Redlock's nodes that do not answer are the algorithm's business
		}
	}
	return l.what + ", a connection idle for the request", nil
}

func (l *redisLibrary) acquire(ctx context.Context, ttl time.Duration) (lock.Lock, error) {
	return l.Acquire(ctx, ttl)
}

func (l *redisLibrary) close() error {
	for _, n := range l.nodes {
		n.Close()
	}
	return nil
}

// fencedLibrary is the lab's fenced script, without expiry or with it; its
// scripts are loaded with SCRIPT LOAD.
func fencedLibrary(noExpiry bool) func(clientConfig, hearer) (library, error) {
	return func(cfg clientConfig, _ hearer) (library, error) {
		rdb := redisNode(cfg, 0)
		l := lock.NewFencedRedisLocker(rdb, cfg.Key, cfg.Key+":tokens")
		l.NoExpiry = noExpiry
		return &redisLibrary{Locker: l, nodes: []*redis.Client{rdb}, what: "the lock's scripts loaded on the server (SCRIPT LOAD)",
			warm: func(ctx context.Context, _ time.Duration) error {
				for _, s := range l.Scripts() {
					if err := s.Load(ctx, rdb).Err(); err != nil {
						return err
					}
				}
				return nil
			}}, nil
	}
}

// redislockLibrary is bsm/redislock, whose scripts are its own: taking,
// renewing, asking about and releasing a lock of its own (key:warm-up)
// loads them.
func redislockLibrary(cfg clientConfig, _ hearer) (library, error) {
	rdb := redisNode(cfg, 0)
	warmUp := lock.NewRedisLocker(rdb, cfg.Key+":warm-up")
	return &redisLibrary{Locker: lock.NewRedisLocker(rdb, cfg.Key), nodes: []*redis.Client{rdb},
		what: "redislock's scripts loaded (a lock of its own taken, renewed, asked about and released)",
		warm: func(ctx context.Context, ttl time.Duration) error {
			l, err := warmUp.Acquire(ctx, ttl)
			if err != nil {
				return err
			}
			if err := l.Renew(ctx); err != nil {
				return err
			}
			if _, err := l.Standing(ctx); err != nil {
				return err
			}
			return l.Release(ctx)
		}}, nil
}

// redsyncLibrary is redsync on five nodes: a mutex of its own (key:warm-up),
// taken, extended and released, loads its scripts on every node it
// reaches.
func redsyncLibrary(cfg clientConfig, _ hearer) (library, error) {
	var nodes []*redis.Client
	for k := range cfg.Addrs {
		nodes = append(nodes, redisNode(cfg, k))
	}
	var pools []redsyncredis.Pool
	for _, n := range nodes {
		pools = append(pools, redsyncgoredis.NewPool(n))
	}
	warmUp := redsync.New(pools...)
	return &redisLibrary{Locker: lock.NewRedlock(nodes, cfg.Key), nodes: nodes,
		what: "redsync's scripts loaded on every node (a mutex of its own taken, extended and released)",
		warm: func(ctx context.Context, ttl time.Duration) error {
			m := warmUp.NewMutex(cfg.Key+":warm-up", redsync.WithExpiry(ttl), redsync.WithTries(1))
			if err := m.TryLockContext(ctx); err != nil {
				return err
			}
			if _, err := m.ExtendContext(ctx); err != nil {
				return err
			}
			_, err := m.UnlockContext(ctx)
			return err
		}}, nil
}

// redisService is one redis-server, or Redlock's five, that a run starts.
// Where the run syncs or fails over, the node a failover strikes (the one
// server, or Redlock's node 3) has a replica and a Sentinel (replica).
type redisService struct {
	servers []*servers.Redis // each node's primary
	direct  []*redis.Client  // the lab's own connections to them, not through any client's network
	replica *redisReplica    // nil where the run neither syncs nor fails over
	tokens  bool             // the lock keeps a token counter (key:tokens)
	key     string
	dir     string
	// the watch: until when, what it reports to, and each node's
	// subscription to its key's events
	watching context.Context
	subs     map[int]*redis.PubSub
	log      func(call, result string)
	ended    func(token int64)
}

// redisReplica is node's replica, where a run syncs or fails over: a
// redis-server that replicates the node's primary through link, a proxy of
// the lab's own that holds what passes between them but at a sync step, so
// that the replica has what the primary had at the run's last sync and
// nothing since; and the Sentinel that watches the primary and promotes
// the replica when it dies, as Redis is deployed for availability.
type redisReplica struct {
	node     int // 0-based
	server   *servers.Redis
	direct   *redis.Client
	link     *netProxy
	sentinel *servers.Sentinel
	watcher  *redis.SentinelClient // the lab's own connection to the Sentinel
	promoted bool                  // the Sentinel made it the node's primary
}

func openRedis(nodes int, tokens bool) func(p place) (service, error) {
	return func(p place) (service, error) {
		s := &redisService{key: p.key, dir: filepath.Join(p.dir, "redis"), tokens: tokens}
		for i := range nodes {
			d := filepath.Join(s.dir, fmt.Sprintf("node%d", i+1))
			if err := os.MkdirAll(d, 0o755); err != nil {
				return nil, err
			}
			srv, err := servers.StartRedis(d)
			if err != nil {
				s.close()
				return nil, err
			}
			s.servers = append(s.servers, srv)
			s.direct = append(s.direct, redis.NewClient(&redis.Options{Addr: srv.Addr()}))
		}
		if p.failsOver {
			if err := s.replicate(s.faulty()); err != nil {
				s.close()
				return nil, err
			}
		}
		return s, nil
	}
}

// replicate gives node k a replica, which replicates it through a proxy
// of the lab's, and a Sentinel. The replica's first sync, of an empty
// primary, is the run's first: the link is held once it is done.
func (s *redisService) replicate(k int) error {
	d := filepath.Join(s.dir, fmt.Sprintf("node%d-replica", k+1))
	if err := os.MkdirAll(d, 0o755); err != nil {
		return err
	}
	link, err := newNetProxy(s.servers[k].Addr())
	if err != nil {
		return err
	}
	r := &redisReplica{node: k, link: link}
	s.replica = r
	if r.server, err = servers.StartReplica(d, link.addr); err != nil {
		return err
	}
	r.direct = redis.NewClient(&redis.Options{Addr: r.server.Addr()})
	ctx := context.Background()
	if _, err := s.caughtUp(ctx); err != nil {
		return err
	}
	link.set(hold, hold)
	sd := filepath.Join(s.dir, "sentinel")
	if err := os.MkdirAll(sd, 0o755); err != nil {
		return err
	}
	if r.sentinel, err = servers.StartSentinel(sd, s.servers[k].Addr(), 1); err != nil {
		return err
	}
	r.watcher = redis.NewSentinelClient(&redis.Options{Addr: r.sentinel.Addr()})
	return nil
}

// sentinelled is a service whose clients find a node's primary through a
// Sentinel (Redis with a replica).
type sentinelled interface {
	// sentinel is where the clients find the primary of the node that
	// fails over, and that node's replica; false where there is none.
	sentinel() (sentinelView, bool)
	// promoted is the node (0-based) whose replica the Sentinel has made
	// its primary; false where none has been.
	promoted() (int, bool)
}

// sentinelView is a Sentinel as the lab tells a client of it: where it
// listens, the name it knows the primary by, the node (0-based) whose
// primary it watches, and where that node's replica listens.
type sentinelView struct {
	addr, master string
	node         int
	replica      string
}

func (s *redisService) sentinel() (sentinelView, bool) {
	r := s.replica
	if r == nil {
		return sentinelView{}, false
	}
	return sentinelView{addr: r.sentinel.Addr(), master: servers.SentinelMaster, node: r.node, replica: r.server.Addr()}, true
}

func (s *redisService) promoted() (int, bool) {
	if r := s.replica; r != nil && r.promoted {
		return r.node, true
	}
	return 0, false
}

// caughtUp waits, at most 10 s, until the replica's link to its primary is
// up and the replica has every byte of the primary's replication stream
// (its offset is the primary's: what WAIT 1 waits for after a client's
// write), and returns that offset.
func (s *redisService) caughtUp(ctx context.Context) (int64, error) {
	r := s.replica
	var primary, replica int64
	var status string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		p, err := s.direct[r.node].Info(ctx, "replication").Result()
		if err != nil {
			return 0, err
		}
		q, err := r.direct.Info(ctx, "replication").Result()
		if err != nil {
			return 0, err
		}
		primary, replica, status = infoInt(p, "master_repl_offset"), infoInt(q, "slave_repl_offset"), infoField(q, "master_link_status")
		if status == "up" && infoField(q, "master_sync_in_progress") == "0" && sameHistory(p, q) && replica >= primary {
			return primary, nil
		}
	}
	return 0, fmt.Errorf("the replica did not catch up within 10 s: its link %s, at offset %d of the primary's %d", status, replica, primary)
}

// sameHistory reports whether a replica (q, its INFO replication) has
// synced with its primary (p) since the primary last started: both have
// the primary's replication id (a restarted primary has a new one, and the
// replica takes it at its next sync).
func sameHistory(p, q string) bool {
	id := infoField(p, "master_replid")
	return id != "" && infoField(q, "master_replid") == id
}

// infoField is the value of field in an INFO answer ("" if absent).
func infoField(info, field string) string {
	for _, l := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), field+":"); ok {
			return v
		}
	}
	return ""
}

func infoInt(info, field string) int64 {
	n, _ := strconv.ParseInt(infoField(info, field), 10, 64)
	return n
}

// nodeWords names node k's server as the trace does.
func (s *redisService) nodeWords(k int) string {
	if len(s.servers) > 1 {
		return fmt.Sprintf("node %d's ", k+1)
	}
	return ""
}

// sync lets the replication link pass until the replica has caught up
// with its primary, then holds it again: the replica has what the primary
// has now.
func (s *redisService) sync(ctx context.Context, say func(call, result string)) error {
	r := s.replica
	if r == nil || r.promoted {
		return errors.New("no replica to sync: the node has failed over")
	}
	r.link.set(pass, pass)
	offset, err := s.caughtUp(ctx)
	r.link.set(hold, hold)
	if err != nil {
		return err
	}
	has, err := s.holds(ctx, r.direct)
	if err != nil {
		return err
	}
	say("the lab's proxy lets the replication link through", fmt.Sprintf("until %sreplica (%s) has the primary's offset, %d (what WAIT 1 waits for), then holds it again: the replica has %s", s.nodeWords(r.node), r.server.Addr(), offset, has))
	return nil
}

// failover kills the primary of the node that fails over (SIGKILL) and
// waits for the Sentinel to promote its replica and announce it
// (+switch-master), which the lab then treats as the node's primary. It
// says how far behind the primary the replica was, what the new primary
// has, and how long the failover took; the Sentinel's own events are in
// the trace, as the watch hears them.
func (s *redisService) failover(ctx context.Context, say func(call, result string)) error {
	r := s.replica
	if r == nil || r.promoted {
		return errors.New("no replica to fail over to: the node has failed over")
	}
	k := r.node
	sub := r.watcher.Subscribe(ctx, "+switch-master")
	defer sub.Close()
	if _, err := sub.Receive(ctx); err != nil {
		return err
	}
	switched := sub.Channel()
	behind, err := s.behind(ctx)
	if err != nil {
		return err
	}
	had, err := s.direct[k].Exists(ctx, s.key).Result()
	if err != nil {
		return err
	}
	if sub := s.subs[k]; sub != nil {
		sub.Close() // a dead server's: nothing more to hear, and no one to reconnect to
	}
	old := s.servers[k]
	say(fmt.Sprintf("kill -KILL %d", old.Pid()), fmt.Sprintf("%sprimary redis-server (%s) dies; %s", s.nodeWords(k), old.Addr(), behind))
	old.Stop()
	killed := time.Now()
	select {
	case <-switched:
	case <-time.After(30 * time.Second):
		return fmt.Errorf("Sentinel announced no new primary within 30 s of the kill (see %s)", filepath.Join(s.dir, "sentinel", "sentinel.log"))
	}
	took := time.Since(killed)
	r.promoted = true
	r.server.Promoted()
	r.link.close()
	s.servers[k] = r.server
	s.direct[k].Close()
	s.direct[k] = r.direct
	if s.watching != nil {
		s.watchNode(k)
	}
	has, err := s.holds(ctx, r.direct)
	if err != nil {
		return err
	}
	// A grant the replica never had is gone with the primary: the one
	// server's holder's lease ended at the promotion (a Redlock node's
	// key is one of five, whose leases the lab does not watch).
	if n, err := r.direct.Exists(ctx, s.key).Result(); err != nil {
		return err
	} else if had == 1 && n == 0 && len(s.servers) == 1 && s.ended != nil {
		s.ended(0)
	}
	say("Sentinel: the new primary", fmt.Sprintf("%sreplica (%s), promoted %.1f s after the kill; clients find it through Sentinel (go-redis's failover client); it has %s", s.nodeWords(k), r.server.Addr(), took.Seconds(), has))
	return nil
}

// behind says how far the replica is behind its primary: the replication
// stream's offsets, each by its own account.
func (s *redisService) behind(ctx context.Context) (string, error) {
	r := s.replica
	p, err := s.direct[r.node].Info(ctx, "replication").Result()
	if err != nil {
		return "", err
	}
	q, err := r.direct.Info(ctx, "replication").Result()
	if err != nil {
		return "", err
	}
	primary, replica := infoInt(p, "master_repl_offset"), infoInt(q, "slave_repl_offset")
	switch {
	case !sameHistory(p, q):
		return "its replica has not synced with it since it last started: it has what the primary had before", nil
	case replica >= primary:
		return fmt.Sprintf("its replica had every byte of its replication stream (offset %d)", primary), nil
	}
	return fmt.Sprintf("its replica had its replication stream up to offset %d of %d: %d bytes held by the lab's proxy since the last sync never reached it", replica, primary, primary-replica), nil
}

// holds says what a server (d, the lab's connection to it) has of the
// lock: its key, and the token counter.
func (s *redisService) holds(ctx context.Context, d *redis.Client) (string, error) {
	ttl, err := d.PTTL(ctx, s.key).Result()
	if err != nil {
		return "", err
	}
	has := "no lock"
	switch {
	case ttl == -1:
		has = "the lock, no expiry"
	case ttl >= 0:
		has = fmt.Sprintf("the lock, %d ms left", ttl.Milliseconds())
	}
	if !s.tokens {
		return has, nil
	}
	n, err := d.Get(ctx, s.key+":tokens").Int64()
	if err != nil && !errors.Is(err, redis.Nil) {
		return "", err
	}
	return fmt.Sprintf("%s, the token counter at %d", has, n), nil
}

func (s *redisService) addrs() []string {
	var a []string
	for _, srv := range s.servers {
		a = append(a, srv.Addr())
	}
	return a
}

func (s *redisService) held(ctx context.Context) (bool, error) {
	n := 0
	for _, d := range s.direct {
		got, err := d.Exists(ctx, s.key).Result()
		if err != nil {
			return false, err
		}
		n += int(got)
	}
	return n > len(s.direct)/2, nil
}

// watch subscribes to the lock key's keyspace events on every node (and
// on a replica the Sentinel promotes, once it has), and to every event of
// the Sentinel, if there is one.
func (s *redisService) watch(ctx context.Context, log func(call, result string), ended func(token int64)) {
	s.watching, s.log, s.ended = ctx, log, ended
	for i := range s.direct {
		s.watchNode(i)
	}
	if r := s.replica; r != nil {
		sub := r.watcher.PSubscribe(ctx, "*")
		if _, err := sub.Receive(ctx); err != nil {
			log("Sentinel PSUBSCRIBE *", err.Error())
			return
		}
		go func() {
			defer sub.Close()
			for m := range sub.Channel() {
				log("Sentinel: "+m.Channel, m.Payload)
			}
		}()
	}
}

// watchNode subscribes to the lock key's keyspace events on node i.
func (s *redisService) watchNode(i int) {
	sub := s.direct[i].Subscribe(s.watching, "__keyspace@0__:"+s.key)
	if _, err := sub.Receive(s.watching); err != nil {
		s.log("redis SUBSCRIBE", err.Error())
		return
	}
	node := ""
	if len(s.direct) > 1 {
		node = fmt.Sprintf(" (node %d)", i+1)
	}
	if s.subs == nil {
		s.subs = map[int]*redis.PubSub{}
	}
	s.subs[i] = sub
	go func() {
		defer sub.Close()
		for m := range sub.Channel() {
			s.log("service: the key"+node, m.Payload)
			if m.Payload == "expired" && len(s.direct) == 1 {
				s.ended(0)
			}
		}
	}()
}

func (s *redisService) restart() (string, error) {
	k := s.faulty()
	if err := s.unnoticed(func() error { return s.servers[k].Restart() }); err != nil {
		return "", err
	}
	if len(s.servers) > 1 {
		return fmt.Sprintf("node %d's redis-server (no persistence): it comes back empty and forgets the lock", k+1), nil
	}
	return "redis-server (no persistence): it comes back empty, no lock, the token counter at 0", nil
}

// unnoticed restarts a server (restart) where a Sentinel watches it
// without the Sentinel taking it for dead: a restart is not a failover,
// and on a loaded machine it can take longer than the Sentinel's
// down-after-milliseconds. The Sentinel is told to wait an hour meanwhile.
func (s *redisService) unnoticed(restart func() error) error {
	r := s.replica
	if r == nil {
		return restart()
	}
	ctx := context.Background()
	if err := r.watcher.Set(ctx, servers.SentinelMaster, "down-after-milliseconds", "3600000").Err(); err != nil {
		return err
	}
	if err := restart(); err != nil {
		return err
	}
	return r.watcher.Set(ctx, servers.SentinelMaster, "down-after-milliseconds", strconv.FormatInt(servers.SentinelDownAfter.Milliseconds(), 10)).Err()
}

// faulty is the node a restart, a restore or a failover strikes:
// Redlock's node 3 (core.Strategy.FaultyNode), or the one server.
func (s *redisService) faulty() int {
	if len(s.servers) > 1 {
		return core.Redlock.FaultyNode() - 1
	}
	return 0
}

func (s *redisService) backupFile() string {
	return filepath.Join(s.dir, fmt.Sprintf("node%d.backup.rdb", s.faulty()+1))
}

// backup saves the faulty node's data (SAVE) and keeps the file.
func (s *redisService) backup(ctx context.Context) (string, error) {
	k := s.faulty()
	if err := s.servers[k].Backup(ctx, s.backupFile()); err != nil {
		return "", err
	}
	return fmt.Sprintf("node %d's redis-server: SAVE, the RDB file kept (the lock, its expiry and the token counter as they are now)", k+1), nil
}

// restore restarts the faulty node from the file backup kept.
func (s *redisService) restore() (string, error) {
	k := s.faulty()
	if err := s.unnoticed(func() error { return s.servers[k].RestoreFrom(s.backupFile()) }); err != nil {
		return "", err
	}
	return fmt.Sprintf("node %d's redis-server, restarted from the RDB file of the backup: the lock and the token counter as they were then (keys expired since are dropped)", k+1), nil
}

// heldForever: on one server, whether the key is there without expiry
// (PTTL -1).
func (s *redisService) heldForever(ctx context.Context) (bool, string, error) {
	if len(s.direct) > 1 {
		return false, "", nil // Redlock's keys expire
	}
	d := s.direct[0]
	held, err := d.Exists(ctx, s.key).Result()
	if err != nil || held == 0 {
		return false, "", err
	}
	ttl, err := d.PTTL(ctx, s.key).Result()
	if err != nil {
		return false, "", err
	}
	return ttl < 0, fmt.Sprintf("redis EXISTS %s; PTTL: held, %v", s.key, ttl), nil
}

func (s *redisService) close() {
	for _, d := range s.direct {
		d.Close()
	}
	for _, srv := range s.servers {
		srv.Stop()
	}
	if r := s.replica; r != nil {
		if r.watcher != nil {
			r.watcher.Close()
		}
		if r.sentinel != nil {
			r.sentinel.Stop()
		}
		if !r.promoted {
			if r.direct != nil {
				r.direct.Close()
			}
			if r.server != nil {
				r.server.Stop()
			}
		}
		r.link.close()
	}
}
