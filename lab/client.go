package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.uber.org/zap"
)

// A client is a process of its own (the lab binary run as "lab client"),
// so that a GC pause can be a real SIGSTOP of it and a crash a real
// SIGKILL. It reads one request per line on stdin and answers each with
// one line on stdout. It talks to the lock service and the database itself;
// the lab only tells it what to do next.

// request is what the lab asks a client to do.
type request struct {
	Op      string `json:"op"` // acquire, renew, release, write, read, peek, check
	LeaseMS int64  `json:"lease_ms,omitempty"`
	Nodes   []int  `json:"nodes,omitempty"` // Redlock: the nodes (1-based) the client can reach; empty for all
	// Hold holds the message up in the network under this id until a
	// "deliver" of it: an acquire's reply, a renewal, a write. The client
	// holds it at its library boundary: the call is made (acquire) or
	// prepared (renew, write), and its answer heard or it is sent on
	// delivery.
	Hold     string `json:"hold,omitempty"`
	Resource string `json:"resource,omitempty"`
	Value    string `json:"value,omitempty"`
}

// reply is what the client did: the real call, what it returned, and what
// the client now believes.
type reply struct {
	Call    string `json:"call"`
	Result  string `json:"result"`
	OK      bool   `json:"ok"`    // granted, applied, read
	Sent    bool   `json:"sent"`  // a write was sent (applied or refused)
	Token   int64  `json:"token"` // the token the client holds (0: none)
	Holds   bool   `json:"holds"` // whether the client believes it holds the lock
	Err     string `json:"err,omitempty"`
	Elapsed int64  `json:"elapsed_us"`
}

// clientConfig is how the lab starts a client.
type clientConfig struct {
	Name   string   // A, B, ...
	Redis  []string // the lock service: one server, or Redlock's five
	Etcd   []string // or the etcd cluster's client URLs
	Key    string   // the lock's key
	Tokens string   // the key of the token counter (one server only)
	DB     string   // the database file
	TTL    bool     // leases expire (SET … PX)
	// FromReply: the client counts its lease from when the reply arrives
	// (the model's from-reply discipline), not from its request.
	FromReply bool
	Fenced    bool // the resource checks tokens
}

// releaseScript deletes the lock only if this client holds it.
var releaseScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

// renewScript extends the lock only if this client holds it.
var renewScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`)

// redlockTimeout is how long a Redlock client waits for one node: small
// beside a lease of seconds, large beside a loopback round trip on a busy
// machine.
const redlockTimeout = 250 * time.Millisecond

// Redlock's clock drift allowance: 1 % of the lease plus 2 ms, as its
// description gives it.
func drift(lease time.Duration) time.Duration { return lease/100 + 2*time.Millisecond }

// client is the state of one client process.
type client struct {
	cfg   clientConfig
	nodes []*redis.Client
	etcd  *clientv3.Client
	db    *sql.DB
	belief
	// held are the messages held at the client's library boundary, by
	// id, until the lab delivers them (see request.Hold).
	held map[string]heldMessage
}

// belief is what a client believes of its grant.
type belief struct {
	token int64
	value string           // what this client's grant wrote into the lock's key
	holds bool             // whether it believes it holds the lock
	until time.Time        // when its lease ends by its own clock
	reach []int            // the nodes its grant reached (Redlock)
	lease clientv3.LeaseID // the etcd lease of its grant
	mutex *concurrency.Mutex
}

// heldMessage is a message held in the network: an acquire's reply (the
// service has decided; the client learns it on delivery), a renewal or a
// write (sent on delivery, with what the client had when it sent it).
type heldMessage struct {
	req     request
	sent    time.Time
	granted bool   // a reply: whether the service granted the lock
	got     belief // a reply: what the client will believe on hearing it
	had     belief // a renewal or a write: the grant it was sent under
}

func runClient(cfg clientConfig, in io.Reader, out io.Writer) error {
	db, err := sql.Open("sqlite", cfg.DB+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	c := &client{cfg: cfg, db: db, held: map[string]heldMessage{}}
	if len(cfg.Etcd) > 0 {
		cli, err := clientv3.New(clientv3.Config{Endpoints: cfg.Etcd, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
		if err != nil {
			return err
		}
		defer cli.Close()
		c.etcd = cli
	}
	for _, addr := range cfg.Redis {
		opts := &redis.Options{Addr: addr, MaxRetries: -1}
		if len(cfg.Redis) > 1 {
			// Redlock asks each node with a timeout small beside the
			// lease, so that a node that is down costs little of it.
			opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = redlockTimeout, redlockTimeout, redlockTimeout
		}
		n := redis.NewClient(opts)
		defer n.Close()
		c.nodes = append(c.nodes, n)
	}
	enc := json.NewEncoder(out)
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		var req request
		if err := json.Unmarshal(lines.Bytes(), &req); err != nil {
			return err
		}
		start := time.Now()
		r := c.serve(context.Background(), req, start)
		r.Token, r.Holds, r.Elapsed = c.token, c.holds, time.Since(start).Microseconds()
		if !c.holds {
			r.Token = 0
		}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return lines.Err()
}

func (c *client) serve(ctx context.Context, req request, start time.Time) reply {
	var r reply
	lease := time.Duration(req.LeaseMS) * time.Millisecond
	if req.Op != "acquire" && req.Op != "check" && req.Op != "deliver" && !c.holds {
		r.Result = "skipped: holds no lock"
		return r
	}
	switch {
	case req.Op == "deliver":
		return c.deliver(ctx, req, start)
	case req.Hold != "":
		return c.hold(ctx, req, start)
	}
	switch req.Op {
	case "acquire":
		if c.etcd != nil {
			c.acquireEtcd(ctx, &r, lease, start)
			break
		}
		if len(c.nodes) > 1 {
			c.acquireMajority(ctx, &r, lease, req.Nodes, start)
		} else {
			c.acquireOne(ctx, &r, lease, start)
		}
	case "renew":
		c.renew(ctx, &r, lease, start)
	case "release":
		if c.etcd != nil {
			r.Call = fmt.Sprintf("etcd Unlock %s", c.mutex.Key())
			err := c.mutex.Unlock(ctx)
			c.holds, r.OK, r.Result = false, err == nil, "released"
			if err != nil {
				r.Result = err.Error()
			}
			break
		}
		n := 0
		for _, i := range c.reach {
			k, err := releaseScript.Run(ctx, c.nodes[i], []string{c.cfg.Key}, c.value).Int()
			if err == nil {
				n += k
			}
		}
		r.Call = fmt.Sprintf("redis DEL %s if it is %s%s", c.cfg.Key, c.value, c.onNodes(c.reach))
		c.holds, r.OK, r.Result = false, n > 0, fmt.Sprintf("%d deleted", n)
	case "check":
		r.Call = "the client's own clock"
		switch {
		case !c.holds:
			r.OK, r.Result = true, "holds no lock"
		case c.cfg.TTL && !start.Before(c.until):
			c.holds = false
			r.Result = "the lease has run out: the client stops"
		default:
			r.OK, r.Result = true, "the lease still runs"
		}
	case "write":
		q, n, err := write(c.db, req.Resource, req.Value, c.token, c.cfg.Fenced)
		r.Call = "sqlite " + q
		if err != nil {
			r.Err = err.Error()
			break
		}
		r.OK, r.Sent, r.Result = n == 1, true, "1 row"
		if n == 0 {
			r.Result = "0 rows: the token is refused"
		}
	case "read", "peek":
		q, data, ok, err := read(c.db, req.Resource, c.token, c.cfg.Fenced, req.Op == "read")
		r.Call = "sqlite " + q
		if err != nil {
			r.Err = err.Error()
			break
		}
		r.OK, r.Result = ok, fmt.Sprintf("%q", data)
		if !ok {
			r.Result = "0 rows: the token is refused"
		}
	default:
		r.Err = "unknown request " + req.Op
	}
	return r
}

// hold makes req's message wait in the network: an acquire is made now
// and its reply kept; a renewal or a write is kept, with the grant it was
// sent under, and sent on delivery.
func (c *client) hold(ctx context.Context, req request, start time.Time) reply {
	m := heldMessage{req: req, sent: start, had: c.belief}
	r := reply{Call: "hold " + req.Op + " as " + req.Hold, OK: true, Result: "held in the network"}
	if req.Op == "acquire" {
		made := c.serve(ctx, request{Op: "acquire", LeaseMS: req.LeaseMS, Nodes: req.Nodes}, start)
		if made.Err != "" {
			return made
		}
		m.granted, m.got = made.OK, c.belief
		c.belief = m.had
		r.Call, r.OK = made.Call, made.OK
		r.Result = made.Result + "; the reply is held as " + req.Hold
	}
	c.held[req.Hold] = m
	return r
}

// deliver lets a held message arrive.
func (c *client) deliver(ctx context.Context, req request, start time.Time) reply {
	m, ok := c.held[req.Hold]
	if !ok {
		return reply{Err: "nothing held as " + req.Hold}
	}
	delete(c.held, req.Hold)
	var r reply
	switch m.req.Op {
	case "acquire":
		r.Call = "deliver " + req.Hold + ": the reply arrives"
		if !m.granted {
			r.Result = "refused"
			return r
		}
		got := m.got
		if c.cfg.FromReply && c.cfg.TTL {
			got.until = start.Add(time.Duration(m.req.LeaseMS) * time.Millisecond)
		}
		if c.cfg.TTL && !start.Before(got.until) {
			r.Result = "the lease it grants has already ended by the client's clock: the client does not believe it"
			return r
		}
		c.belief = got
		r.OK, r.Result = true, "the client now believes it holds the lock"
	case "renew", "write":
		// Sent now, under the grant the client had when it sent it.
		now := c.belief
		c.belief = m.had
		c.belief.holds = true
		r = c.serve(ctx, request{Op: m.req.Op, LeaseMS: m.req.LeaseMS, Resource: m.req.Resource, Value: m.req.Value}, start)
		if m.req.Op == "write" {
			c.belief = now // a write changes no belief
		}
		r.Call = "deliver " + req.Hold + ": " + r.Call
	}
	return r
}

// acquireOne takes the lock from one server: the token from its counter
// (a refused grant leaves a gap, which tokens allow), then SET NX.
func (c *client) acquireOne(ctx context.Context, r *reply, lease time.Duration, start time.Time) {
	rdb := c.nodes[0]
	next, err := rdb.Incr(ctx, c.cfg.Tokens).Result()
	if err != nil {
		r.Err = err.Error()
		return
	}
	value := c.cfg.Name + ":" + strconv.FormatInt(next, 10)
	ttl := time.Duration(0)
	r.Call = fmt.Sprintf("redis SET %s %s NX", c.cfg.Key, value)
	if c.cfg.TTL {
		ttl = lease
		r.Call += fmt.Sprintf(" PX %d", lease.Milliseconds())
	}
	ok, err := rdb.SetNX(ctx, c.cfg.Key, value, ttl).Result()
	switch {
	case err != nil:
		r.Err = err.Error()
	case ok:
		c.token, c.value, c.holds, c.until, c.reach = next, value, true, start.Add(ttl), []int{0}
		r.OK, r.Result = true, fmt.Sprintf("OK (INCR %s → %d)", c.cfg.Tokens, next)
	default:
		r.Result = "nil: held by " + rdb.Get(ctx, c.cfg.Key).Val()
	}
}

// acquireMajority is Redlock as its description writes it: the same random
// value SET NX PX on every node the client reaches, one after another; the
// lock is held with a majority, for the lease less the time the attempt
// took and the clock drift allowance, counted from before the first
// request; otherwise it is released on every node. Redlock issues no token.
func (c *client) acquireMajority(ctx context.Context, r *reply, lease time.Duration, reach []int, start time.Time) {
	nonce := make([]byte, 8)
	rand.Read(nonce)
	value := c.cfg.Name + ":" + hex.EncodeToString(nonce)
	var idx []int
	if len(reach) == 0 {
		for i := range c.nodes {
			idx = append(idx, i)
		}
	} else {
		for _, n := range reach {
			idx = append(idx, n-1)
		}
	}
	var got []int
	for _, i := range idx {
		if ok, err := c.nodes[i].SetNX(ctx, c.cfg.Key, value, lease).Result(); err == nil && ok {
			got = append(got, i)
		}
	}
	validity := lease - time.Since(start) - drift(lease)
	r.Call = fmt.Sprintf("redlock SET %s %s NX PX %d%s", c.cfg.Key, value, lease.Milliseconds(), c.onNodes(idx))
	if len(got) > len(c.nodes)/2 && validity > 0 {
		c.token, c.value, c.holds, c.until, c.reach = 0, value, true, start.Add(validity), got
		r.OK, r.Result = true, fmt.Sprintf("OK on %d of %d (nodes %s), valid %d ms", len(got), len(c.nodes), nodeList(got), validity.Milliseconds())
		return
	}
	for _, i := range idx {
		releaseScript.Run(ctx, c.nodes[i], []string{c.cfg.Key}, value)
	}
	r.Result = fmt.Sprintf("OK on %d of %d only: released", len(got), len(c.nodes))
}

// acquireEtcd takes the lock as etcd's concurrency package does, from a
// lease the client renews only when it says so: a Session keeps its lease
// alive by itself, which would hide what the scenario's renewals (or their
// absence) do, so the session's keep-alive is stopped as soon as it starts
// and the lease lives its TTL unless renewed. The fencing token is the
// lock key's CreateRevision, which only grows.
func (c *client) acquireEtcd(ctx context.Context, r *reply, lease time.Duration, start time.Time) {
	ttl := max(int64(lease/time.Second), 1)
	g, err := c.etcd.Grant(ctx, ttl)
	if err != nil {
		r.Err = err.Error()
		return
	}
	keep, stop := context.WithCancel(ctx)
	s, err := concurrency.NewSession(c.etcd, concurrency.WithLease(g.ID), concurrency.WithContext(keep))
	stop()
	if err != nil {
		r.Err = err.Error()
		return
	}
	m := concurrency.NewMutex(s, c.cfg.Key)
	r.Call = fmt.Sprintf("etcd Grant TTL %d s → lease %x; Lock %s", ttl, int64(g.ID), c.cfg.Key)
	switch err := m.TryLock(ctx); {
	case err == concurrency.ErrLocked:
		c.etcd.Revoke(ctx, g.ID)
		r.Result = "locked by another session"
		return
	case err != nil:
		r.Err = err.Error()
		return
	}
	got, err := c.etcd.Get(ctx, m.Key())
	if err != nil || len(got.Kvs) == 0 {
		r.Err = fmt.Sprintf("the lock's key %s is gone: %v", m.Key(), err)
		return
	}
	rev := got.Kvs[0].CreateRevision
	c.token, c.value, c.holds, c.until, c.lease, c.mutex = rev, m.Key(), true, start.Add(time.Duration(ttl)*time.Second), g.ID, m
	r.OK, r.Result = true, fmt.Sprintf("key %s CreateRevision %d", m.Key(), rev)
}

// renew extends the lease where the client's grant is; without TTL there
// is no lease to extend, and the client only learns whether it still holds
// the lock.
func (c *client) renew(ctx context.Context, r *reply, lease time.Duration, start time.Time) {
	if c.etcd != nil {
		// etcd renews a lease for its own TTL, which the grant fixed.
		r.Call = fmt.Sprintf("etcd KeepAliveOnce lease %x", int64(c.lease))
		resp, err := c.etcd.KeepAliveOnce(ctx, c.lease)
		if err != nil {
			c.holds, r.Result = false, err.Error()+": the lock is not this client's any more"
			return
		}
		c.until = start.Add(time.Duration(resp.TTL) * time.Second)
		r.OK, r.Result = true, fmt.Sprintf("TTL %d s", resp.TTL)
		return
	}
	if !c.cfg.TTL {
		r.Call = fmt.Sprintf("redis GET %s", c.cfg.Key)
		got := c.nodes[0].Get(ctx, c.cfg.Key).Val()
		c.holds = got == c.value
		r.OK, r.Result = c.holds, fmt.Sprintf("%q", got)
		return
	}
	n := 0
	for _, i := range c.reach {
		if k, err := renewScript.Run(ctx, c.nodes[i], []string{c.cfg.Key}, c.value, lease.Milliseconds()).Int(); err == nil {
			n += k
		}
	}
	r.Call = fmt.Sprintf("redis PEXPIRE %s %d if it is %s%s", c.cfg.Key, lease.Milliseconds(), c.value, c.onNodes(c.reach))
	if n > len(c.nodes)/2 {
		c.until = start.Add(lease)
		if len(c.nodes) > 1 {
			c.until = c.until.Add(-time.Since(start) - drift(lease))
		}
		r.OK, r.Result = true, fmt.Sprintf("%d extended", n)
		return
	}
	c.holds, r.Result = false, fmt.Sprintf("%d extended: the lock is not this client's any more", n)
}

// onNodes names the nodes of a call under Redlock ("" with one server).
func (c *client) onNodes(idx []int) string {
	if len(c.nodes) == 1 {
		return ""
	}
	return " on nodes " + nodeList(idx)
}

func nodeList(idx []int) string {
	var s []string
	for _, i := range idx {
		s = append(s, strconv.Itoa(i+1))
	}
	return strings.Join(s, ",")
}
