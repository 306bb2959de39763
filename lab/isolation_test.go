package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The isolation lesson, on real PostgreSQL, with the lab's own statements:
// A holds token 1 and is about to write; B holds token 2, the newer.

// readMaxTokenForUpdate is the two-step check's first half with the row
// locked: a writer that comes after it waits for its transaction to end.
const readMaxTokenForUpdate = readMaxToken + ` FOR UPDATE`

// The two-step check (SELECT max_token, then an UPDATE without a check)
// inside one transaction: at READ COMMITTED, B's write lands between A's
// check and A's apply, and A's older token's write then lands over it; at
// REPEATABLE READ and SERIALIZABLE, PostgreSQL aborts A's UPDATE with
// SQLSTATE 40001, and B's write stands.
func TestTheTwoStepCheckCorruptsAtReadCommittedAndAbortsAbove(t *testing.T) {
	if testing.Short() {
		t.Skip("runs PostgreSQL; make test runs it")
	}
	for _, c := range []struct {
		level   pgx.TxIsoLevel
		aborted bool
		want    string
	}{
		{pgx.ReadCommitted, false, "A-value"},
		{pgx.RepeatableRead, true, "B-value"},
		{pgx.Serializable, true, "B-value"},
	} {
		t.Run(string(c.level), func(t *testing.T) {
			db, _ := newStore(t, readCommitted)
			ctx := context.Background()
			tx, q, max, err := checkFirst(ctx, db, c.level, "row-42", false)
			if err != nil || max != 0 {
				t.Fatalf("%s: max_token %d, %v", q, max, err)
			}
			defer tx.Rollback(ctx)
			if _, n, err := write(ctx, db, "row-42", "B-value", 2, true); err != nil || n != 1 {
				t.Fatalf("B's fenced write between A's check and A's apply: %d rows, %v", n, err)
			}
			q, n, err := apply(ctx, tx, "row-42", "A-value", 1, false)
			var pg *pgconn.PgError
			switch {
			case c.aborted && !(errors.As(err, &pg) && pg.Code == "40001"):
				t.Errorf("%s at %s: %d rows, %v; want SQLSTATE 40001", q, c.level, n, err)
			case c.aborted && !strings.Contains(abortedBy(tx, err), "SQLSTATE 40001"):
				t.Errorf("the lab says %q of A's aborted apply", abortedBy(tx, err))
			case !c.aborted && (err != nil || n != 1):
				t.Errorf("%s at %s: %d rows, %v; want A's write to land", q, c.level, n, err)
			}
			if data, max, err := state(ctx, db, "row-42"); err != nil || data != c.want || max != 2 {
				t.Errorf("at %s row-42 holds %q, max_token %d (%v); want %q, 2", c.level, data, max, err, c.want)
			}
		})
	}
}

// With SELECT … FOR UPDATE, the check locks the row: B's write waits for
// A's transaction, and lands after A's apply, in token order.
func TestSelectForUpdateMakesTheSecondWriterWait(t *testing.T) {
	if testing.Short() {
		t.Skip("runs PostgreSQL; make test runs it")
	}
	db, _ := newStore(t, readCommitted)
	ctx := context.Background()
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	var max int64
	if err := tx.QueryRow(ctx, readMaxTokenForUpdate, "row-42").Scan(&max); err != nil || max != 0 {
		t.Fatalf("A's check: max_token %d, %v", max, err)
	}
	b := startWrite(t, db, "B-value", 2)
	b.awaitLock(t, db)
	if _, n, err := apply(ctx, tx, "row-42", "A-value", 1, false); err != nil || n != 1 {
		t.Fatalf("A's apply: %d rows, %v", n, err)
	}
	if n, err := b.result(t); err != nil || n != 1 {
		t.Errorf("B's write after A's commit: %d rows, %v", n, err)
	}
	if data, max, err := state(ctx, db, "row-42"); err != nil || data != "B-value" || max != 2 {
		t.Errorf("row-42 holds %q, max_token %d (%v); want B's value, 2", data, max, err)
	}
}

// The one-statement fenced UPDATE is safe at READ COMMITTED: A's late
// write, sent while B's newer write is not yet committed, waits for B's
// transaction, then evaluates its WHERE again on the row B left, and is
// refused, though the row it first found (max_token 0) would have let it
// through.
func TestTheFencedUpdateRechecksAfterWaitingForAWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("runs PostgreSQL; make test runs it")
	}
	db, _ := newStore(t, readCommitted)
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, n, err := write(ctx, tx, "row-42", "B-value", 2, true); err != nil || n != 1 {
		t.Fatalf("B's write, not yet committed: %d rows, %v", n, err)
	}
	a := startWrite(t, db, "A-STALE", 1)
	a.awaitLock(t, db)
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := a.result(t); err != nil || n != 0 {
		t.Errorf("A's late write, once B committed: %d rows, %v; want 0 (refused)", n, err)
	}
	if data, max, err := state(ctx, db, "row-42"); err != nil || data != "B-value" || max != 2 {
		t.Errorf("row-42 holds %q, max_token %d (%v); want B's value, 2", data, max, err)
	}
}

// idle_in_transaction_session_timeout ends the session of a holder
// stalled in its transaction between its check and its apply, and rolls
// the transaction back: B writes meanwhile, and A's late apply finds its
// session gone. The server's log says why.
func TestAnIdleTransactionIsEndedAndItsLateWriteCannotLand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs PostgreSQL; make test runs it")
	}
	short := &database{name: "test-idle", isolation: pgx.ReadCommitted,
		settings: []servers.Setting{{Name: "idle_in_transaction_session_timeout", Value: "200ms"}}}
	db, _ := newStore(t, short)
	ctx := context.Background()
	pg, err := servers.SharedPostgres()
	if err != nil {
		t.Fatal(err)
	}
	from, err := pg.LogSize()
	if err != nil {
		t.Fatal(err)
	}
	tx, _, _, err := checkFirst(ctx, db, short.isolation, "row-42", false)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	session := tx.Conn().PgConn().PID()
	awaitState(t, db, session, "its session ended", func(state string, found bool) bool { return !found })
	if _, n, err := write(ctx, db, "row-42", "B-value", 2, true); err != nil || n != 1 {
		t.Fatalf("B's write: %d rows, %v", n, err)
	}
	_, n, err := apply(ctx, tx, "row-42", "A-value", 1, false)
	if err == nil || abortedBy(tx, err) == "" {
		t.Errorf("A's late apply: %d rows, %v (the lab says %q); want its session gone", n, err, abortedBy(tx, err))
	}
	said, err := pg.Said(session, from)
	if err != nil {
		t.Fatal(err)
	}
	if len(said) == 0 || !strings.Contains(said[0].Text, "terminating connection due to idle-in-transaction timeout") {
		t.Errorf("the server's log of session %d: %+v", session, said)
	}
	if data, max, err := state(ctx, db, "row-42"); err != nil || data != "B-value" || max != 2 {
		t.Errorf("row-42 holds %q, max_token %d (%v); want B's value, 2", data, max, err)
	}
}

// pendingWrite is a fenced write under way on a session of its own.
type pendingWrite struct {
	session uint32
	done    chan struct{}
	rows    int64
	err     error
}

// startWrite sends a fenced write of value with token to row-42 on a
// session of its own, and returns without waiting for its answer.
func startWrite(t *testing.T, db *pgxpool.Pool, value string, token int64) *pendingWrite {
	t.Helper()
	conn, err := db.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	w := &pendingWrite{session: conn.Conn().PgConn().PID(), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		defer conn.Release()
		tag, err := conn.Exec(context.Background(), lock.FencedWrite, value, token, "row-42")
		w.rows, w.err = tag.RowsAffected(), err
	}()
	return w
}

// awaitLock waits until the write's session waits for a lock (PostgreSQL
// says so in pg_stat_activity), and fails if it answered first.
func (w *pendingWrite) awaitLock(t *testing.T, db *pgxpool.Pool) {
	t.Helper()
	awaitState(t, db, w.session, "waiting for a lock", func(state string, found bool) bool {
		select {
		case <-w.done:
			t.Fatalf("the write answered (%d rows, %v) without waiting", w.rows, w.err)
		default:
		}
		return state == "Lock"
	})
}

// result waits for the write's answer, at most 10 s.
func (w *pendingWrite) result(t *testing.T) (int64, error) {
	t.Helper()
	select {
	case <-w.done:
		return w.rows, w.err
	case <-time.After(10 * time.Second):
		t.Fatal("the write did not answer within 10 s")
		return 0, nil
	}
}

// awaitState waits, at most 10 s, until reached says yes of the wait event
// type PostgreSQL shows for backend pid in pg_stat_activity (and whether it
// shows the backend at all).
func awaitState(t *testing.T, db *pgxpool.Pool, pid uint32, what string, reached func(state string, found bool) bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var state *string
		err := db.QueryRow(context.Background(), `SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, int64(pid)).Scan(&state)
		found := err == nil
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			t.Fatal(err)
		}
		s := ""
		if state != nil {
			s = *state
		}
		if reached(s, found) {
			return
		}
	}
	t.Fatalf("session %d: not %s within 10 s", pid, what)
}
