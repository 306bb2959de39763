package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/lock"
)

// serviceLocker is a client's locker on a row with a lock service: the
// lock it takes through its service's library, and what it believes of
// it. It believes a lock from its grant's answer until the end of the
// lease by its own reckoning, as the model's client does, and changes its
// belief only when it learns something (a renewal's answer, its own check
// of its lease). What its library says meanwhile, on its own or asked at a
// check, is reported beside it, with its time (hearer).
type serviceLocker struct {
	cfg     clientConfig
	backend *backend
	library library
	rows    resource
	say     func(line) // a line to the lab, between answers

	mu sync.Mutex // guards what follows: the library reports from goroutines of its own
	// lock is the lock the client believes it holds, until when by its
	// own reckoning (the zero time: no expiry).
	lock  lock.Lock
	until time.Time
	// stopRenewing ends the renewal loop of the lock held.
	stopRenewing context.CancelFunc
	// lost is set, with its time, once the library has said the lease is
	// gone; word, once it has said the lease is gone or in doubt (reset
	// when it says the lease holds again).
	lost, word time.Time
}

// A hearer is told what a lock service's library does on its own, as it
// happens: an event (a keep-alive sent), or its word of the lock held.
type hearer interface {
	// event reports something the library did on its own.
	event(format string, args ...any)
	// librarySaid reports what the library said on its own, words in its
	// own words: said, of the lock held, if of says the word is about it.
	librarySaid(of func(lock.Lock) bool, said lock.Standing, words string)
}

// newServiceLocker is a locker on b's lock service, its library made as b
// says; say writes a line to the lab.
func newServiceLocker(b *backend, cfg clientConfig, rows resource, say func(line)) (*serviceLocker, error) {
	l := &serviceLocker{cfg: cfg, backend: b, rows: rows, say: say}
	var err error
	if l.library, err = b.library(cfg, l); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *serviceLocker) close() error { return l.library.close() }

func (l *serviceLocker) believes() (bool, int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lock == nil {
		return false, 0
	}
	return true, l.lock.Token()
}

// held is the lock the client believes it holds (nil: none).
func (l *serviceLocker) held() lock.Lock {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lock
}

// notSent is the answer to a request of action a that needs the lock held,
// where the client believes it holds none.
func notSent(a core.ActionKind) reply {
	return reply{Outcome: outcome{Result: core.ResultSkipped}, Call: string(a), Result: "not sent: the client believes it holds no lock"}
}

// leaseOf is the lease req asks for.
func leaseOf(req request) time.Duration { return time.Duration(req.LeaseMS) * time.Millisecond }

func (l *serviceLocker) event(format string, args ...any) {
	l.say(line{Event: fmt.Sprintf(format, args...)})
}

func (l *serviceLocker) librarySaid(of func(lock.Lock) bool, said lock.Standing, words string) {
	l.mu.Lock()
	mine := l.lock != nil && of(l.lock)
	if mine {
		l.heardWord(said)
	}
	l.mu.Unlock()
	if !mine {
		said = ""
	}
	l.say(line{Event: words, Standing: said})
}

// heardWord notes when the library first said the lock held is gone or in
// doubt, and forgets it when it says the lock holds again; l.mu is held.
func (l *serviceLocker) heardWord(said lock.Standing) {
	switch {
	case said == lock.Held:
		l.word = time.Time{}
	case l.word.IsZero():
		l.word = time.Now()
	}
}

func (l *serviceLocker) prepare(ctx context.Context, req request) reply {
	lease := leaseOf(req)
	call := fmt.Sprintf("%s: ready a request for %s", l.backend.name, lease)
	what, err := l.library.prepare(ctx, lease, req.Hold != "" && l.backend.apart)
	if err != nil {
		return failed(call, err)
	}
	return reply{Call: call, Result: "ready: " + what}
}

// acquire takes the lock. A held acquire is sent at once, and its answer,
// which the network holds, is waited for in the background: the client
// hears it when the lab delivers it.
func (l *serviceLocker) acquire(ctx context.Context, req request) (reply, arrival) {
	lease := leaseOf(req)
	call := fmt.Sprintf("%s Acquire %s for %s", l.backend.name, l.cfg.Key, lease)
	asked := time.Now()
	if req.Hold == "" {
		got, err := l.library.acquire(ctx, lease)
		return l.answered(got, err, asked, lease, call), nil
	}
	done := make(chan struct{})
	var got lock.Lock
	var err error
	go func() {
		got, err = l.library.acquire(ctx, lease)
		close(done)
	}()
	return reply{Outcome: outcome{Result: core.ResultHeld}, Call: call, Result: "sent; the answer is held in the network as " + req.Hold},
		func(context.Context) reply {
			if !arrived(done) {
				return failed("deliver "+req.Hold, errors.New("the held answer never came"))
			}
			return l.answered(got, err, asked, lease, "deliver "+req.Hold+": the answer arrives")
		}
}

// answered is what the client makes of an acquire's answer: a lock, or
// why not.
func (l *serviceLocker) answered(got lock.Lock, err error, asked time.Time, lease time.Duration, call string) reply {
	switch {
	case errors.Is(err, lock.ErrHeld):
		return reply{Outcome: outcome{Result: core.ResultRefused}, Call: call, Result: "refused: held by another client"}
	case errors.Is(err, lock.ErrLate):
		return reply{Outcome: outcome{Result: core.ResultLateGrant}, Call: call, Result: err.Error() + ": the library gave it up"}
	case err != nil:
		return failed(call, err)
	}
	return l.heard(got, asked, lease, call)
}

// heard makes the client believe in lock got, asked for at asked for
// lease, until the end of its lease by its own reckoning, unless by then
// it has ended.
func (l *serviceLocker) heard(got lock.Lock, asked time.Time, lease time.Duration, call string) reply {
	until := got.Until()
	if !until.IsZero() && l.cfg.FromReply {
		until = until.Add(time.Since(asked)) // counted from the reply, as if it took no time
	}
	if !until.IsZero() && !time.Now().Before(until) {
		return reply{Outcome: outcome{Result: core.ResultLateGrant}, Call: call, Result: fmt.Sprintf("granted (%s), but by the client's reckoning the lease ended %s ago: it does not believe it", l.tokenWords(got), time.Since(until).Round(time.Millisecond))}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.believe(got, until, lease)
	return reply{Outcome: outcome{Result: core.ResultGranted}, Call: call, Result: fmt.Sprintf("granted, %s; %s by the client's reckoning", l.tokenWords(got), l.left())}
}

// tokenWords says what token got came with, and where it comes from.
func (l *serviceLocker) tokenWords(got lock.Lock) string {
	if l.backend.token == "" {
		return "no token (the library issues none)"
	}
	return fmt.Sprintf("token %d (%s)", got.Token(), l.backend.token)
}

// believe makes got, of a lease of lease, the lock the client holds; l.mu
// is held. It hears the library's word that the lease is gone, where the
// library keeps a watch, and renews the lease in a loop where the library
// should renew and does not by itself.
func (l *serviceLocker) believe(got lock.Lock, until time.Time, lease time.Duration) {
	l.forget()
	l.lock, l.until, l.lost, l.word = got, until, time.Time{}, time.Time{}
	if lost := got.Lost(); lost != nil {
		go func() {
			<-lost
			l.mu.Lock()
			if l.lock == got {
				l.lost = time.Now()
			}
			l.mu.Unlock()
			l.librarySaid(func(held lock.Lock) bool { return held == got }, lock.Gone, "the library says the lease is gone ("+l.backend.gone+")")
		}()
	}
	if l.cfg.Renewal == recording.RenewedByLibrary && !l.backend.renewsItself && !until.IsZero() {
		ctx, stop := context.WithCancel(context.Background())
		l.stopRenewing = stop
		go l.renewLoop(ctx, got, lease)
	}
}

// forget drops what the client believes; l.mu is held.
func (l *serviceLocker) forget() {
	if l.stopRenewing != nil {
		l.stopRenewing()
		l.stopRenewing = nil
	}
	l.lock, l.until = nil, time.Time{}
}

// left is how long the lease has left by the client's reckoning; l.mu is
// held.
func (l *serviceLocker) left() string {
	if l.until.IsZero() {
		return "no expiry"
	}
	return time.Until(l.until).Round(time.Millisecond).String() + " left"
}

// renewLoop renews the lock every third of its lease, as Redis lock
// libraries do (Redisson's watchdog, redislock's Refresh), until the lock is
// given up or lost. A paused process renews nothing.
func (l *serviceLocker) renewLoop(ctx context.Context, got lock.Lock, ttl time.Duration) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(ttl / 3):
		}
		// A renewal that is not answered within a third of the lease has
		// failed: the next one is due.
		call, cancel := context.WithTimeout(ctx, ttl/3)
		err := got.Renew(call)
		cancel()
		switch {
		case ctx.Err() != nil:
			return
		case errors.Is(err, lock.ErrLost):
			l.mu.Lock()
			if l.lock == got {
				l.lost = time.Now()
			}
			l.mu.Unlock()
			l.librarySaid(func(held lock.Lock) bool { return held == got }, lock.Gone, "renewal: the lock is not this client's any more")
			return
		case err != nil:
			l.event("renewal failed: %v", err)
		default:
			l.event("renewal: the lease is extended")
		}
	}
}

// renew renews the lease held. A held renewal is sent at once and heard at
// its delivery; where the library renews, what the network holds is the
// library's own renewals, and the client hears its library's verdict at
// the delivery.
func (l *serviceLocker) renew(ctx context.Context, req request) (reply, arrival) {
	held := l.held()
	switch {
	case held == nil:
		return notSent(core.ActRenew), nil
	case req.Hold == "":
		return l.renewed(held, held.Renew(ctx)), nil
	case l.cfg.Renewal == recording.RenewedByLibrary:
		// The lab has partitioned the client: the library's own renewals
		// are what the network now holds.
		return reply{Outcome: outcome{Result: core.ResultHeld}, Call: "the library's renewals", Result: "the network holds them, both ways, from now until " + req.Hold + " is delivered"},
			func(ctx context.Context) reply { return l.libraryVerdict(ctx, held) }
	}
	done := make(chan struct{})
	var err error
	go func() {
		err = held.Renew(ctx)
		close(done)
	}()
	return reply{Outcome: outcome{Result: core.ResultHeld}, Call: "Renew", Result: "sent; the network holds it as " + req.Hold},
		func(context.Context) reply {
			if !arrived(done) {
				return failed("deliver "+req.Hold, errors.New("the held renewal never answered"))
			}
			r := l.renewed(held, err)
			r.Call = "deliver " + req.Hold + ": " + r.Call
			return r
		}
}

// renewed tells the client a renewal's answer.
func (l *serviceLocker) renewed(held lock.Lock, err error) reply {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case errors.Is(err, lock.ErrLost):
		if l.lock == held {
			l.forget()
		}
		return reply{Outcome: outcome{Result: core.ResultRefused}, Call: "Renew", Result: "refused: the lock is not this client's any more"}
	case err != nil:
		return failed("Renew", err)
	}
	if l.lock == held {
		l.until = held.Until()
	}
	return reply{Outcome: outcome{Result: core.ResultRenewed}, Call: "Renew", Result: "the lease is extended: " + l.left() + " by the client's reckoning"}
}

// libraryVerdict is what a client whose library keeps its lease alive
// learns once its partition heals: its library's answer (etcd: the
// keep-alives it sent meanwhile are answered, and Session.Done closes if
// the lease is gone; ZooKeeper: it reconnects, and hears Expired if the
// session is gone). A client whose library has said nothing within 3 s
// asks the service once.
func (l *serviceLocker) libraryVerdict(ctx context.Context, held lock.Lock) reply {
	lost := func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		return !l.lost.IsZero()
	}
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline) && !lost(); {
		time.Sleep(50 * time.Millisecond)
	}
	if !lost() {
		r := l.renewed(held, held.Renew(ctx))
		r.Call = "the partition heals: " + r.Call
		return r
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lock == held {
		l.forget()
	}
	return reply{Outcome: outcome{Result: core.ResultRefused}, Call: "the partition heals", Result: "the library has said the lease is gone"}
}

func (l *serviceLocker) release(ctx context.Context) reply {
	held := l.held()
	if held == nil {
		return notSent(core.ActRelease)
	}
	err := held.Release(ctx)
	l.mu.Lock()
	l.forget()
	l.mu.Unlock()
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
func (l *serviceLocker) check(ctx context.Context) reply {
	l.mu.Lock()
	defer l.mu.Unlock()
	call := "the client's own clock; its library: " + l.backend.asks
	var r reply
	switch {
	case l.lock == nil:
		return reply{Outcome: outcome{Result: core.ResultNoLock}, Call: "the client's own clock", Result: "holds no lock"}
	case !l.until.IsZero() && !time.Now().Before(l.until):
		r = reply{Outcome: outcome{Result: core.ResultExpired}, Call: call, Result: "the clock: the lease has run out: the client stops believing it holds the lock"}
	default:
		r = reply{Outcome: outcome{Result: core.ResultValid}, Call: call, Result: "the clock: the lease still runs: " + l.left()}
	}
	said, err := l.lock.Standing(ctx)
	if err != nil {
		r.Result += "; the library could not be asked: " + err.Error()
	} else {
		l.heardWord(said)
		r.Library, r.LibraryWords = said, "the library says: "+string(said)
		r.Result += "; " + r.LibraryWords
	}
	if r.Outcome.Result == core.ResultExpired {
		l.forget()
	}
	return r
}

// read reads the resource with the lock held: a read shows its token to a
// fenced row, a peek shows none.
func (l *serviceLocker) read(ctx context.Context, req request) reply {
	held := l.held()
	if held == nil {
		return notSent(req.Action)
	}
	op := rowOp(recording.RowRead, req.Resource)
	if l.rows.fenced && req.Action == core.ActRead {
		op.Kind, op.Token = recording.RowFencedRead, held.Token()
	}
	q, data, ok, err := read(ctx, l.rows.db, req.Resource, held.Token(), l.rows.fenced, req.Action == core.ActRead)
	if err != nil {
		return failed("postgres "+q, err)
	}
	if !ok {
		return reply{Outcome: outcome{Result: core.ResultRejected}, Call: "postgres " + q, Result: "0 rows: the token is refused",
			RowOps: []recording.RowOp{answered(op, recording.RowRefused)}}
	}
	op.Data = data
	return reply{Outcome: readOutcome(data), Call: "postgres " + q, Result: fmt.Sprintf("%q", data), RowOps: []recording.RowOp{answered(op, recording.RowReadIt)}}
}

// write writes the resource with the lock held, at once or, held, at its
// delivery (a two-step check: checked now, applied then), and says
// whether it sent the write after its library had said the lease was gone
// or in doubt.
func (l *serviceLocker) write(_ context.Context, req request) (reply, arrival) {
	held := l.held()
	if held == nil {
		return notSent(core.ActWrite), nil
	}
	l.mu.Lock()
	word, sent := l.word, time.Now()
	l.mu.Unlock()
	var r reply
	var then arrival
	switch {
	case req.Hold == "":
		r = l.rows.write(req, held.Token())
	case req.Split:
		r, then = l.rows.checkFirst(req, held.Token(), 0)
	default:
		r = reply{Outcome: outcome{Result: core.ResultHeld}, Sent: true, Call: "hold the write as " + req.Hold,
			Result: "kept at the client until delivered (the lab puts no network between a client and its database)"}
		then = func(context.Context) reply {
			d := l.rows.write(req, held.Token())
			d.Call = "deliver " + req.Hold + ": " + d.Call
			return d
		}
	}
	if !word.IsZero() && r.Sent {
		r.AfterWord, r.AfterWordMS = true, sent.Sub(word).Milliseconds()
	}
	return r, then
}
