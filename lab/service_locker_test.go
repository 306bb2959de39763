package main

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/lock"
)

// lockFake is a lock.Lock whose lease ends at until, and whose library
// answers as told.
type lockFake struct {
	token    int64
	until    time.Time
	renewed  error
	standing lock.Standing
}

func (l *lockFake) Token() int64                                    { return l.token }
func (l *lockFake) Until() time.Time                                { return l.until }
func (l *lockFake) Renew(context.Context) error                     { return l.renewed }
func (l *lockFake) Release(context.Context) error                   { return nil }
func (l *lockFake) Lost() <-chan struct{}                           { return nil }
func (l *lockFake) Standing(context.Context) (lock.Standing, error) { return l.standing, nil }

// libraryFake grants next, once gate lets it (nil: at once).
type libraryFake struct {
	next lock.Lock
	err  error
	gate chan struct{}
}

func (f *libraryFake) prepare(context.Context, time.Duration, bool) (string, error) {
	return "nothing", nil
}
func (f *libraryFake) acquire(context.Context, time.Duration) (lock.Lock, error) {
	if f.gate != nil {
		<-f.gate
	}
	return f.next, f.err
}
func (f *libraryFake) close() error { return nil }

// serviceLockerOn is a service locker on lib, renewing at its client's
// steps, whose lines to the lab are kept in said.
func serviceLockerOn(lib library) (*serviceLocker, *[]line) {
	var said []line
	var mu sync.Mutex
	b := &backend{name: "fake", token: "the fake's counter", asks: "fake Standing"}
	l := &serviceLocker{cfg: clientConfig{Key: "k", Renewal: recording.RenewedByClient}, backend: b, library: lib,
		say: func(l line) { mu.Lock(); defer mu.Unlock(); said = append(said, l) }}
	return l, &said
}

// A client that believes it holds no lock sends nothing that needs one,
// and its check says it holds none.
func TestAClientWithoutALockSendsNothing(t *testing.T) {
	l, _ := serviceLockerOn(&libraryFake{})
	ctx := context.Background()
	for _, r := range []reply{
		first(l.renew(ctx, request{Action: core.ActRenew})), l.release(ctx), first(l.write(ctx, request{Action: core.ActWrite})),
		l.read(ctx, request{Action: core.ActRead}), l.read(ctx, request{Action: core.ActPeek}),
	} {
		if r.Outcome.Result != core.ResultSkipped || r.Result != "not sent: the client believes it holds no lock" {
			t.Errorf("%s: %+v", r.Call, r)
		}
	}
	if r := l.check(ctx); r.Outcome.Result != core.ResultNoLock {
		t.Errorf("check: %+v", r)
	}
}

func first(r reply, _ arrival) reply { return r }

// A held acquire's answer is heard when the lab delivers it, not before:
// the client believes the lock, with its token, from then on.
func TestAHeldGrantIsHeardAtItsDelivery(t *testing.T) {
	lib := &libraryFake{next: &lockFake{token: 3, until: time.Now().Add(time.Minute)}, gate: make(chan struct{})}
	l, _ := serviceLockerOn(lib)
	ctx := context.Background()
	r, then := l.acquire(ctx, request{Action: core.ActAcquire, LeaseMS: 10000, Hold: "g1"})
	if r.Outcome.Result != core.ResultHeld || then == nil || r.Call != "fake Acquire k for 10s" {
		t.Fatalf("a held acquire: %+v", r)
	}
	if holds, _ := l.believes(); holds {
		t.Error("the client believes a grant it has not heard")
	}
	close(lib.gate)
	r = then(ctx)
	if r.Outcome.Result != core.ResultGranted || !strings.HasPrefix(r.Result, "granted, token 3 (the fake's counter)") || r.Call != "deliver g1: the answer arrives" {
		t.Errorf("g1 delivered: %+v", r)
	}
	if holds, token := l.believes(); !holds || token != 3 {
		t.Errorf("after its grant, the client believes it holds %v, token %d", holds, token)
	}
}

// A grant heard after its lease has ended, by the client's reckoning, is
// not believed; one whose lease runs out is given up at the client's next
// check, and its library's answer is in the check's.
func TestTheClientBelievesALeaseUntilItRunsOut(t *testing.T) {
	ctx := context.Background()
	late, _ := serviceLockerOn(&libraryFake{next: &lockFake{token: 1, until: time.Now().Add(-time.Second)}})
	if r, _ := late.acquire(ctx, request{Action: core.ActAcquire, LeaseMS: 1000}); r.Outcome.Result != core.ResultLateGrant {
		t.Errorf("a grant whose lease has ended: %+v", r)
	}
	if holds, _ := late.believes(); holds {
		t.Error("the client believes a grant whose lease had ended")
	}
	l, _ := serviceLockerOn(&libraryFake{next: &lockFake{token: 2, until: time.Now().Add(50 * time.Millisecond), standing: lock.Gone}})
	l.acquire(ctx, request{Action: core.ActAcquire, LeaseMS: 50})
	if r := l.check(ctx); r.Outcome.Result != core.ResultValid || r.Library != lock.Gone {
		t.Errorf("a check while the lease runs: %+v", r)
	}
	time.Sleep(60 * time.Millisecond)
	r := l.check(ctx)
	if r.Outcome.Result != core.ResultExpired || !strings.HasSuffix(r.Result, "the library says: gone") {
		t.Errorf("a check once the lease has run out: %+v", r)
	}
	if holds, _ := l.believes(); holds {
		t.Error("the client still believes a lease that has run out")
	}
}

// A renewal the service refuses ends the client's belief.
func TestARefusedRenewalEndsTheBelief(t *testing.T) {
	l, _ := serviceLockerOn(&libraryFake{next: &lockFake{token: 4, until: time.Now().Add(time.Minute), renewed: lock.ErrLost}})
	ctx := context.Background()
	l.acquire(ctx, request{Action: core.ActAcquire, LeaseMS: 60000})
	if r, _ := l.renew(ctx, request{Action: core.ActRenew}); r.Outcome.Result != core.ResultRefused {
		t.Errorf("a refused renewal: %+v", r)
	}
	if holds, _ := l.believes(); holds {
		t.Error("the client believes a lock its renewal lost")
	}
}

// What the library says of the lock held goes to the lab as its word;
// of another lock, as an event alone. A write sent after the word says
// how long after.
func TestTheLibrarysWordIsTheLocksAndMarksTheWritesAfterIt(t *testing.T) {
	held := &lockFake{token: 5, until: time.Now().Add(time.Minute)}
	l, said := serviceLockerOn(&libraryFake{next: held})
	ctx := context.Background()
	l.acquire(ctx, request{Action: core.ActAcquire, LeaseMS: 60000})
	if r, _ := l.write(ctx, request{Action: core.ActWrite, Value: "before", Hold: "w0"}); r.AfterWord {
		t.Errorf("a write before any word: %+v", r)
	}
	l.librarySaid(func(lock.Lock) bool { return false }, lock.Gone, "another lock's session expired")
	l.librarySaid(func(x lock.Lock) bool { return x == held }, lock.Suspended, "disconnected")
	time.Sleep(20 * time.Millisecond)
	r, then := l.write(ctx, request{Action: core.ActWrite, Value: "after", Hold: "w1"})
	if r.Outcome.Result != core.ResultHeld || !r.Sent || !r.AfterWord || r.AfterWordMS < 20 || then == nil {
		t.Errorf("a write after the library's word: %+v", r)
	}
	l.librarySaid(func(x lock.Lock) bool { return x == held }, lock.Held, "reconnected")
	if r, _ := l.write(ctx, request{Action: core.ActWrite, Value: "again", Hold: "w2"}); r.AfterWord {
		t.Errorf("a write after the library said the lock holds again: %+v", r)
	}
	want := []line{{Event: "another lock's session expired"}, {Event: "disconnected", Standing: lock.Suspended}, {Event: "reconnected", Standing: lock.Held}}
	if len(*said) != len(want) {
		t.Fatalf("said %+v", *said)
	}
	for i, w := range want {
		if got := (*said)[i]; got.Event != w.Event || got.Standing != w.Standing {
			t.Errorf("line %d: %+v, want %+v", i, got, w)
		}
	}
}
