package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/api/v3/etcdserverpb"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
	"google.golang.org/grpc"
)

// A client is a process of its own (the lab binary run as "lab client"),
// so that a GC pause is a real SIGSTOP of it, its library's keep-alives
// included, and a crash a real SIGKILL. It takes the lock through a Locker,
// over the network the lab puts between it and the lock service (a
// netProxy per server), and writes the resource, a SQLite row. It reads one
// request per line on stdin and answers each with one line on stdout, in
// the order asked; between answers it says what its library did on its own
// (a keep-alive sent, a renewal, the library finding the lease lost).
//
// What it believes follows the model's client: it acts on its belief, and
// changes it only when it learns something (an acquire's answer, a renewal's
// answer, its own check of its lease). What its library tells it meanwhile
// (etcd's Session.Done) is reported, with its time, beside the service's
// own view, which the lab watches.

// request is what the lab asks a client to do.
type request struct {
	Op       string `json:"op"` // prepare, acquire, renew, release, write, read, peek, check, deliver, status
	LeaseMS  int64  `json:"lease_ms,omitempty"`
	Hold     string `json:"hold,omitempty"` // the message is held (see the ops)
	Resource string `json:"resource,omitempty"`
	Value    string `json:"value,omitempty"`
	// Split: the write is checked now and applied at its delivery, by two
	// statements (SELECT max_token, then an UPDATE without a check).
	Split bool `json:"split,omitempty"`
}

// reply is what the client did, in the words the lab compares with the
// model's (see modelOutcome), and the real call and its answer, for the
// trace.
type reply struct {
	Outcome string `json:"outcome"`
	Call    string `json:"call"`
	Result  string `json:"result"`
	Sent    bool   `json:"sent,omitempty"` // a write reached the database (applied or refused)
	Token   int64  `json:"token"`          // the token the client believes it holds (0: none, or none issued)
	Holds   bool   `json:"holds"`
	Err     string `json:"err,omitempty"`
}

// line is one line the client writes: an answer, or an event its library
// caused.
type line struct {
	Reply *reply `json:"reply,omitempty"`
	Event string `json:"event,omitempty"`
	// Lost: the event is the library saying the lease is gone.
	Lost bool `json:"lost,omitempty"`
}

// clientConfig is how the lab starts a client.
type clientConfig struct {
	Name    string
	Service string   // redislock, fenced, plain, redlock or etcd
	Addrs   []string // the servers, as the client reaches them (its proxies)
	// ApartAddrs are, for etcd, the servers as the client of its own for a
	// held request reaches them: proxies of their own.
	ApartAddrs []string
	Key        string // the lock's key (etcd: its prefix)
	Tokens     string // the token counter's key (fenced, plain)
	DB         string // the database file
	Fenced     bool   // the resource checks tokens
	// FromReply: the client counts its lease from when the reply arrived
	// (the model's from-reply discipline), not from its request.
	FromReply bool
	// Library: the library keeps the lease alive (etcd's Session; for
	// Redis, a renewal loop in the process every lease/3, as Redis lock
	// libraries do); otherwise the client renews at its renew steps only.
	Library bool
}

// client is the state of one client process.
type client struct {
	cfg    clientConfig
	locker Locker
	db     *sql.DB
	out    *json.Encoder
	outMu  sync.Mutex
	start  time.Time

	mu sync.Mutex
	// What the client believes: the lock it holds, and until when by its
	// own reckoning (the zero time: no expiry).
	lock  Lock
	until time.Time
	// pending are the messages held, by id: an acquire whose reply the
	// network holds, a renewal held by a partition, a write kept at the
	// client (the resource is a file: there is no network to hold it in).
	pending map[string]*heldCall
	// stopRenewing ends the renewal loop of the lock held (Library, Redis).
	stopRenewing context.CancelFunc
	// lost is set, with its time, once the library has said the lease is
	// gone (etcd's Session.Done).
	lost time.Time
}

// heldCall is a message held: its request, what the client had when it
// sent it, and, for a call made at once whose answer is held, its answer
// once it has come.
type heldCall struct {
	req   request
	asked time.Time
	had   Lock
	done  chan struct{}
	lock  Lock  // an acquire's answer
	err   error // a call's error
}

// quiet drops go-redis's own log lines (a refused dial, when the lab cuts
// a Redlock node off): the trace says what the network did.
type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

func runClient(cfg clientConfig, in io.Reader, out io.Writer) error {
	redis.SetLogger(quiet{})
	db, err := sql.Open("sqlite", cfg.DB+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	c := &client{cfg: cfg, db: db, out: json.NewEncoder(out), pending: map[string]*heldCall{}, start: time.Now()}
	if c.locker, err = c.newLocker(); err != nil {
		return err
	}
	defer c.locker.Close()
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		var req request
		if err := json.Unmarshal(lines.Bytes(), &req); err != nil {
			return err
		}
		r := c.serve(req)
		c.mu.Lock()
		r.Holds = c.lock != nil
		if c.lock != nil {
			r.Token = c.lock.Token()
		}
		c.mu.Unlock()
		c.send(line{Reply: &r})
	}
	return lines.Err()
}

func (c *client) send(l line) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	c.out.Encode(l)
}

// event reports something the library did on its own.
func (c *client) event(format string, args ...any) {
	c.send(line{Event: fmt.Sprintf(format, args...)})
}

// clientTimeout is how long a call to the lock service may wait for its
// answer: longer than any hold of the scenarios, so a reply the network
// holds for ten ticks is still heard, as the model's client hears it.
const clientTimeout = 40 * time.Second

// newLocker connects to the lock service through the client's network.
func (c *client) newLocker() (Locker, error) {
	redisClient := func(addr string) *redis.Client {
		// go-redis retries nothing here (a retried SET would be a second
		// request the scenario has not made) and waits for an answer up
		// to clientTimeout. redsync's own deadline (5 % of the lease) is a
		// context, which go-redis heeds only with ContextTimeoutEnabled,
		// off by default: redsync too waits for each node's answer.
		// A refused connection is not dialled again either (DialerRetries
		// 1): a request the network lost stays lost, as in the model.
		rc := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialerRetries: 1,
			ReadTimeout: clientTimeout, WriteTimeout: clientTimeout, DialTimeout: 2 * time.Second})
		return rc
	}
	switch c.cfg.Service {
	case "redislock":
		return NewRedisLock(redisClient(c.cfg.Addrs[0]), c.cfg.Key), nil
	case "fenced", "plain":
		l := NewFencedRedisLock(redisClient(c.cfg.Addrs[0]), c.cfg.Key, c.cfg.Tokens)
		l.NoExpiry = c.cfg.Service == "plain"
		return l, nil
	case "redlock":
		var nodes []*redis.Client
		for _, a := range c.cfg.Addrs {
			nodes = append(nodes, redisClient(a))
		}
		return NewRedlock(nodes, c.cfg.Key), nil
	case "etcd":
		dial := func(addrs []string) (*clientv3.Client, error) {
			return clientv3.New(clientv3.Config{
				Endpoints: addrs, DialTimeout: 5 * time.Second, Logger: zap.NewNop(),
				DialOptions: []grpc.DialOption{grpc.WithChainStreamInterceptor(c.keepAlives)},
			})
		}
		cli, err := dial(c.cfg.Addrs)
		if err != nil {
			return nil, err
		}
		// The client of its own for a held request reaches one member:
		// etcd's client spreads its calls over every endpoint's
		// connection, and the held request must go on the one connection
		// its session's grant has opened.
		apart := c.cfg.ApartAddrs
		if len(apart) == 0 {
			apart = c.cfg.Addrs
		}
		apart = apart[:1]
		l := NewEtcdLock(cli, c.cfg.Key, func() (*clientv3.Client, error) { return dial(apart) })
		l.Orphaned = !c.cfg.Library
		return l, nil
	}
	return nil, fmt.Errorf("unknown lock service %q", c.cfg.Service)
}

// keepAlives reports each keep-alive etcd's client sends and each answer it
// gets, as they go: the library's own heartbeat, which a SIGSTOP stops.
func (c *client) keepAlives(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	s, err := streamer(ctx, desc, cc, method, opts...)
	if err != nil || !strings.HasSuffix(method, "/LeaseKeepAlive") {
		return s, err
	}
	return keepAliveStream{ClientStream: s, c: c}, nil
}

type keepAliveStream struct {
	grpc.ClientStream
	c *client
}

func (s keepAliveStream) SendMsg(m any) error {
	err := s.ClientStream.SendMsg(m)
	if req, ok := m.(*etcdserverpb.LeaseKeepAliveRequest); ok {
		s.c.event("etcd LeaseKeepAlive sent, lease %x", req.ID)
	}
	return err
}

func (s keepAliveStream) RecvMsg(m any) error {
	err := s.ClientStream.RecvMsg(m)
	if resp, ok := m.(*etcdserverpb.LeaseKeepAliveResponse); ok && err == nil {
		if resp.TTL <= 0 {
			s.c.event("etcd LeaseKeepAlive answered, lease %x: not found (it has ended)", resp.ID)
		} else {
			s.c.event("etcd LeaseKeepAlive answered, lease %x: TTL %d s", resp.ID, resp.TTL)
		}
	}
	return err
}

// serve does one request.
func (c *client) serve(req request) reply {
	ctx := context.Background()
	lease := time.Duration(req.LeaseMS) * time.Millisecond
	switch req.Op {
	case "prepare":
		call := fmt.Sprintf("%s Prepare for %s", c.cfg.Service, lease)
		if err := c.locker.Prepare(ctx, lease, req.Hold != ""); err != nil {
			return reply{Outcome: "error", Call: call, Result: err.Error()}
		}
		what := "the library's scripts loaded on the server, a connection idle for the request"
		if c.cfg.Service == "etcd" {
			what = "a session: its lease granted"
			if !c.cfg.Library {
				what += ", its keep-alive stopped (Session.Orphan)"
			}
			if req.Hold != "" {
				what += "; on a client of its own, so that holding the request's answer holds nothing else (etcd's client carries every call on one connection, where TCP would hold every later answer behind it)"
			}
		}
		return reply{Outcome: "-", Call: call, Result: "ready: " + what}
	case "acquire":
		return c.acquire(ctx, req, lease)
	case "deliver":
		return c.deliver(ctx, req)
	case "status":
		return reply{Outcome: "-", Call: "the client's belief", Result: c.belief()}
	}
	c.mu.Lock()
	held := c.lock
	c.mu.Unlock()
	if held == nil && req.Op != "check" {
		return reply{Outcome: "skipped", Call: req.Op, Result: "not sent: the client believes it holds no lock"}
	}
	switch req.Op {
	case "renew":
		return c.renew(ctx, req, held)
	case "release":
		return c.release(ctx, held)
	case "write":
		if req.Hold != "" {
			c.mu.Lock()
			defer c.mu.Unlock()
			if req.Split {
				// The check now, the apply at delivery.
				q, max, err := maxToken(c.db, req.Resource)
				if err != nil {
					return reply{Err: err.Error()}
				}
				if held.Token() < max {
					return reply{Outcome: "refused-by-token", Sent: true, Call: "sqlite " + q, Result: fmt.Sprintf("max_token %d > token %d: refused", max, held.Token())}
				}
				c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), had: held}
				return reply{Outcome: "checked", Sent: true, Call: "sqlite " + q, Result: fmt.Sprintf("max_token %d <= token %d: the apply waits (the client is held before its UPDATE)", max, held.Token())}
			}
			c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), had: held}
			return reply{Outcome: "held", Sent: true, Call: "hold the write as " + req.Hold,
				Result: "kept at the client until delivered (the resource is a file: no network to hold it in)"}
		}
		return c.write(req, held.Token(), false)
	case "read", "peek":
		q, data, ok, err := read(c.db, req.Resource, held.Token(), c.cfg.Fenced, req.Op == "read")
		if err != nil {
			return reply{Err: err.Error()}
		}
		if !ok {
			return reply{Outcome: "refused-by-token", Call: "sqlite " + q, Result: "0 rows: the token is refused"}
		}
		return reply{Outcome: "read " + fmt.Sprintf("%q", data), Call: "sqlite " + q, Result: fmt.Sprintf("%q", data)}
	case "check":
		return c.check()
	}
	return reply{Err: "unknown request " + req.Op}
}

// acquire takes the lock. A held acquire is sent at once, and its answer,
// which the network holds, is waited for in the background: the client
// hears it when the lab delivers it.
func (c *client) acquire(ctx context.Context, req request, lease time.Duration) reply {
	call := fmt.Sprintf("%s Acquire %s for %s", c.cfg.Service, c.cfg.Key, lease)
	if req.Hold != "" {
		h := &heldCall{req: req, asked: time.Now(), done: make(chan struct{})}
		go func() {
			h.lock, h.err = c.locker.Acquire(ctx, lease)
			close(h.done)
		}()
		c.mu.Lock()
		c.pending[req.Hold] = h
		c.mu.Unlock()
		return reply{Outcome: "held", Call: call, Result: "sent; the answer is held in the network as " + req.Hold}
	}
	asked := time.Now()
	l, err := c.locker.Acquire(ctx, lease)
	switch {
	case errors.Is(err, ErrHeld):
		return reply{Outcome: "refused", Call: call, Result: "held by another client"}
	case errors.Is(err, ErrLate):
		return reply{Outcome: "late-grant", Call: call, Result: err.Error() + ": the library gave it up"}
	case err != nil:
		return reply{Outcome: "error", Call: call, Result: err.Error()}
	}
	return c.heard(l, asked, lease, call)
}

// heard makes the client believe in lock l, asked for at asked for lease,
// until the end of its lease by its own reckoning, unless by then it has
// ended.
func (c *client) heard(l Lock, asked time.Time, lease time.Duration, call string) reply {
	until := l.Until()
	if !until.IsZero() && c.cfg.FromReply {
		until = until.Add(time.Since(asked)) // counted from the reply, as if it took no time
	}
	if !until.IsZero() && !time.Now().Before(until) {
		return reply{Outcome: "late-grant", Call: call, Result: fmt.Sprintf("granted (%s), but by the client's reckoning the lease ended %s ago: it does not believe it", c.tokenWords(l), time.Since(until).Round(time.Millisecond))}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.believe(l, until, lease)
	return reply{Outcome: "granted", Call: call, Result: fmt.Sprintf("granted, %s; %s by the client's reckoning", c.tokenWords(l), c.left())}
}

// tokenWords says what token l came with, and where it comes from.
func (c *client) tokenWords(l Lock) string {
	switch c.cfg.Service {
	case "etcd":
		return fmt.Sprintf("token %d (the lock key's CreateRevision)", l.Token())
	case "fenced", "plain":
		return fmt.Sprintf("token %d (the counter's INCR, in the grant's script)", l.Token())
	}
	return "no token (the library issues none)"
}

// believe makes l, of a lease of lease, the lock the client holds; c.mu is
// held.
func (c *client) believe(l Lock, until time.Time, lease time.Duration) {
	c.forget()
	c.lock, c.until, c.lost = l, until, time.Time{}
	if lost := l.Lost(); lost != nil {
		go func() {
			<-lost
			c.mu.Lock()
			if c.lock == l {
				c.lost = time.Now()
			}
			c.mu.Unlock()
			c.send(line{Event: "the library says the lease is gone (etcd Session.Done closed)", Lost: true})
		}()
	}
	if c.cfg.Library && c.cfg.Service != "etcd" && !until.IsZero() {
		ctx, stop := context.WithCancel(context.Background())
		c.stopRenewing = stop
		go c.renewLoop(ctx, l, lease)
	}
}

// forget drops what the client believes; c.mu is held.
func (c *client) forget() {
	if c.stopRenewing != nil {
		c.stopRenewing()
		c.stopRenewing = nil
	}
	c.lock, c.until = nil, time.Time{}
}

// left is how long the lease has left by the client's reckoning; c.mu is
// held.
func (c *client) left() string {
	if c.until.IsZero() {
		return "no expiry"
	}
	return time.Until(c.until).Round(time.Millisecond).String() + " left"

}

// renewLoop renews the lock every third of its lease, as Redis lock
// libraries do (Redisson's watchdog, redislock's Refresh), until the lock is
// given up or lost. A paused process renews nothing.
func (c *client) renewLoop(ctx context.Context, l Lock, ttl time.Duration) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(ttl / 3):
		}
		// A renewal that is not answered within a third of the lease has
		// failed: the next one is due.
		call, cancel := context.WithTimeout(ctx, ttl/3)
		err := l.Renew(call)
		cancel()
		switch {
		case ctx.Err() != nil:
			return
		case errors.Is(err, ErrLost):
			c.send(line{Event: "renewal: the lock is not this client's any more", Lost: true})
			c.mu.Lock()
			if c.lock == l {
				c.lost = time.Now()
			}
			c.mu.Unlock()
			return
		case err != nil:
			c.event("renewal failed: %v", err)
		default:
			c.event("renewal: the lease is extended")
		}
	}
}

// renew renews the lease held. Where the library keeps the lease alive,
// the client does not renew: it asks whether its library still holds it.
func (c *client) renew(ctx context.Context, req request, held Lock) reply {
	if c.cfg.Library {
		c.mu.Lock()
		defer c.mu.Unlock()
		if req.Hold != "" {
			// The lab has partitioned the client: the library's own
			// renewals are what the network now holds.
			c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), had: held}
			return reply{Outcome: "held", Call: "the library's renewals", Result: "the network holds them, both ways, from now until " + req.Hold + " is delivered"}
		}
		if !c.lost.IsZero() {
			c.forget()
			return reply{Outcome: "lost", Call: "the library's renewals", Result: "the library has said the lease is gone"}
		}
		return reply{Outcome: "renewed", Call: "the library's renewals", Result: "the library keeps the lease alive"}
	}
	if req.Hold != "" {
		h := &heldCall{req: req, asked: time.Now(), had: held, done: make(chan struct{})}
		go func() {
			h.err = held.Renew(ctx)
			close(h.done)
		}()
		c.mu.Lock()
		c.pending[req.Hold] = h
		c.mu.Unlock()
		return reply{Outcome: "held", Call: "Renew", Result: "sent; the network holds it as " + req.Hold}
	}
	return c.renewed(held, held.Renew(ctx))
}

// renewed tells the client a renewal's answer.
func (c *client) renewed(held Lock, err error) reply {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case errors.Is(err, ErrLost):
		if c.lock == held {
			c.forget()
		}
		return reply{Outcome: "lost", Call: "Renew", Result: "refused: the lock is not this client's any more"}
	case err != nil:
		return reply{Outcome: "error", Call: "Renew", Result: err.Error()}
	}
	if c.lock == held {
		c.until = held.Until()
	}
	return reply{Outcome: "renewed", Call: "Renew", Result: "the lease is extended: " + c.left() + " by the client's reckoning"}
}

func (c *client) release(ctx context.Context, held Lock) reply {
	err := held.Release(ctx)
	c.mu.Lock()
	c.forget()
	c.mu.Unlock()
	switch {
	case errors.Is(err, ErrLost):
		return reply{Outcome: "not-holder", Call: "Release", Result: "the service held it no more"}
	case err != nil:
		return reply{Outcome: "error", Call: "Release", Result: err.Error()}
	}
	return reply{Outcome: "released", Call: "Release", Result: "released (etcd: the key deleted and the lease revoked)"}
}

// check looks at the lease by the client's own clock.
func (c *client) check() reply {
	c.mu.Lock()
	defer c.mu.Unlock()
	call := "the client's own clock"
	switch {
	case c.lock == nil:
		return reply{Outcome: "no-lock", Call: call, Result: "holds no lock"}
	case !c.until.IsZero() && !time.Now().Before(c.until):
		c.forget()
		return reply{Outcome: "expired", Call: call, Result: "the lease has run out: the client stops believing it holds the lock"}
	}
	return reply{Outcome: "valid", Call: call, Result: "the lease still runs: " + c.left()}
}

// write writes value with token: fenced, in one statement; or, for the
// apply of a split write, without a check.
func (c *client) write(req request, token int64, unchecked bool) reply {
	write := write
	if unchecked {
		write = applyUnchecked
	}
	q, n, err := write(c.db, req.Resource, req.Value, token, c.cfg.Fenced)
	if err != nil {
		return reply{Err: err.Error()}
	}
	if n == 0 {
		return reply{Outcome: "refused-by-token", Sent: true, Call: "sqlite " + q, Result: "0 rows: the token is refused"}
	}
	return reply{Outcome: "applied", Sent: true, Call: "sqlite " + q, Result: "1 row"}
}

// deliver lets a held message arrive. The lab has let the network pass
// again first: a held answer arrives now, a held renewal reaches the
// service now.
func (c *client) deliver(ctx context.Context, req request) reply {
	c.mu.Lock()
	h, ok := c.pending[req.Hold]
	delete(c.pending, req.Hold)
	c.mu.Unlock()
	if !ok {
		return reply{Outcome: "nothing", Call: "deliver " + req.Hold, Result: "nothing was sent"}
	}
	wait := func() bool {
		select {
		case <-h.done:
			return true
		case <-time.After(clientTimeout):
			return false
		}
	}
	switch h.req.Op {
	case "acquire":
		if !wait() {
			return reply{Outcome: "error", Call: "deliver " + req.Hold, Result: "the held answer never came"}
		}
		call := "deliver " + req.Hold + ": the answer arrives"
		switch {
		case errors.Is(h.err, ErrHeld):
			return reply{Outcome: "refused", Call: call, Result: "refused: held by another client"}
		case errors.Is(h.err, ErrLate):
			return reply{Outcome: "late-grant", Call: call, Result: h.err.Error() + ": the library gave it up"}
		case h.err != nil:
			return reply{Outcome: "error", Call: call, Result: h.err.Error()}
		}
		return c.heard(h.lock, h.asked, time.Duration(h.req.LeaseMS)*time.Millisecond, call)
	case "renew":
		if c.cfg.Library {
			return c.libraryVerdict(ctx, h.had)
		}
		if !wait() {
			return reply{Outcome: "error", Call: "deliver " + req.Hold, Result: "the held renewal never answered"}
		}
		r := c.renewed(h.had, h.err)
		r.Call = "deliver " + req.Hold + ": " + r.Call
		return r
	case "write":
		r := c.write(h.req, h.had.Token(), h.req.Split)
		r.Call = "deliver " + req.Hold + ": " + r.Call
		if h.req.Split {
			r.Call += " (the apply of a write checked before, without a check)"
		}
		return r
	}
	return reply{Err: "cannot deliver " + h.req.Op}
}

// libraryVerdict is what a client whose library keeps its lease alive
// learns once its partition heals: its library's answer (etcd: the
// keep-alives it sent meanwhile are answered; Session.Done closes if the
// lease is gone). A client whose library has said nothing yet asks the
// service once.
func (c *client) libraryVerdict(ctx context.Context, held Lock) reply {
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		lost := !c.lost.IsZero()
		c.mu.Unlock()
		if lost {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.mu.Lock()
	lost := !c.lost.IsZero()
	c.mu.Unlock()
	if !lost {
		r := c.renewed(held, held.Renew(ctx))
		r.Call = "the partition heals: " + r.Call
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lock == held {
		c.forget()
	}
	return reply{Outcome: "lost", Call: "the partition heals", Result: "the library has said the lease is gone"}
}

// belief says what the client believes.
func (c *client) belief() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lock == nil {
		return "holds no lock"
	}
	return fmt.Sprintf("holds token %d, %s", c.lock.Token(), c.left())
}
