package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The resource is a row of a real PostgreSQL database: its data, and the
// largest token it has seen. A plain write is an UPDATE of the data; a
// fenced write is lock.Fence's one UPDATE that also checks and raises the
// token, so the check and the write are one atomic step of the database,
// at any isolation level. A write checked in two steps (non-atomic-check)
// is a transaction: a SELECT of max_token, then, after the client has been
// stalled, an UPDATE without a check. Each statement is written once, and
// the trace shows it with its arguments in place (sqlText).

// The lab's own statements, beside lock.Fence's.
const (
	plainWrite = `UPDATE resource SET data = $1 WHERE id = $2`
	// readMaxToken is the first half of a write that checks and applies in
	// two statements: it reads the largest token the row has seen. Between
	// it and the UPDATE that follows (applyUnchecked), another write can
	// land: at READ COMMITTED PostgreSQL lets it, and the UPDATE then
	// overwrites it; at REPEATABLE READ or SERIALIZABLE it aborts the
	// UPDATE (SQLSTATE 40001).
	readMaxToken = `SELECT max_token FROM resource WHERE id = $1`
	// applyUnchecked is the second half: the UPDATE, without a check of the
	// token (it was checked before), raising max_token as a write does.
	applyUnchecked = `UPDATE resource SET data = $1, max_token = GREATEST(max_token, $2) WHERE id = $3`
	// readVersion and applyUncheckedVersion are the same two halves for
	// the optimistic lock's version: SELECT it, compare it in the client,
	// then an UPDATE that increments it without comparing again.
	readVersion           = `SELECT version FROM resource WHERE id = $1`
	applyUncheckedVersion = `UPDATE resource SET data = $1, version = version + 1 WHERE id = $2`
	// readVersions reads every row's version, as a client of the
	// optimistic lock does where another row would acquire a lock.
	readVersions = `SELECT id, version FROM resource WHERE id = ANY($1)`
	readState    = `SELECT data, max_token FROM resource WHERE id = $1`
	insertRow    = `INSERT INTO resource (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`
	commit       = `COMMIT`
)

// begin is the statement that opens a transaction at level, as pgx sends
// it (in capitals).
func begin(level pgx.TxIsoLevel) string {
	return "BEGIN ISOLATION LEVEL " + strings.ToUpper(string(level))
}

// A database is how the lab makes the resource's PostgreSQL database for
// a run: every run has one of its own on the lab's one server. The first
// of databases is every run's; the others are variants, each replayed
// beside it where a run checks a write in two steps (checksInTwoSteps),
// to show what the database itself does to that check.
type database struct {
	// name names the database as the lab makes it: in the recordings
	// ("database"), and a variant's in their file names.
	name string
	// isolation is the level of the two-step check's transaction.
	isolation pgx.TxIsoLevel
	// settings are the database's own, which every session on it starts
	// with (ALTER DATABASE … SET).
	settings []servers.Setting
	// describe says the database as the trace does.
	describe string
	// differs says why a run that checks in two steps differs from the
	// model on it ("" where it should not).
	differs string
}

// idleTimeout is the idle-in-transaction timeout of the database
// postgres-idle-timeout: half the book's lease, so that a holder stalled
// in its transaction for a lease has its session ended before another
// client can be granted the lock.
const idleTimeout = core.BookLease * Tick / 2

var (
	// readCommitted is PostgreSQL as it comes: READ COMMITTED.
	readCommitted = &database{name: "postgres", isolation: pgx.ReadCommitted,
		describe: "PostgreSQL, READ COMMITTED (its default)"}
	// serializable makes every transaction SERIALIZABLE.
	serializable = &database{name: "postgres-serializable", isolation: pgx.Serializable,
		settings: []servers.Setting{{Name: "default_transaction_isolation", Value: "serializable"}},
		describe: "PostgreSQL, every transaction SERIALIZABLE (default_transaction_isolation)",
		differs: "at SERIALIZABLE, PostgreSQL aborts the transaction whose UPDATE would overwrite a row changed since its SELECT (SQLSTATE 40001): " +
			"the older holder's apply is refused, where the model's two-step check, which knows no isolation, lets it land"}
	// idleTimeouts ends a session that stays idle in a transaction for
	// idleTimeout.
	idleTimeouts = &database{name: "postgres-idle-timeout", isolation: pgx.ReadCommitted,
		settings: []servers.Setting{{Name: "idle_in_transaction_session_timeout", Value: idleTimeout.String()}},
		describe: fmt.Sprintf("PostgreSQL, READ COMMITTED, a session idle in a transaction for %s ended (idle_in_transaction_session_timeout)", idleTimeout),
		differs: fmt.Sprintf("PostgreSQL ends a session left idle in a transaction for %s, and rolls its transaction back: the older holder, stalled between its SELECT and its UPDATE for longer, finds its session gone, "+
			"where the model lets its apply land; a stall shorter than the timeout, over another holder's write, would still land", idleTimeout)}
	databases = []*database{readCommitted, serializable, idleTimeouts}
)

// databaseNamed is the database called name.
func databaseNamed(name string) (*database, bool) {
	for _, d := range databases {
		if d.name == name {
			return d, true
		}
	}
	return nil, false
}

// checksInTwoSteps reports whether a run of sc under st checks a write's
// token, or its version, apart from the UPDATE that applies it.
func checksInTwoSteps(sc core.Scenario, st core.Strategy) bool {
	return sc.NonAtomic && (st.Fenced() || st.Versioned())
}

// resourceWords says the resource of a run of sc under st on d, as the
// trace does.
func resourceWords(sc core.Scenario, st core.Strategy, d *database) string {
	switch {
	case checksInTwoSteps(sc, st) && st.Versioned():
		return fmt.Sprintf("a row of %s, with a version: %s; SELECT version, the client stopped, then UPDATE without a check; COMMIT", d.describe, begin(d.isolation))
	case checksInTwoSteps(sc, st):
		return fmt.Sprintf("a row of %s: %s; SELECT max_token, the client stopped, then UPDATE without a check; COMMIT", d.describe, begin(d.isolation))
	case st.Versioned():
		return "a row of " + d.describe + ", with a version: UPDATE … WHERE version = the version the writer read or wrote last"
	case st.Fenced():
		return "a row of " + d.describe + ": UPDATE … WHERE max_token <= token"
	}
	return "a row of " + d.describe + ": a plain UPDATE"
}

// sqlText is statement q with its numbered parameters replaced by args, as
// the trace shows it: strings quoted as SQL quotes them.
func sqlText(q string, args ...any) string {
	for i := len(args); i >= 1; i-- { // $10 before $1
		var v string
		switch a := args[i-1].(type) {
		case string:
			v = "'" + strings.ReplaceAll(a, "'", "''") + "'"
		default:
			v = fmt.Sprint(a)
		}
		q = strings.ReplaceAll(q, "$"+strconv.Itoa(i), v)
	}
	return q
}

// openStore makes the tables of the database connString names, with a row
// for each resource, and returns a pool on it.
func openStore(ctx context.Context, connString string, resources []string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = 2
	db, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(ctx, lock.Schema); err != nil {
		db.Close()
		return nil, err
	}
	for _, r := range resources {
		if _, err := db.Exec(ctx, insertRow, r); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// openClientStore opens a client's pool on the database connString names:
// a connection for its writes and reads, and one for a transaction a
// two-step check leaves open meanwhile.
func openClientStore(ctx context.Context, connString string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = 3
	return pgxpool.NewWithConfig(ctx, cfg)
}

// execSQL runs statement q with args on db, and reports it as the trace
// shows it and how many rows it changed.
func execSQL(ctx context.Context, db lock.Conn, q string, args ...any) (string, int64, error) {
	tag, err := db.Exec(ctx, q, args...)
	return sqlText(q, args...), tag.RowsAffected(), err
}

// write writes value to resource id, fenced or not, and reports the SQL it
// ran and how many rows it changed (0: the token was refused).
func write(ctx context.Context, db lock.Conn, id, value string, token int64, fenced bool) (string, int64, error) {
	if fenced {
		return execSQL(ctx, db, lock.FencedWrite, value, token, id)
	}
	return execSQL(ctx, db, plainWrite, value, id)
}

// writeVersioned writes value to resource id if its version is still
// version, incrementing it, and reports the SQL it ran and the row's new
// version (0: the row had moved past version, and nothing was written).
func writeVersioned(ctx context.Context, db lock.Conn, id, value string, version int64) (string, int64, error) {
	next, ok, err := lock.Versioned{DB: db}.Write(ctx, id, value, version)
	if !ok {
		next = 0
	}
	return sqlText(lock.VersionedWrite, value, id, version), next, err
}

// versionsOf reads the versions of the resources ids, as a client of the
// optimistic lock does instead of acquiring a lock.
func versionsOf(ctx context.Context, db *pgxpool.Pool, ids []string) (string, map[string]int64, error) {
	q := strings.Replace(readVersions, "$1", "'{"+strings.Join(ids, ",")+"}'", 1)
	rows, err := db.Query(ctx, readVersions, ids)
	if err != nil {
		return q, nil, err
	}
	versions := map[string]int64{}
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return q, nil, err
		}
		versions[id] = v
	}
	return q, versions, rows.Err()
}

// checkFirst opens a transaction at level on db and reads in it the
// largest token resource id has seen, or its version (versioned): the
// first half of a two-step check, which leaves the transaction open for
// apply.
func checkFirst(ctx context.Context, db *pgxpool.Pool, level pgx.TxIsoLevel, id string, versioned bool) (pgx.Tx, string, int64, error) {
	read := readMaxToken
	if versioned {
		read = readVersion
	}
	q := begin(level) + "; " + sqlText(read, id)
	tx, err := db.BeginTx(ctx, pgx.TxOptions{IsoLevel: level})
	if err != nil {
		return nil, q, 0, err
	}
	var n int64
	if err := tx.QueryRow(ctx, read, id).Scan(&n); err != nil {
		tx.Rollback(ctx)
		return nil, q, 0, err
	}
	return tx, q, n, nil
}

// apply writes value to resource id with token in tx, without a check,
// and commits: the second half of a two-step check. Versioned, it
// increments the row's version instead of raising max_token.
func apply(ctx context.Context, tx pgx.Tx, id, value string, token int64, versioned bool) (string, int64, error) {
	statement, args := applyUnchecked, []any{value, token, id}
	if versioned {
		statement, args = applyUncheckedVersion, []any{value, id}
	}
	q, n, err := execSQL(ctx, tx, statement, args...)
	if err != nil {
		tx.Rollback(ctx)
		return q, n, err
	}
	return q + "; " + commit, n, tx.Commit(ctx)
}

// read reads resource id. Showing a token to a fenced resource raises its
// maxToken, in the transaction that reads (and is refused, like a write,
// for a smaller token or none); a peek shows none.
func read(ctx context.Context, db *pgxpool.Pool, id string, token int64, fenced, showToken bool) (string, string, bool, error) {
	var data string
	if !fenced || !showToken {
		err := db.QueryRow(ctx, lock.ReadRow, id).Scan(&data)
		return sqlText(lock.ReadRow, id), data, true, err
	}
	q := "BEGIN; " + sqlText(lock.FencedShow, token, id)
	data, ok, err := lock.Fence{DB: db}.Read(ctx, id, token)
	if ok {
		q += "; " + sqlText(lock.ReadRow, id) + "; " + commit
	} else {
		q += "; ROLLBACK"
	}
	return q, data, ok, err
}

// state reads a resource's data and maxToken.
func state(ctx context.Context, db *pgxpool.Pool, id string) (string, int64, error) {
	var data string
	var max int64
	err := db.QueryRow(ctx, readState, id).Scan(&data, &max)
	return data, max, err
}

// abortedBy says how the database refused a statement of tx by ending
// its transaction or its session, with err the statement's error: a
// serialization failure (SQLSTATE 40001), a session ended while idle in a
// transaction (25P03, which the client hears only as its connection
// closed under it: the server's log says why). "" for another error.
func abortedBy(tx pgx.Tx, err error) string {
	var pg *pgconn.PgError
	switch {
	case errors.As(err, &pg) && (pg.Code == "40001" || pg.Code == "25P03"):
		return fmt.Sprintf("%s (SQLSTATE %s)", pg.Message, pg.Code)
	case errors.As(err, &pg):
		return ""
	case tx.Conn().IsClosed():
		return "the server had closed the session (" + err.Error() + ")"
	}
	return ""
}
