package lock

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Versioned is the database's optimistic lock, on PostgreSQL, with no lock
// service at all: a row keeps a version, 1 when it is made (Schema), and a
// writer reads the version with the data it computes from (Read), then
// writes with that version (Write). The UPDATE applies only if the row
// still has the version, and increments it in the same statement: a write
// computed from what another write has since replaced updates no row, and
// its writer must read again and compute again, or give up.
//
// The version column is the resource's fencing, without a token: nothing
// keeps two writers from working at once, but neither can overwrite what
// the other wrote without having read it. What a lock would add is
// efficiency (fewer writers computing in vain), not safety.
//
// The one statement is safe at any isolation level, for the reason
// Fence's is: at READ COMMITTED an UPDATE that waited for a concurrent
// writer evaluates its WHERE again on the row as that writer left it. A
// version checked apart from the write (a SELECT of the version, then an
// UPDATE that does not check it again) is not.
type Versioned struct {
	DB Conn
}

// The optimistic lock's statements.
const (
	// VersionedRead reads row $1's data and version.
	VersionedRead = `SELECT data, version FROM resource WHERE id = $1`
	// VersionedWrite writes data $1 to row $2 if the row's version is
	// still $3, and increments the version, which it returns.
	VersionedWrite = `UPDATE resource SET data = $1, version = version + 1 WHERE id = $2 AND version = $3 RETURNING version`
)

// Read reads row id's data and the version a write computed from it must
// carry.
func (v Versioned) Read(ctx context.Context, id string) (data string, version int64, err error) {
	err = v.DB.QueryRow(ctx, VersionedRead, id).Scan(&data, &version)
	return data, version, err
}

// Write writes data to row id if the row's version is still version, and
// returns the row's new version, the one the writer's next write must
// carry; ok is false, and nothing is written, if the row has moved past
// version (the writer must Read again).
func (v Versioned) Write(ctx context.Context, id, data string, version int64) (next int64, ok bool, err error) {
	err = v.DB.QueryRow(ctx, VersionedWrite, data, id, version).Scan(&next)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return next, err == nil, err
}
