package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// A client is a process of its own (the lab binary run as "lab client"),
// so that a GC pause can be a real SIGSTOP of it and a crash a real
// SIGKILL. It reads one request per line on stdin and answers each with
// one line on stdout. It talks to the lock service and the database itself;
// the lab only tells it what to do next.

// request is what the lab asks a client to do.
type request struct {
	Op       string `json:"op"` // acquire, renew, release, write, read, peek, check
	LeaseMS  int64  `json:"lease_ms,omitempty"`
	Resource string `json:"resource,omitempty"`
	Value    string `json:"value,omitempty"`
}

// reply is what the client did: the real call, what it returned, and what
// the client now believes.
type reply struct {
	Call    string `json:"call"`
	Result  string `json:"result"`
	OK      bool   `json:"ok"`    // granted, applied, read
	Token   int64  `json:"token"` // the token the client holds (0: none)
	Holds   bool   `json:"holds"` // whether the client believes it holds the lock
	Err     string `json:"err,omitempty"`
	Elapsed int64  `json:"elapsed_us"`
}

// clientConfig is how the lab starts a client.
type clientConfig struct {
	Name   string // A, B, ...
	Redis  string // the lock service's address
	Key    string // the lock's key
	Tokens string // the key of the token counter
	DB     string // the database file
	TTL    bool   // leases expire (SET … PX)
	Fenced bool   // the resource checks tokens
}

// releaseScript deletes the lock only if this client holds it.
var releaseScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

// renewScript extends the lock only if this client holds it.
var renewScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`)

func runClient(cfg clientConfig, in io.Reader, out io.Writer) error {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: cfg.Redis, MaxRetries: -1})
	defer rdb.Close()
	db, err := sql.Open("sqlite", cfg.DB+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	var (
		token int64
		holds bool
		until time.Time // when the lease ends by this client's own clock
	)
	value := func() string { return cfg.Name + ":" + strconv.FormatInt(token, 10) }
	enc := json.NewEncoder(out)
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		var req request
		if err := json.Unmarshal(lines.Bytes(), &req); err != nil {
			return err
		}
		start := time.Now()
		var r reply
		switch req.Op {
		case "acquire":
			// The token comes from the lock service's counter; a refused
			// grant leaves a gap, which tokens allow.
			next, err := rdb.Incr(ctx, cfg.Tokens).Result()
			if err != nil {
				r.Err = err.Error()
				break
			}
			ttl := time.Duration(0)
			r.Call = fmt.Sprintf("redis SET %s %s:%d NX", cfg.Key, cfg.Name, next)
			if cfg.TTL {
				ttl = time.Duration(req.LeaseMS) * time.Millisecond
				r.Call += fmt.Sprintf(" PX %d", req.LeaseMS)
			}
			ok, err := rdb.SetNX(ctx, cfg.Key, cfg.Name+":"+strconv.FormatInt(next, 10), ttl).Result()
			switch {
			case err != nil:
				r.Err = err.Error()
			case ok:
				token, holds, until = next, true, start.Add(ttl)
				r.OK, r.Result = true, fmt.Sprintf("OK (INCR %s → %d)", cfg.Tokens, next)
			default:
				r.Result = "nil: held by " + rdb.Get(ctx, cfg.Key).Val()
			}
		case "renew":
			if !holds {
				r.Result = "skipped: holds no lock"
				break
			}
			if !cfg.TTL {
				// A lock without expiry has no lease to extend: the
				// client only learns whether it still holds it.
				r.Call = fmt.Sprintf("redis GET %s", cfg.Key)
				got := rdb.Get(ctx, cfg.Key).Val()
				holds = got == value()
				r.OK, r.Result = holds, fmt.Sprintf("%q", got)
				break
			}
			r.Call = fmt.Sprintf("redis PEXPIRE %s %d if it is %s", cfg.Key, req.LeaseMS, value())
			n, err := renewScript.Run(ctx, rdb, []string{cfg.Key}, value(), req.LeaseMS).Int()
			switch {
			case err != nil:
				r.Err = err.Error()
			case n == 1:
				until = start.Add(time.Duration(req.LeaseMS) * time.Millisecond)
				r.OK, r.Result = true, "1"
			default:
				holds, r.Result = false, "0: the lock is not this client's any more"
			}
		case "release":
			if !holds {
				r.Result = "skipped: holds no lock"
				break
			}
			r.Call = fmt.Sprintf("redis DEL %s if it is %s", cfg.Key, value())
			n, err := releaseScript.Run(ctx, rdb, []string{cfg.Key}, value()).Int()
			if err != nil {
				r.Err = err.Error()
				break
			}
			holds, r.OK, r.Result = false, n == 1, strconv.Itoa(n)
		case "check":
			r.Call = "the client's own clock"
			if holds && cfg.TTL && !start.Before(until) {
				holds = false
				r.Result = "the lease has run out: the client stops"
			} else {
				r.OK, r.Result = true, "the lease still runs"
			}
		case "write":
			if !holds {
				r.Result = "skipped: holds no lock"
				break
			}
			q, n, err := write(db, req.Resource, req.Value, token, cfg.Fenced)
			r.Call = "sqlite " + q
			if err != nil {
				r.Err = err.Error()
				break
			}
			r.OK, r.Result = n == 1, "1 row"
			if n == 0 {
				r.Result = "0 rows: the token is refused"
			}
		case "read", "peek":
			if !holds {
				r.Result = "skipped: holds no lock"
				break
			}
			q, data, ok, err := read(db, req.Resource, token, cfg.Fenced, req.Op == "read")
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
		r.Token, r.Holds, r.Elapsed = token, holds, time.Since(start).Microseconds()
		if !holds {
			r.Token = 0
		}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return lines.Err()
}
