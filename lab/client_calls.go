package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"dlock/core"
	"dlock/lab/lock"
)

// The client's calls: to its lock, through its library, and to the
// resource.

// acquire takes the lock. A held acquire is sent at once, and its answer,
// which the network holds, is waited for in the background: the client
// hears it when the lab delivers it.
func (c *client) acquire(ctx context.Context, req request, lease time.Duration) reply {
	call := fmt.Sprintf("%s Acquire %s for %s", c.backend.name, c.cfg.Key, lease)
	if req.Hold != "" {
		h := &heldCall{req: req, asked: time.Now(), done: make(chan struct{})}
		go func() {
			h.lock, h.err = c.locker.acquire(ctx, lease)
			close(h.done)
		}()
		c.mu.Lock()
		c.pending[req.Hold] = h
		c.mu.Unlock()
		return reply{Outcome: outcome{Result: core.ResultHeld}, Call: call, Result: "sent; the answer is held in the network as " + req.Hold}
	}
	asked := time.Now()
	l, err := c.locker.acquire(ctx, lease)
	return c.answered(l, err, asked, lease, call)
}

// answered is what the client makes of an acquire's answer: a lock, or
// why not.
func (c *client) answered(l lock.Lock, err error, asked time.Time, lease time.Duration, call string) reply {
	switch {
	case errors.Is(err, lock.ErrHeld):
		return reply{Outcome: outcome{Result: core.ResultRefused}, Call: call, Result: "refused: held by another client"}
	case errors.Is(err, lock.ErrLate):
		return reply{Outcome: outcome{Result: core.ResultLateGrant}, Call: call, Result: err.Error() + ": the library gave it up"}
	case err != nil:
		return failed(call, err)
	}
	return c.heard(l, asked, lease, call)
}

// heard makes the client believe in lock l, asked for at asked for lease,
// until the end of its lease by its own reckoning, unless by then it has
// ended.
func (c *client) heard(l lock.Lock, asked time.Time, lease time.Duration, call string) reply {
	until := l.Until()
	if !until.IsZero() && c.cfg.FromReply {
		until = until.Add(time.Since(asked)) // counted from the reply, as if it took no time
	}
	if !until.IsZero() && !time.Now().Before(until) {
		return reply{Outcome: outcome{Result: core.ResultLateGrant}, Call: call, Result: fmt.Sprintf("granted (%s), but by the client's reckoning the lease ended %s ago: it does not believe it", c.tokenWords(l), time.Since(until).Round(time.Millisecond))}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.believe(l, until, lease)
	return reply{Outcome: outcome{Result: core.ResultGranted}, Call: call, Result: fmt.Sprintf("granted, %s; %s by the client's reckoning", c.tokenWords(l), c.left())}
}

// tokenWords says what token l came with, and where it comes from.
func (c *client) tokenWords(l lock.Lock) string {
	if c.backend.token == "" {
		return "no token (the library issues none)"
	}
	return fmt.Sprintf("token %d (%s)", l.Token(), c.backend.token)
}

// believe makes l, of a lease of lease, the lock the client holds; c.mu is
// held. It hears the library's word that the lease is gone, where the
// library keeps a watch, and renews the lease in a loop where the library
// should renew and does not by itself.
func (c *client) believe(l lock.Lock, until time.Time, lease time.Duration) {
	c.forget()
	c.lock, c.until, c.lost, c.word = l, until, time.Time{}, time.Time{}
	if lost := l.Lost(); lost != nil {
		go func() {
			<-lost
			c.mu.Lock()
			if c.lock == l {
				c.lost = time.Now()
			}
			c.mu.Unlock()
			c.librarySaid(func(held lock.Lock) bool { return held == l }, lock.Gone, "the library says the lease is gone ("+c.backend.gone+")")
		}()
	}
	if c.cfg.Renewal == core.RenewedByLibrary && !c.backend.renewsItself && !until.IsZero() {
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
func (c *client) renewLoop(ctx context.Context, l lock.Lock, ttl time.Duration) {
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
		case errors.Is(err, lock.ErrLost):
			c.mu.Lock()
			if c.lock == l {
				c.lost = time.Now()
			}
			c.mu.Unlock()
			c.librarySaid(func(held lock.Lock) bool { return held == l }, lock.Gone, "renewal: the lock is not this client's any more")
			return
		case err != nil:
			c.event("renewal failed: %v", err)
		default:
			c.event("renewal: the lease is extended")
		}
	}
}

// renew renews the lease held. A held renewal is sent at once and heard at
// its delivery; where the library renews, what the network holds is the
// library's own renewals, and the client hears its library's verdict at
// the delivery.
func (c *client) renew(ctx context.Context, req request, held lock.Lock) reply {
	if req.Hold != "" {
		h := &heldCall{req: req, asked: time.Now(), had: held}
		if c.cfg.Renewal == core.RenewedByLibrary {
			// The lab has partitioned the client: the library's own
			// renewals are what the network now holds.
			c.mu.Lock()
			c.pending[req.Hold] = h
			c.mu.Unlock()
			return reply{Outcome: outcome{Result: core.ResultHeld}, Call: "the library's renewals", Result: "the network holds them, both ways, from now until " + req.Hold + " is delivered"}
		}
		h.done = make(chan struct{})
		go func() {
			h.err = held.Renew(ctx)
			close(h.done)
		}()
		c.mu.Lock()
		c.pending[req.Hold] = h
		c.mu.Unlock()
		return reply{Outcome: outcome{Result: core.ResultHeld}, Call: "Renew", Result: "sent; the network holds it as " + req.Hold}
	}
	return c.renewed(held, held.Renew(ctx))
}

// renewed tells the client a renewal's answer.
func (c *client) renewed(held lock.Lock, err error) reply {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case errors.Is(err, lock.ErrLost):
		if c.lock == held {
			c.forget()
		}
		return reply{Outcome: outcome{Result: core.ResultRefused}, Call: "Renew", Result: "refused: the lock is not this client's any more"}
	case err != nil:
		return failed("Renew", err)
	}
	if c.lock == held {
		c.until = held.Until()
	}
	return reply{Outcome: outcome{Result: core.ResultRenewed}, Call: "Renew", Result: "the lease is extended: " + c.left() + " by the client's reckoning"}
}

func (c *client) release(ctx context.Context, held lock.Lock) reply {
	err := held.Release(ctx)
	c.mu.Lock()
	c.forget()
	c.mu.Unlock()
	switch {
	case errors.Is(err, lock.ErrLost):
		return reply{Outcome: outcome{Result: core.ResultRefused}, Call: "Release", Result: "the service held it no more"}
	case err != nil:
		return failed("Release", err)
	}
	return reply{Outcome: outcome{Result: core.ResultReleased}, Call: "Release", Result: "released"}
}

// check looks at the lease by the client's own clock, as the model's
// client does, and asks its library too: both answers are in the trace,
// and the library's in the recording; the client acts on its clock's.
func (c *client) check(ctx context.Context) reply {
	c.mu.Lock()
	defer c.mu.Unlock()
	call := "the client's own clock; its library: " + c.backend.asks
	var r reply
	switch {
	case c.lock == nil:
		return reply{Outcome: outcome{Result: core.ResultNoLock}, Call: "the client's own clock", Result: "holds no lock"}
	case !c.until.IsZero() && !time.Now().Before(c.until):
		r = reply{Outcome: outcome{Result: core.ResultExpired}, Call: call, Result: "the clock: the lease has run out: the client stops believing it holds the lock"}
	default:
		r = reply{Outcome: outcome{Result: core.ResultValid}, Call: call, Result: "the clock: the lease still runs: " + c.left()}
	}
	said, err := c.lock.Standing(ctx)
	if err != nil {
		r.Result += "; the library could not be asked: " + err.Error()
	} else {
		c.heardWord(said)
		r.Library, r.LibraryWords = said, "the library says: "+string(said)
		r.Result += "; " + r.LibraryWords
	}
	if r.Outcome.Result == core.ResultExpired {
		c.forget()
	}
	return r
}

// writeHeld writes the resource with the lock held, and says whether it
// sent the write after its library had said the lease was gone or in
// doubt.
func (c *client) writeHeld(req request, held lock.Lock) reply {
	c.mu.Lock()
	word, sent := c.word, time.Now()
	c.mu.Unlock()
	r := c.writeNow(req, held)
	if !word.IsZero() && r.Sent {
		r.AfterWord, r.AfterWordMS = true, sent.Sub(word).Milliseconds()
	}
	return r
}

// writeNow writes at once, or, for a held write, keeps it at the client
// until delivered (split: checked now and applied then).
func (c *client) writeNow(req request, held lock.Lock) reply {
	if req.Hold == "" {
		return c.write(req, held.Token())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if req.Split {
		return c.checkFirst(req, held, 0)
	}
	c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), had: held}
	return reply{Outcome: outcome{Result: core.ResultHeld}, Sent: true, Call: "hold the write as " + req.Hold,
		Result: "kept at the client until delivered (the lab puts no network between a client and its database)"}
}

// checkFirst is the first half of a two-step check: a transaction, at the
// database's level, that reads max_token and compares the token with it
// (without a lock service: reads the row's version and compares version,
// the client's, with it); the transaction is left open for the apply, at
// the delivery. c.mu is held.
func (c *client) checkFirst(req request, held lock.Lock, version int64) reply {
	ctx := context.Background()
	tx, q, seen, err := checkFirst(ctx, c.db, c.database.isolation, req.Resource, c.cfg.Versioned)
	if err != nil {
		return failed("postgres "+q, err)
	}
	session := tx.Conn().PgConn().PID()
	refused, words := version != seen, fmt.Sprintf("version %d, the client's %d", seen, version)
	if !c.cfg.Versioned {
		t := held.Token()
		refused, words = t < 1 || t < seen, fmt.Sprintf("max_token %d, token %d", seen, t)
	}
	if refused {
		tx.Rollback(ctx)
		return reply{Outcome: outcome{Result: core.ResultRejected, ByVersion: c.cfg.Versioned}, Sent: true, Call: "postgres " + q + "; ROLLBACK",
			Result: words + ": refused"}
	}
	c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), had: held, tx: tx, version: version}
	return reply{Outcome: outcome{Result: core.ResultChecked}, Sent: true, Call: "postgres " + q, Session: session,
		Result: fmt.Sprintf("%s: passes; the UPDATE waits, its transaction open (session %d)", words, session)}
}

// write writes value with token, fenced, in one statement, or plain.
func (c *client) write(req request, token int64) reply {
	q, n, err := write(context.Background(), c.db, req.Resource, req.Value, token, c.cfg.Fenced)
	if err != nil {
		return failed("postgres "+q, err)
	}
	if n == 0 {
		return reply{Outcome: outcome{Result: core.ResultRejected}, Sent: true, Call: "postgres " + q, Result: "0 rows: the token is refused"}
	}
	return reply{Outcome: outcome{Result: core.ResultAccepted}, Sent: true, Call: "postgres " + q, Result: "1 row"}
}

// applyChecked is the second half of a two-step check: the UPDATE, without
// a check, in the transaction h's check left open, and its COMMIT. The
// database may refuse it by ending the transaction (SERIALIZABLE) or the
// session (a session idle in its transaction too long).
func (c *client) applyChecked(h *heldCall) reply {
	ctx := context.Background()
	session := h.tx.Conn().PgConn().PID()
	var token int64
	if h.had != nil {
		token = h.had.Token()
	}
	q, n, err := apply(ctx, h.tx, h.req.Resource, h.req.Value, token, c.cfg.Versioned)
	if err != nil {
		if why := abortedBy(h.tx, err); why != "" {
			return reply{Outcome: outcome{Result: core.ResultRejected, Aborted: true}, Sent: true, Call: "postgres " + q, Session: session,
				Result: "aborted: " + why + "; the transaction is rolled back, the write does not land"}
		}
		return failed("postgres "+q, err)
	}
	if n == 0 {
		return reply{Outcome: outcome{Result: core.ResultRejected}, Sent: true, Call: "postgres " + q, Result: "0 rows"}
	}
	return reply{Outcome: outcome{Result: core.ResultAccepted}, Sent: true, Call: "postgres " + q, Result: "1 row"}
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
		return reply{Outcome: outcome{Result: core.ResultNothing}, Call: "deliver " + req.Hold, Result: "nothing was sent"}
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
			return failed("deliver "+req.Hold, errors.New("the held answer never came"))
		}
		return c.answered(h.lock, h.err, h.asked, time.Duration(h.req.LeaseMS)*time.Millisecond, "deliver "+req.Hold+": the answer arrives")
	case "renew":
		if c.cfg.Renewal == core.RenewedByLibrary {
			return c.libraryVerdict(ctx, h.had)
		}
		if !wait() {
			return failed("deliver "+req.Hold, errors.New("the held renewal never answered"))
		}
		r := c.renewed(h.had, h.err)
		r.Call = "deliver " + req.Hold + ": " + r.Call
		return r
	case "write":
		if h.tx != nil {
			r := c.applyChecked(h)
			r.Call = "deliver " + req.Hold + ": " + r.Call + " (the apply of a write checked before, without a check)"
			return r
		}
		r := c.write(h.req, h.had.Token())
		r.Call = "deliver " + req.Hold + ": " + r.Call
		return r
	}
	return reply{Err: "cannot deliver " + h.req.Op}
}

// libraryVerdict is what a client whose library keeps its lease alive
// learns once its partition heals: its library's answer (etcd: the
// keep-alives it sent meanwhile are answered, and Session.Done closes if
// the lease is gone; ZooKeeper: it reconnects, and hears Expired if the
// session is gone). A client whose library has said nothing within 3 s
// asks the service once.
func (c *client) libraryVerdict(ctx context.Context, held lock.Lock) reply {
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
	return reply{Outcome: outcome{Result: core.ResultRefused}, Call: "the partition heals", Result: "the library has said the lease is gone"}
}
