package main

import (
	"context"
	"testing"

	"dlock/core"
)

// Without a lock service a client renews, releases and checks nothing,
// never believes it holds a lock, sends no write before it has read a
// version, and readies no request.
func TestWithoutALockServiceThereIsNothingToHold(t *testing.T) {
	v := &versionsLocker{ids: []string{"row-42"}}
	ctx := context.Background()
	for _, r := range []reply{first(v.renew(ctx, request{Action: core.ActRenew})), v.release(ctx)} {
		if r.Outcome.Result != core.ResultNoService || r.Result != "not sent: there is no lock service" {
			t.Errorf("%s: %+v", r.Call, r)
		}
	}
	if r := v.check(ctx); r.Outcome.Result != core.ResultNoLock {
		t.Errorf("check: %+v", r)
	}
	if r, then := v.write(ctx, request{Action: core.ActWrite, Resource: "row-42", Value: "x"}); r.Outcome.Result != core.ResultSkipped || r.Sent || then != nil {
		t.Errorf("a write before any version is read: %+v", r)
	}
	if r := v.prepare(ctx, request{Action: core.ActAcquire, Prepare: true}); r.Err == "" {
		t.Errorf("prepare: %+v", r)
	}
	if holds, token := v.believes(); holds || token != 0 {
		t.Errorf("the client believes it holds %v, token %d", holds, token)
	}
}

// Two clients of the optimistic lock on one row: each writes with the
// version it read; the one whose version the other's write has moved past
// is refused, for its version, and writes again once it has read again. A
// held read's versions are the client's only once delivered.
func TestAVersionMovedPastRefusesTheWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server (about a second); make test runs it")
	}
	ctx := context.Background()
	d, err := makeRunDatabase(ctx, readCommitted, []string{"row-42"})
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	rows := resource{db: d.pool, isolation: readCommitted.isolation, versioned: true}
	a, b := &versionsLocker{rows: rows, ids: []string{"row-42"}}, &versionsLocker{rows: rows, ids: []string{"row-42"}}
	if r, _ := a.acquire(ctx, request{Action: core.ActAcquire}); r.Outcome.Result != core.ResultVersions || r.Result != "read: row-42 at version 1" {
		t.Fatalf("A reads: %+v", r)
	}
	r, then := b.acquire(ctx, request{Action: core.ActAcquire, Hold: "m1"})
	if r.Outcome.Result != core.ResultHeld || then == nil {
		t.Fatalf("B's held read: %+v", r)
	}
	if r, _ := b.write(ctx, request{Action: core.ActWrite, Resource: "row-42", Value: "B-0"}); r.Outcome.Result != core.ResultSkipped {
		t.Errorf("B writes before its read is delivered: %+v", r)
	}
	if r := then(ctx); r.Outcome.Result != core.ResultVersions || r.Call != "deliver m1: the answer arrives" {
		t.Errorf("m1 delivered: %+v", r)
	}
	if r, _ := a.write(ctx, request{Action: core.ActWrite, Resource: "row-42", Value: "A-1"}); r.Outcome.Result != core.ResultAccepted || r.Result != "1 row, now at version 2" {
		t.Errorf("A writes with version 1: %+v", r)
	}
	if r, _ := b.write(ctx, request{Action: core.ActWrite, Resource: "row-42", Value: "B-1"}); !r.Outcome.ByVersion || r.Outcome.Result != core.ResultRejected || !r.Sent {
		t.Errorf("B writes with version 1, moved past: %+v", r)
	}
	if r := b.read(ctx, request{Action: core.ActRead, Resource: "row-42"}); r.Outcome.Read == nil || *r.Outcome.Read != "A-1" || r.Result != `"A-1", version 2` {
		t.Errorf("B reads again: %+v", r)
	}
	if r, _ := b.write(ctx, request{Action: core.ActWrite, Resource: "row-42", Value: "B-2"}); r.Outcome.Result != core.ResultAccepted {
		t.Errorf("B writes with version 2: %+v", r)
	}
	if data, _, err := d.row(ctx, "row-42"); err != nil || data != "B-2" {
		t.Errorf("row-42 holds %q (%v)", data, err)
	}
}
