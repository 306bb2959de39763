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
	"dlock/lab/lock"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

// A client is a process of its own (the lab binary run as "lab client"),
// so that a GC pause is a real SIGSTOP of it, its library's keep-alives
// included, and a crash a real SIGKILL. It takes the lock through its
// backend's locker, over the network the lab puts between it and the lock
// service (a netProxy per server), and writes the resource, a row of the
// run's own PostgreSQL database.
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
}

// request is what the lab asks a client to do.
type request struct {
	Op       string `json:"op"` // prepare, acquire, renew, release, write, read, peek, check, deliver
	LeaseMS  int64  `json:"lease_ms,omitempty"`
	Hold     string `json:"hold,omitempty"` // the message is held (see the ops)
	Resource string `json:"resource,omitempty"`
	Value    string `json:"value,omitempty"`
	// Split: the write is checked now and applied at its delivery, by two
	// statements of one transaction (SELECT max_token, then an UPDATE
	// without a check).
	Split bool `json:"split,omitempty"`
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
	Err     string `json:"err,omitempty"` // the client could not do it
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

// client is the state of one client process.
type client struct {
	cfg      clientConfig
	backend  *backend
	database *database
	locker   locker
	db       *pgxpool.Pool
	out      *json.Encoder
	outMu    sync.Mutex

	mu sync.Mutex
	// What the client believes: the lock it holds, and until when by its
	// own reckoning (the zero time: no expiry).
	lock  lock.Lock
	until time.Time
	// pending are the messages held, by id: an acquire whose reply the
	// network holds, a renewal held by a partition, a write kept at the
	// client (the lab puts no network between a client and its database).
	pending map[string]*heldCall
	// stopRenewing ends the renewal loop of the lock held.
	stopRenewing context.CancelFunc
	// lost is set, with its time, once the library has said the lease is
	// gone; word, once it has said the lease is gone or in doubt (reset
	// when it says the lease holds again).
	lost, word time.Time
	// versions are, without a lock service, the version of each row the
	// client last read or wrote there (nil: it has read none).
	versions map[string]int64
}

// heldCall is a message held: its request, what the client had when it
// sent it, and, for a call made at once whose answer is held, its answer
// once it has come.
type heldCall struct {
	req   request
	asked time.Time
	had   lock.Lock
	done  chan struct{}
	lock  lock.Lock // an acquire's answer
	err   error     // a call's error
	// tx is a two-step check's transaction, left open between its check
	// and its apply.
	tx pgx.Tx
	// Without a lock service: versions are a held read's answer, version
	// the version a held write carries.
	versions map[string]int64
	version  int64
}

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
	c := &client{cfg: cfg, backend: b, database: d, db: db, out: json.NewEncoder(out), pending: map[string]*heldCall{}}
	if !b.lockless {
		if c.locker, err = b.locker(cfg, c); err != nil {
			return err
		}
		defer c.locker.close()
	}
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
	l.At = time.Now().UnixMilli()
	c.out.Encode(l)
}

// event reports something the library did on its own.
func (c *client) event(format string, args ...any) {
	c.send(line{Event: fmt.Sprintf(format, args...)})
}

// librarySaid reports what the library said on its own, words in its own
// words: said, of the lock held, if of says the word is about it.
func (c *client) librarySaid(of func(lock.Lock) bool, said lock.Standing, words string) {
	c.mu.Lock()
	mine := c.lock != nil && of(c.lock)
	if mine {
		c.heardWord(said)
	}
	c.mu.Unlock()
	if !mine {
		said = ""
	}
	c.send(line{Event: words, Standing: said})
}

// heardWord notes when the library first said the lock held is gone or in
// doubt, and forgets it when it says the lock holds again; c.mu is held.
func (c *client) heardWord(said lock.Standing) {
	switch {
	case said == lock.Held:
		c.word = time.Time{}
	case c.word.IsZero():
		c.word = time.Now()
	}
}

// clientTimeout is how long a call to the lock service may wait for its
// answer: longer than any hold of the scenarios, so a reply the network
// holds for ten ticks is still heard, as the model's client hears it.
const clientTimeout = 40 * time.Second

// failed is the reply to a request the client could not carry out.
func failed(call string, err error) reply { return reply{Call: call, Err: err.Error()} }

// serve does one request.
func (c *client) serve(req request) reply {
	ctx := context.Background()
	if c.backend.lockless {
		return c.serveVersioned(ctx, req)
	}
	lease := time.Duration(req.LeaseMS) * time.Millisecond
	switch req.Op {
	case "prepare":
		call := fmt.Sprintf("%s: ready a request for %s", c.backend.name, lease)
		what, err := c.locker.prepare(ctx, lease, req.Hold != "" && c.backend.apart)
		if err != nil {
			return failed(call, err)
		}
		return reply{Call: call, Result: "ready: " + what}
	case "acquire":
		return c.acquire(ctx, req, lease)
	case "deliver":
		return c.deliver(ctx, req)
	case "check":
		return c.check(ctx)
	}
	c.mu.Lock()
	held := c.lock
	c.mu.Unlock()
	if held == nil {
		return reply{Outcome: outcome{Result: core.ResultSkipped}, Call: req.Op, Result: "not sent: the client believes it holds no lock"}
	}
	switch req.Op {
	case "renew":
		return c.renew(ctx, req, held)
	case "release":
		return c.release(ctx, held)
	case "write":
		return c.writeHeld(req, held)
	case "read", "peek":
		q, data, ok, err := read(ctx, c.db, req.Resource, held.Token(), c.cfg.Fenced, req.Op == "read")
		if err != nil {
			return failed("postgres "+q, err)
		}
		if !ok {
			return reply{Outcome: outcome{Result: core.ResultRejected}, Call: "postgres " + q, Result: "0 rows: the token is refused"}
		}
		return reply{Outcome: readOutcome(data), Call: "postgres " + q, Result: fmt.Sprintf("%q", data)}
	}
	return reply{Err: "unknown request " + req.Op}
}
