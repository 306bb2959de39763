package main

import (
	"context"
	"fmt"

	"dlock/core"
	"dlock/core/recording"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// resource is the resource as a client reaches it: its pool on the run's
// database (the statements are store.go's), the database's isolation for
// a check made apart from its write, and what a write carries: a token,
// which a fenced row checks, or without a lock service the version the
// writer read, which a versioned row checks.
type resource struct {
	db        *pgxpool.Pool
	isolation pgx.TxIsoLevel
	fenced    bool
	versioned bool
}

// write writes req's value with token in one statement, fenced or plain.
func (r resource) write(req request, token int64) reply {
	op := r.writeOp(req, token, 0)
	q, n, err := write(context.Background(), r.db, req.Resource, req.Value, token, r.fenced)
	if err != nil {
		return failed("postgres "+q, err)
	}
	a := reply{Outcome: outcome{Result: core.ResultAccepted}, Sent: true, Call: "postgres " + q, Result: "1 row"}
	if n == 0 {
		a.Outcome.Result, a.Result = core.ResultRejected, "0 rows: the token is refused"
	}
	a.RowOps = writeAnswered(op, a)
	return a
}

// writeVersion writes req's value with version, in one statement, and
// says the row's new version if it was applied (0 if not).
func (r resource) writeVersion(ctx context.Context, req request, version int64) (reply, int64) {
	op := r.writeOp(req, 0, version)
	q, next, err := writeVersioned(ctx, r.db, req.Resource, req.Value, version)
	call := "postgres " + q
	switch {
	case err != nil:
		return failed(call, err), 0
	case next == 0:
		return reply{Outcome: outcome{Result: core.ResultRejected, ByVersion: true}, Sent: true, Call: call,
			Result: "0 rows: the row has moved past version " + fmt.Sprint(version), RowOps: []recording.RowOp{answered(op, recording.RowRefused)}}, 0
	}
	op.Version = next
	return reply{Outcome: outcome{Result: core.ResultAccepted}, Sent: true, Call: call,
		Result: fmt.Sprintf("1 row, now at version %d", next), RowOps: []recording.RowOp{answered(op, recording.RowApplied)}}, next
}

// checkFirst is the first half of a two-step check: a transaction, at the
// database's level, that reads max_token and compares the token with it
// (a versioned row: reads the row's version and compares version, the
// writer's, with it). The transaction is left open for the apply, which
// the write's delivery makes (applyChecked).
func (r resource) checkFirst(req request, token, version int64) (reply, arrival) {
	ctx := context.Background()
	op := r.writeOp(req, token, version)
	op.TwoStep = true
	tx, q, seen, err := checkFirst(ctx, r.db, r.isolation, req.Resource, r.versioned)
	if err != nil {
		return failed("postgres "+q, err), nil
	}
	session := tx.Conn().PgConn().PID()
	refused, words := version != seen, fmt.Sprintf("version %d, the client's %d", seen, version)
	if !r.versioned {
		refused, words = token < 1 || token < seen, fmt.Sprintf("max_token %d, token %d", seen, token)
	}
	if refused {
		tx.Rollback(ctx)
		return reply{Outcome: outcome{Result: core.ResultRejected, ByVersion: r.versioned}, Sent: true, Call: "postgres " + q + "; ROLLBACK",
			Result: words + ": refused", RowOps: []recording.RowOp{answered(op, recording.RowRefused)}}, nil
	}
	return reply{Outcome: outcome{Result: core.ResultChecked}, Sent: true, Call: "postgres " + q, Session: session,
			Result: fmt.Sprintf("%s: passes; the UPDATE waits, its transaction open (session %d)", words, session)},
		func(context.Context) reply {
			a := r.applyChecked(tx, req, token)
			a.RowOps = writeAnswered(op, a)
			a.Call = "deliver " + req.Hold + ": " + a.Call + " (the apply of a write checked before, without a check)"
			return a
		}
}

// applyChecked is the second half of a two-step check: the UPDATE, without
// a check, in the transaction tx its check left open, and its COMMIT. The
// database may refuse it by ending the transaction (SERIALIZABLE) or the
// session (a session idle in its transaction too long).
func (r resource) applyChecked(tx pgx.Tx, req request, token int64) reply {
	ctx := context.Background()
	session := tx.Conn().PgConn().PID()
	q, n, err := apply(ctx, tx, req.Resource, req.Value, token, r.versioned)
	if err != nil {
		if why := abortedBy(tx, err); why != "" {
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
