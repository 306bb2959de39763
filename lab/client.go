package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/lock"

	"github.com/redis/go-redis/v9"
)

// A client is a process of its own (the lab binary run as "lab client"),
// so that a GC pause is a real SIGSTOP of it, its library's keep-alives
// included, and a crash a real SIGKILL. It acts through its row's locker:
// on a lock service, the lock it takes with the service's library, over
// the network the lab puts between it and the service (a netProxy per
// server) (serviceLocker); without one, the rows' versions it reads
// (versionsLocker). It writes the resource, a row of the run's own
// PostgreSQL database (resource).
// It reads one request per line on stdin and answers each with one line on
// stdout, in the order asked; between answers it says what its library did
// on its own (a keep-alive sent, a renewal, the library saying the lease is
// gone or in doubt).
//
// What it believes follows the model's client: it acts on its belief, and
// changes it only when it learns something (an acquire's answer, a renewal's
// answer, its own check of its lease). What its library tells it meanwhile,
// and what its library answers at a check, is reported, with its time,
// beside the service's own view, which the lab watches: a client that
// listened to its library would stop there.

// clientConfig is how the lab starts a client: one JSON value, its only
// argument.
type clientConfig struct {
	Name    string   `json:"name"`
	Backend string   `json:"backend"` // a backend's name
	Addrs   []string `json:"addrs"`   // the servers, as the client reaches them (its proxies)
	// ApartAddrs are the servers as a held request's connection of its own
	// reaches them (backend.apart): proxies of their own.
	ApartAddrs []string `json:"apart_addrs,omitempty"`
	Key        string   `json:"key"` // the lock's name on the service
	// Resource is how the client reaches the resource's database (a pgx
	// connection string), and Database which of the lab's databases it is.
	Resource string `json:"resource"`
	Database string `json:"database"`
	Fenced   bool   `json:"fenced"` // the resource checks tokens
	// FromReply: the client counts its lease from when the reply arrived
	// (the model's from-reply discipline), not from its request.
	FromReply bool `json:"from_reply,omitempty"`
	// Renewal: who renews the leases (renewalOf).
	Renewal renewal `json:"renewal"`
	// Versioned: the resource keeps a version per row, which a write
	// carries instead of a token (the optimistic lock); Resources are the
	// rows whose versions the client reads where it would acquire a lock.
	Versioned bool     `json:"versioned,omitempty"`
	Resources []string `json:"resources,omitempty"`
	// Sentinel, where a run fails a Redis node over to its replica, is
	// where the client finds that node's primary.
	Sentinel *sentinelConfig `json:"sentinel,omitempty"`
}

// sentinelConfig is how a client finds the primary of a Redis node that
// fails over, as go-redis's failover client does: it asks the Sentinel at
// Addr for the primary it knows as Master before each new connection to
// node Node (0-based), and dials each address the Sentinel names through
// the proxy Via maps it to (the client's network).
type sentinelConfig struct {
	Addr   string            `json:"addr"`
	Master string            `json:"master"`
	Node   int               `json:"node"`
	Via    map[string]string `json:"via"`
}

// request is what the lab asks a client to do: one of the model's actions,
// or to prepare an acquire.
type request struct {
	// Action is the model's action the client takes: an acquire, renew,
	// release, write, read, peek, check, or the deliver of the message
	// Hold.
	Action core.ActionKind `json:"action"`
	// Prepare: not the acquire yet, but what it needs first (a session,
	// the library's scripts loaded), so that the acquire then sends the
	// lock's own request and nothing before it (library.prepare).
	Prepare  bool   `json:"prepare,omitempty"`
	LeaseMS  int64  `json:"lease_ms,omitempty"`
	Hold     string `json:"hold,omitempty"` // the message is held (see the actions); a deliver's, the one delivered
	Resource string `json:"resource,omitempty"`
	Value    string `json:"value,omitempty"`
	// Split: the write is checked now and applied at its delivery, by two
	// statements of one transaction (SELECT max_token, then an UPDATE
	// without a check).
	Split bool `json:"split,omitempty"`
}

// String says what the request asks: its action, or "prepare".
func (r request) String() string {
	if r.Prepare {
		return "prepare"
	}
	return string(r.Action)
}

// reply is what the client did, as an outcome the lab compares with the
// model's, and the real call and its answer, for the trace.
type reply struct {
	Outcome outcome `json:"outcome"`
	Call    string  `json:"call"`
	Result  string  `json:"result"`
	Sent    bool    `json:"sent,omitempty"` // a write reached the database (applied or refused)
	Token   int64   `json:"token"`          // the token the client believes it holds (0: none, or none issued)
	Holds   bool    `json:"holds"`
	// Library is what the library answered at a check step, about the
	// lock held, and LibraryWords its answer as the trace says it.
	Library      lock.Standing `json:"library,omitempty"`
	LibraryWords string        `json:"library_words,omitempty"`
	// AfterWord: the client sent this write after its library had said
	// the lease was gone or in doubt, AfterWordMS before, by the client's
	// own clock.
	AfterWord   bool  `json:"after_word,omitempty"`
	AfterWordMS int64 `json:"after_word_ms,omitempty"`
	// Session is the PostgreSQL backend process of a two-step check's
	// transaction, at its check and where the database aborted its apply:
	// the lab reads what the server's log says of it.
	Session uint32 `json:"session,omitempty"`
	// RowOps are the operations the request made on the resources' rows,
	// timed by the client's clock in Unix µs (history.go); the lab counts
	// them from the run's start.
	RowOps []recording.RowOp `json:"row_ops,omitempty"`
	Err    string            `json:"err,omitempty"` // the client could not do it
}

// line is one line the client writes: an answer, or an event its library
// caused.
type line struct {
	Reply *reply `json:"reply,omitempty"`
	Event string `json:"event,omitempty"`
	// Standing: the event is the library saying this of the lock held.
	Standing lock.Standing `json:"standing,omitempty"`
	// At is when the client wrote the line, by its clock (Unix ms): the
	// lab may read it later, on a busy machine, and a stopped client
	// writes nothing, so the time an event happened is the client's.
	At int64 `json:"at,omitempty"`
}

// client is one client process: the locker it acts through, what it has
// sent whose message the lab holds, and its answers' way out.
type client struct {
	locker locker
	// pending are the messages held, by id, each with what the client does
	// when it arrives: an acquire whose reply the network holds, a renewal
	// held by a partition, a write kept at the client (the lab puts no
	// network between a client and its database).
	pending map[string]arrival
	outMu   sync.Mutex
	out     *json.Encoder
}

// A locker is what a client acts through on its row: the lock its lock
// service grants it (serviceLocker), or, on the row without one, the rows'
// versions it reads (versionsLocker). Each method answers one request of
// its action; a request whose message is held also returns what the
// client does when the lab delivers it.
type locker interface {
	// prepare readies an acquire (library.prepare).
	prepare(ctx context.Context, req request) reply
	acquire(ctx context.Context, req request) (reply, arrival)
	renew(ctx context.Context, req request) (reply, arrival)
	release(ctx context.Context) reply
	// check is the client's check of its lease, by its own clock.
	check(ctx context.Context) reply
	// read reads a resource, a read (core.ActRead) with what the client
	// holds, a peek without it.
	read(ctx context.Context, req request) reply
	write(ctx context.Context, req request) (reply, arrival)
	// believes is what the client believes after its answer: whether it
	// holds the lock, and its token.
	believes() (bool, int64)
	close() error
}

// arrival is what a client does when the lab delivers a message it holds:
// it hears a held answer, or its held renewal or write reaches its
// service or its database now.
type arrival func(ctx context.Context) reply

// quiet drops go-redis's own log lines (a refused dial, when the lab cuts
// a Redlock node off): the trace says what the network did.
type quiet struct{}

// Printf drops the line.
func (quiet) Printf(context.Context, string, ...any) {}

// clientMain runs a client with the configuration given as JSON.
func clientMain(config string, in io.Reader, out io.Writer) error {
	var cfg clientConfig
	if err := json.Unmarshal([]byte(config), &cfg); err != nil {
		return fmt.Errorf("the client's configuration: %w", err)
	}
	b, ok := backendNamed(cfg.Backend)
	if !ok {
		return fmt.Errorf("the client's configuration: no lock service %q", cfg.Backend)
	}
	if len(cfg.Addrs) == 0 && !b.lockless {
		return fmt.Errorf("the client's configuration: no server to reach %s on", cfg.Backend)
	}
	d, ok := databaseNamed(cfg.Database)
	if !ok {
		return fmt.Errorf("the client's configuration: no database %q", cfg.Database)
	}
	redis.SetLogger(quiet{})
	db, err := openClientStore(context.Background(), cfg.Resource)
	if err != nil {
		return fmt.Errorf("the client's configuration: the resource's database: %w", err)
	}
	defer db.Close()
	c := &client{out: json.NewEncoder(out), pending: map[string]arrival{}}
	rows := resource{db: db, isolation: d.isolation, fenced: cfg.Fenced, versioned: cfg.Versioned}
	if c.locker, err = b.lockerFor(cfg, rows, c.send); err != nil {
		return err
	}
	defer c.locker.close()
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		var req request
		if err := json.Unmarshal(lines.Bytes(), &req); err != nil {
			return err
		}
		r := c.serve(context.Background(), req)
		c.send(line{Reply: &r})
	}
	return lines.Err()
}

// send writes one line, stamped with the client's clock.
func (c *client) send(l line) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	l.At = time.Now().UnixMilli()
	c.out.Encode(l)
}

// clientTimeout is how long a call to the lock service may wait for its
// answer: longer than any hold of the scenarios, so a reply the network
// holds for ten ticks is still heard, as the model's client hears it.
const clientTimeout = 40 * time.Second

// failed is the reply to a request the client could not carry out.
func failed(call string, err error) reply { return reply{Call: call, Err: err.Error()} }

// serve does one request, through the client's locker, and says what the
// client believes after it.
func (c *client) serve(ctx context.Context, req request) reply {
	var r reply
	var then arrival
	switch {
	case req.Prepare && req.Action == core.ActAcquire:
		r = c.locker.prepare(ctx, req)
	case req.Prepare:
		r = reply{Err: "only an acquire is prepared, not " + string(req.Action)}
	case req.Action == core.ActAcquire:
		r, then = c.locker.acquire(ctx, req)
	case req.Action == core.ActRenew:
		r, then = c.locker.renew(ctx, req)
	case req.Action == core.ActRelease:
		r = c.locker.release(ctx)
	case req.Action == core.ActCheck:
		r = c.locker.check(ctx)
	case req.Action == core.ActRead, req.Action == core.ActPeek:
		r = c.locker.read(ctx, req)
	case req.Action == core.ActWrite:
		r, then = c.locker.write(ctx, req)
	case req.Action == core.ActDeliver:
		r = c.deliver(ctx, req.Hold)
	default:
		r = reply{Err: "unknown request " + req.String()}
	}
	if then != nil {
		c.pending[req.Hold] = then
	}
	r.Holds, r.Token = c.locker.believes()
	return r
}

// deliver lets the message held as id arrive. The lab has let the network
// pass again first: a held answer arrives now, a held renewal reaches the
// service now, a kept write is sent now.
func (c *client) deliver(ctx context.Context, id string) reply {
	arrive, ok := c.pending[id]
	if !ok {
		return reply{Outcome: outcome{Result: core.ResultNothing}, Call: "deliver " + id, Result: "nothing was sent"}
	}
	delete(c.pending, id)
	return arrive(ctx)
}

// arrived waits, at most clientTimeout, for done to close: a call whose
// answer the network held has its answer.
func arrived(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	case <-time.After(clientTimeout):
		return false
	}
}
