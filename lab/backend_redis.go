package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"dlock/core"
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
		token:    "the counter's INCR, in the grant's script",
		key:      redisKey,
		open:     openRedis(1),
		restores: "SAVE at the backup; at the restore, the server restarted from that RDB file",
		library:  fencedLibrary(true),
		asks:     "GET of the key: still this client's value?",
	}
	redisLock = &backend{
		name: "redislock",
		describe: func(_ core.Strategy, r renewal) string {
			return "redis-server, bsm/redislock v0.9.4: Obtain, Refresh, Release; no token" + loopWords(r)
		},
		key:      redisKey,
		open:     openRedis(1),
		restores: "SAVE at the backup; at the restore, the server restarted from that RDB file",
		library:  redislockLibrary,
		asks:     "redislock Lock.TTL",
	}
	fencedRedis = &backend{
		name: "fenced-redis",
		describe: func(_ core.Strategy, r renewal) string {
			return "redis-server: one Lua script SET NX PX, then INCR of the token counter if set (the grant and its token in one atomic step)" + loopWords(r)
		},
		token:    "the counter's INCR, in the grant's script",
		key:      redisKey,
		open:     openRedis(1),
		restores: "SAVE at the backup; at the restore, the server restarted from that RDB file",
		library:  fencedLibrary(false),
		asks:     "PTTL of the key, if still this client's value",
	}
	redsyncLock = &backend{
		name: "redsync",
		describe: func(_ core.Strategy, r renewal) string {
			return "five redis-servers, go-redsync/redsync v4.13.0 (Redlock): TryLock, Extend, Unlock; no token" + loopWords(r)
		},
		key:      redisKey,
		open:     openRedis(core.RedlockNodes),
		restores: "SAVE on node 3 at the backup; at the restore, node 3 restarted from that RDB file",
		library:  redsyncLibrary,
		asks:     "redsync Mutex.Until (its validity, by the client's clock)",
	}
)

func redisKey(run string) string { return "dlock:" + run }

func loopWords(r renewal) string {
	if r == core.RenewedByLibrary {
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
		rdb := redisClient(cfg.Addrs[0])
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
	rdb := redisClient(cfg.Addrs[0])
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
	for _, a := range cfg.Addrs {
		nodes = append(nodes, redisClient(a))
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
type redisService struct {
	servers []*servers.Redis
	direct  []*redis.Client // the lab's own connections, not through any client's network
	key     string
	dir     string
}

func openRedis(nodes int) func(p place) (service, error) {
	return func(p place) (service, error) {
		s := &redisService{key: p.key, dir: filepath.Join(p.dir, "redis")}
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
		return s, nil
	}
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

// watch subscribes to the lock key's keyspace events on every node.
func (s *redisService) watch(ctx context.Context, log func(call, result string), ended func(token int64)) {
	for i, d := range s.direct {
		sub := d.Subscribe(ctx, "__keyspace@0__:"+s.key)
		if _, err := sub.Receive(ctx); err != nil {
			log("redis SUBSCRIBE", err.Error())
			continue
		}
		node := ""
		if len(s.direct) > 1 {
			node = fmt.Sprintf(" (node %d)", i+1)
		}
		go func() {
			defer sub.Close()
			for m := range sub.Channel() {
				log("service: the key"+node, m.Payload)
				if m.Payload == "expired" && len(s.direct) == 1 {
					ended(0)
				}
			}
		}()
	}
}

func (s *redisService) restart() (string, error) {
	k := 0
	if len(s.servers) > 1 {
		k = core.FaultyNode - 1
	}
	if err := s.servers[k].Restart(); err != nil {
		return "", err
	}
	if len(s.servers) > 1 {
		return fmt.Sprintf("node %d's redis-server (no persistence): it comes back empty and forgets the lock", k+1), nil
	}
	return "redis-server (no persistence): it comes back empty, no lock, the token counter at 0", nil
}

// faulty is the node a restart or a restore strikes: Redlock's
// core.FaultyNode, or the one server.
func (s *redisService) faulty() int {
	if len(s.servers) > 1 {
		return core.FaultyNode - 1
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
	if err := s.servers[k].RestoreFrom(s.backupFile()); err != nil {
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
}
