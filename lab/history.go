package main

import (
	"context"
	"time"

	"dlock/core"
	"dlock/core/recording"
)

// Every operation a run makes on its resources' rows is recorded with when
// it was asked and when it answered (recording.RowOp): a client times its own,
// by its clock, before it sends the first statement and after the last
// answer has come back, and says them in its reply; the lab times its own
// read of each row after each step. Each operation took effect, if it
// did, at one instant between the two, whatever the machine's load: that
// is all a linearizability check needs of the times (linearizable.go).
// Every process of a run reads the machine's one wall clock, in µs.

// readRowState is the lab's own read of a row after a step: all a row
// keeps, so that a history's every state is seen.
const readRowState = `SELECT data, max_token, version FROM resource WHERE id = $1`

// rowOp begins an operation of kind on row: it is asked now.
func rowOp(kind recording.RowOpKind, row string) recording.RowOp {
	return recording.RowOp{Kind: kind, Row: row, Call: time.Now().UnixMicro()}
}

// answered is op, answered now with result.
func answered(op recording.RowOp, result recording.RowResult) recording.RowOp {
	op.Result, op.Return = result, time.Now().UnixMicro()
	return op
}

// writeOp begins a write of req's value to its row: fenced, with token;
// versioned, expecting version; plain otherwise.
func (r resource) writeOp(req request, token, version int64) recording.RowOp {
	op := rowOp(recording.RowWrite, req.Resource)
	switch {
	case r.versioned:
		op.Kind, op.Expects = recording.RowVersionedWrite, version
	case r.fenced:
		op.Kind, op.Token = recording.RowFencedWrite, token
	}
	op.Value = req.Value
	return op
}

// writeAnswered is write op answered now as reply a says: applied,
// refused (0 rows, or refused at its check), or aborted by the database;
// none where the client could not carry it out (the run fails then).
func writeAnswered(op recording.RowOp, a reply) []recording.RowOp {
	switch {
	case a.Err != "":
		return nil
	case a.Outcome.Aborted:
		return []recording.RowOp{answered(op, recording.RowAborted)}
	case a.Outcome.Result == core.ResultAccepted:
		return []recording.RowOp{answered(op, recording.RowApplied)}
	}
	return []recording.RowOp{answered(op, recording.RowRefused)}
}

// rowOps records the operations client made on the rows (its reply's),
// their times, Unix µs by the client's clock, counted from the run's
// start, at the step under way.
func (r *recorder) rowOps(client string, ops []recording.RowOp) {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := r.start.UnixMicro()
	for _, op := range ops {
		op.Client, op.Step = client, r.step
		op.Call -= start
		op.Return -= start
		r.trace.RowOps = append(r.trace.RowOps, op)
	}
}

// rowState reads row id as the lab does after each step, and records the
// read: the row's data, max_token and version.
func (c *cell) rowState(ctx context.Context, id string) (recording.RowOp, error) {
	op := rowOp(recording.RowState, id)
	if err := c.db.pool.QueryRow(ctx, readRowState, id).Scan(&op.Data, &op.MaxToken, &op.Version); err != nil {
		return op, err
	}
	op = answered(op, recording.RowReadIt)
	c.trace.rowOps("", []recording.RowOp{op})
	return op, nil
}
