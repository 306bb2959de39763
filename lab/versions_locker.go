package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/lock"
)

// versionsLocker is a client's locker on the optimistic lock's row, which
// has no lock service to ask. Where another row's client acquires a lock,
// it reads the rows' versions; it writes each row with the version it last
// read or wrote there (lock.Versioned), and a row that has moved past that
// version refuses the write. It renews and releases nothing, and never
// believes it holds a lock: what it has are versions.
type versionsLocker struct {
	rows resource
	ids  []string // the rows whose versions an acquire reads
	// versions are the version of each row the client last read or wrote
	// there (nil: it has read none).
	versions map[string]int64
}

func (v *versionsLocker) close() error { return nil }

func (v *versionsLocker) believes() (bool, int64) { return false, 0 }

// prepare: an acquire without a lock service sends one statement, with
// nothing to ready before it; the lab asks for none.
func (v *versionsLocker) prepare(context.Context, request) reply {
	return failed("prepare", errors.New("there is no lock service to ready a request for"))
}

// acquire reads the rows' versions, which the client writes with from now
// on, or, held, from when the lab delivers the answer.
func (v *versionsLocker) acquire(ctx context.Context, req request) (reply, arrival) {
	asked := time.Now().UnixMicro()
	q, versions, err := versionsOf(ctx, v.rows.db, v.ids)
	call := "postgres " + q
	if err != nil {
		return failed(call, err), nil
	}
	// One statement reads every row's version: each row's history has a
	// read of its own, with the statement's times.
	var ops []recording.RowOp
	for _, id := range v.ids {
		op := recording.RowOp{Kind: recording.RowVersions, Row: id, Version: versions[id], Call: asked}
		ops = append(ops, answered(op, recording.RowReadIt))
	}
	if req.Hold == "" {
		v.versions = versions
		return reply{Outcome: outcome{Result: core.ResultVersions}, Call: call, Result: versionWords(versions), RowOps: ops}, nil
	}
	return reply{Outcome: outcome{Result: core.ResultHeld}, Call: call, RowOps: ops,
			Result: versionWords(versions) + ": the answer is kept at the client until delivered as " + req.Hold + " (the lab puts no network between a client and its database)"},
		func(context.Context) reply {
			v.versions = versions
			return reply{Outcome: outcome{Result: core.ResultVersions}, Call: "deliver " + req.Hold + ": the answer arrives", Result: versionWords(versions)}
		}
}

// withoutService is the answer to a renewal or a release (action a): there
// is nothing to renew or give back.
func withoutService(a core.ActionKind) reply {
	return reply{Outcome: outcome{Result: core.ResultNoService}, Call: string(a), Result: "not sent: there is no lock service"}
}

func (v *versionsLocker) renew(context.Context, request) (reply, arrival) {
	return withoutService(core.ActRenew), nil
}

func (v *versionsLocker) release(context.Context) reply { return withoutService(core.ActRelease) }

func (v *versionsLocker) check(context.Context) reply {
	return reply{Outcome: outcome{Result: core.ResultNoLock}, Call: "the client's own state", Result: "no lock and no lease to check: the client keeps the versions it read"}
}

// read reads a row: a read with its version (lock.Versioned), which the
// client's next write there carries; a peek without.
func (v *versionsLocker) read(ctx context.Context, req request) reply {
	if req.Action == core.ActPeek {
		op := rowOp(recording.RowRead, req.Resource)
		q, data, _, err := read(ctx, v.rows.db, req.Resource, 0, false, false)
		if err != nil {
			return failed("postgres "+q, err)
		}
		op.Data = data
		return reply{Outcome: readOutcome(data), Call: "postgres " + q, Result: fmt.Sprintf("%q", data), RowOps: []recording.RowOp{answered(op, recording.RowReadIt)}}
	}
	op := rowOp(recording.RowVersionedRead, req.Resource)
	data, version, err := lock.Versioned{DB: v.rows.db}.Read(ctx, req.Resource)
	call := "postgres " + sqlText(lock.VersionedRead, req.Resource)
	if err != nil {
		return failed(call, err)
	}
	op.Data, op.Version = data, version
	ops := []recording.RowOp{answered(op, recording.RowReadIt)}
	if v.versions == nil {
		v.versions = map[string]int64{}
	}
	v.versions[req.Resource] = version
	return reply{Outcome: readOutcome(data), Call: call, Result: fmt.Sprintf("%q, version %d", data, version), RowOps: ops}
}

// write writes a row with the version the client last read or wrote
// there: at once, and the row's new version is the client's; or, held,
// at its delivery (a two-step check: checked now, applied then).
func (v *versionsLocker) write(ctx context.Context, req request) (reply, arrival) {
	if v.versions == nil {
		return reply{Outcome: outcome{Result: core.ResultSkipped}, Call: string(core.ActWrite), Result: "not sent: the client has read no version"}, nil
	}
	version := v.versions[req.Resource]
	switch {
	case req.Hold == "":
		r, next := v.rows.writeVersion(ctx, req, version)
		if next != 0 {
			v.versions[req.Resource] = next
		}
		return r, nil
	case req.Split:
		return v.rows.checkFirst(req, 0, version)
	}
	return reply{Outcome: outcome{Result: core.ResultHeld}, Sent: true, Call: "hold the write as " + req.Hold,
			Result: fmt.Sprintf("with version %d, kept at the client until delivered (the lab puts no network between a client and its database)", version)},
		func(ctx context.Context) reply {
			// A write held up is one its writer gave up waiting for: what
			// it does at the row tells the writer nothing.
			r, _ := v.rows.writeVersion(ctx, req, version)
			r.Call = "deliver " + req.Hold + ": " + r.Call
			return r
		}
}

// versionWords says the versions read, row by row.
func versionWords(versions map[string]int64) string {
	var out []string
	for _, id := range slices.Sorted(maps.Keys(versions)) {
		out = append(out, fmt.Sprintf("%s at version %d", id, versions[id]))
	}
	return "read: " + strings.Join(out, ", ")
}
