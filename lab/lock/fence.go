package lock

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Fence is the resource's half of fencing, on PostgreSQL: a row keeps its
// data and the largest token it has seen (max_token), and a write with a
// token checks and raises it in the same statement, so nothing can land
// between the check and the write. It refuses a token below max_token, and
// a missing one (0): a fenced resource orders writes by token, and a write
// without one has no place in that order. A token equal to max_token
// passes: the holder's own writes all carry it (which is why fencing does
// not order one holder's writes among themselves).
//
// The one statement is safe at any isolation level, READ COMMITTED (the
// default) included: an UPDATE that finds its row changed by a concurrent
// writer waits for that writer and evaluates its WHERE again on the row as
// that writer left it, so an older token is refused even when a newer one
// committed after the UPDATE began. A check made apart from the write (a
// SELECT of max_token, then an UPDATE) is not: at READ COMMITTED a newer
// holder's write can land between the two and be overwritten; at
// REPEATABLE READ or SERIALIZABLE, PostgreSQL aborts the late UPDATE
// instead (SQLSTATE 40001), and the caller must try again from the check.
//
// The token must be kept in the row it guards, and raised in the
// transaction that writes the data: a token kept elsewhere, or raised
// apart, is a check apart from the write.
type Fence struct {
	DB Conn
}

// Conn is where a Fence runs its statements: a *pgx.Conn, a
// *pgxpool.Pool, or a pgx.Tx (the fence's own transaction is then a
// savepoint in it).
type Conn interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Begin(ctx context.Context) (pgx.Tx, error)
}

// The fence's statements. A token's parameter is cast to bigint where the
// WHERE first meets it: PostgreSQL types a parameter at its first use, and
// reads the WHERE before the SET, so "$2 >= 1" alone would make it an
// integer (int4), too small for etcd's revisions and ZooKeeper's zxids.
const (
	// Schema makes the resource's table: a row's data, the largest token
	// it has seen (Fence's max_token), and its version (Versioned's),
	// 1 for a new row.
	Schema = `CREATE TABLE IF NOT EXISTS resource (id text PRIMARY KEY, data text NOT NULL DEFAULT '', max_token bigint NOT NULL DEFAULT 0, version bigint NOT NULL DEFAULT 1)`
	// FencedWrite writes data ($1) to row $3 with token $2, if the token
	// is at least 1 and not below the row's max_token, which it becomes.
	FencedWrite = `UPDATE resource SET data = $1, max_token = $2 WHERE id = $3 AND $2::bigint >= 1 AND max_token <= $2`
	// FencedShow shows token $1 to row $2 without writing its data: it
	// raises max_token as a write would, and is refused as a write would
	// be. A read that must not be overtaken by an older holder's write
	// runs it first, in the same transaction as its SELECT.
	FencedShow = `UPDATE resource SET max_token = $1 WHERE id = $2 AND $1::bigint >= 1 AND max_token <= $1`
	// ReadRow reads row $1's data.
	ReadRow = `SELECT data FROM resource WHERE id = $1`
)

// Write writes data to row id with token, and reports whether the row took
// it (false: the token was refused).
func (f Fence) Write(ctx context.Context, id, data string, token int64) (bool, error) {
	tag, err := f.DB.Exec(ctx, FencedWrite, data, token, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Read shows token to row id and reads its data, in one transaction, and
// reports whether the row took the token (false: refused, nothing read).
func (f Fence) Read(ctx context.Context, id string, token int64) (string, bool, error) {
	tx, err := f.DB.Begin(ctx)
	if err != nil {
		return "", false, err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, FencedShow, token, id)
	if err != nil || tag.RowsAffected() == 0 {
		return "", false, err
	}
	var data string
	if err := tx.QueryRow(ctx, ReadRow, id).Scan(&data); err != nil {
		return "", false, err
	}
	return data, true, tx.Commit(ctx)
}
