package main

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"dlock/core"
	"dlock/lab/lock"
)

// A client of the optimistic lock has no lock service to ask. Where
// another row's client acquires a lock, it reads the rows' versions; it
// writes each row with the version it last read or wrote there
// (lock.Versioned), and a row that has moved past that version refuses the
// write. It renews and releases nothing, and never believes it holds a
// lock: what it has are versions.

// serveVersioned does one request of a client without a lock service.
func (c *client) serveVersioned(ctx context.Context, req request) reply {
	switch req.Op {
	case "acquire":
		q, versions, err := versionsOf(ctx, c.db, c.cfg.Resources)
		call := "postgres " + q
		if err != nil {
			return failed(call, err)
		}
		if req.Hold != "" {
			c.mu.Lock()
			c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), versions: versions}
			c.mu.Unlock()
			return reply{Outcome: outcome{Result: core.ResultHeld}, Call: call,
				Result: versionWords(versions) + ": the answer is kept at the client until delivered as " + req.Hold + " (the lab puts no network between a client and its database)"}
		}
		c.mu.Lock()
		c.versions = versions
		c.mu.Unlock()
		return reply{Outcome: outcome{Result: core.ResultVersions}, Call: call, Result: versionWords(versions)}
	case "renew", "release":
		return reply{Outcome: outcome{Result: core.ResultNoService}, Call: req.Op, Result: "not sent: there is no lock service"}
	case "check":
		return reply{Outcome: outcome{Result: core.ResultNoLock}, Call: "the client's own state", Result: "no lock and no lease to check: the client keeps the versions it read"}
	case "read":
		data, version, err := lock.Versioned{DB: c.db}.Read(ctx, req.Resource)
		call := "postgres " + sqlText(lock.VersionedRead, req.Resource)
		if err != nil {
			return failed(call, err)
		}
		c.mu.Lock()
		if c.versions == nil {
			c.versions = map[string]int64{}
		}
		c.versions[req.Resource] = version
		c.mu.Unlock()
		return reply{Outcome: readOutcome(data), Call: call, Result: fmt.Sprintf("%q, version %d", data, version)}
	case "peek":
		q, data, _, err := read(ctx, c.db, req.Resource, 0, false, false)
		if err != nil {
			return failed("postgres "+q, err)
		}
		return reply{Outcome: readOutcome(data), Call: "postgres " + q, Result: fmt.Sprintf("%q", data)}
	case "write":
		c.mu.Lock()
		versions := c.versions
		c.mu.Unlock()
		if versions == nil {
			return reply{Outcome: outcome{Result: core.ResultSkipped}, Call: "write", Result: "not sent: the client has read no version"}
		}
		version := versions[req.Resource]
		switch {
		case req.Hold == "":
			r := c.writeVersion(ctx, req, version)
			if next := r.next; next != 0 {
				c.mu.Lock()
				c.versions[req.Resource] = next
				c.mu.Unlock()
			}
			return r.reply
		case req.Split:
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.checkFirst(req, nil, version)
		}
		c.mu.Lock()
		c.pending[req.Hold] = &heldCall{req: req, asked: time.Now(), version: version}
		c.mu.Unlock()
		return reply{Outcome: outcome{Result: core.ResultHeld}, Sent: true, Call: "hold the write as " + req.Hold,
			Result: fmt.Sprintf("with version %d, kept at the client until delivered (the lab puts no network between a client and its database)", version)}
	case "deliver":
		c.mu.Lock()
		h, ok := c.pending[req.Hold]
		delete(c.pending, req.Hold)
		c.mu.Unlock()
		switch {
		case !ok:
			return reply{Outcome: outcome{Result: core.ResultNothing}, Call: "deliver " + req.Hold, Result: "nothing was sent"}
		case h.req.Op == "acquire":
			c.mu.Lock()
			c.versions = h.versions
			c.mu.Unlock()
			return reply{Outcome: outcome{Result: core.ResultVersions}, Call: "deliver " + req.Hold + ": the answer arrives", Result: versionWords(h.versions)}
		case h.tx != nil:
			r := c.applyChecked(h)
			r.Call = "deliver " + req.Hold + ": " + r.Call + " (the apply of a write checked before, without a check)"
			return r
		}
		// A write held up is one its writer gave up waiting for: what
		// it does at the row tells the writer nothing.
		r := c.writeVersion(ctx, h.req, h.version).reply
		r.Call = "deliver " + req.Hold + ": " + r.Call
		return r
	}
	return reply{Err: "unknown request " + req.Op}
}

// versionWritten is a write's reply, and the row's new version if it
// was applied (0 if not).
type versionWritten struct {
	reply
	next int64
}

// writeVersion writes req's value with version, in one statement.
func (c *client) writeVersion(ctx context.Context, req request, version int64) versionWritten {
	q, next, err := writeVersioned(ctx, c.db, req.Resource, req.Value, version)
	call := "postgres " + q
	switch {
	case err != nil:
		return versionWritten{reply: failed(call, err)}
	case next == 0:
		return versionWritten{reply: reply{Outcome: outcome{Result: core.ResultRejected, ByVersion: true}, Sent: true, Call: call,
			Result: "0 rows: the row has moved past version " + fmt.Sprint(version)}}
	}
	return versionWritten{reply: reply{Outcome: outcome{Result: core.ResultAccepted}, Sent: true, Call: call,
		Result: fmt.Sprintf("1 row, now at version %d", next)}, next: next}
}

// versionWords says the versions read, row by row.
func versionWords(versions map[string]int64) string {
	var out []string
	for _, id := range slices.Sorted(maps.Keys(versions)) {
		out = append(out, fmt.Sprintf("%s at version %d", id, versions[id]))
	}
	return "read: " + strings.Join(out, ", ")
}
