package lock

import (
	"context"
	"database/sql"
)

// Fence is the resource's half of fencing, on a SQL database: a row keeps
// its data and the largest token it has seen (max_token), and a write with
// a token checks and raises it in the same statement, so nothing can land
// between the check and the write. It refuses a token below max_token, and
// a missing one (0): a fenced resource orders writes by token, and a write
// without one has no place in that order. A token equal to max_token
// passes: the holder's own writes all carry it (which is why fencing does
// not order one holder's writes among themselves).
//
// The statements are SQLite's (numbered parameters); on PostgreSQL the
// same UPDATE re-checks its WHERE after waiting on a concurrent writer, so
// it is safe at READ COMMITTED, where a SELECT followed by an UPDATE is not.
type Fence struct {
	DB *sql.DB
}

// The fence's statements.
const (
	// FenceSchema makes the fence's table.
	FenceSchema = `CREATE TABLE IF NOT EXISTS resource (id TEXT PRIMARY KEY, data TEXT NOT NULL DEFAULT '', max_token INTEGER NOT NULL DEFAULT 0)`
	// FencedWrite writes data (?1) to row ?3 with token ?2, if the token
	// is at least 1 and not below the row's max_token, which it becomes.
	FencedWrite = `UPDATE resource SET data = ?1, max_token = ?2 WHERE id = ?3 AND ?2 >= 1 AND max_token <= ?2`
	// FencedShow shows token ?1 to row ?2 without writing its data: it
	// raises max_token as a write would, and is refused as a write would
	// be. A read that must not be overtaken by an older holder's write
	// runs it first, in the same transaction as its SELECT.
	FencedShow = `UPDATE resource SET max_token = ?1 WHERE id = ?2 AND ?1 >= 1 AND max_token <= ?1`
	// ReadRow reads row ?1's data.
	ReadRow = `SELECT data FROM resource WHERE id = ?1`
)

// Write writes data to row id with token, and reports whether the row took
// it (false: the token was refused).
func (f Fence) Write(ctx context.Context, id, data string, token int64) (bool, error) {
	res, err := f.DB.ExecContext(ctx, FencedWrite, data, token, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Read shows token to row id and reads its data, in one transaction, and
// reports whether the row took the token (false: refused, nothing read).
func (f Fence) Read(ctx context.Context, id string, token int64) (string, bool, error) {
	tx, err := f.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", false, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, FencedShow, token, id)
	if err != nil {
		return "", false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return "", false, err
	}
	var data string
	if err := tx.QueryRowContext(ctx, ReadRow, id).Scan(&data); err != nil {
		return "", false, err
	}
	return data, true, tx.Commit()
}
