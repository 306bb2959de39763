package main

import (
	"context"
	"strings"

	"dlock/lab/internal/servers"

	"github.com/jackc/pgx/v5/pgxpool"
)

// runDatabase is a run's own database on the lab's PostgreSQL server, made
// as its kind says, with a row for each of the run's resources, and the
// lab's own pool on it: what the lab reads of the resource (what a row
// holds after a step) and of the server (what its log says of a session).
// The clients reach it with pools of their own (connString).
type runDatabase struct {
	kind *database
	pg   *servers.Postgres
	name string
	made []string // the statements that made it
	pool *pgxpool.Pool
}

// makeRunDatabase makes a run's database on the lab's PostgreSQL server,
// as kind says, with a row for each of resources, and opens the lab's own
// pool on it. What it made is dropped if it fails.
func makeRunDatabase(ctx context.Context, kind *database, resources []string) (*runDatabase, error) {
	pg, err := servers.SharedPostgres()
	if err != nil {
		return nil, err
	}
	name, made, err := pg.NewDatabase(ctx, kind.settings...)
	if err != nil {
		return nil, err
	}
	pool, err := openStore(ctx, pg.ConnString(name), resources)
	if err != nil {
		pg.DropDatabase(context.Background(), name)
		return nil, err
	}
	return &runDatabase{kind: kind, pg: pg, name: name, made: made, pool: pool}, nil
}

// connString is how a client reaches the database.
func (d *runDatabase) connString() string { return d.pg.ConnString(d.name) }

// madeWords say how the database was made, as the trace's first call.
func (d *runDatabase) madeWords() (call, result string) {
	return "postgres " + strings.Join(d.made, "; "), "the run's database, on PostgreSQL " + d.pg.Version() + ": " + d.kind.describe
}

// row is what resource id holds: its data, and the largest token it has
// seen.
func (d *runDatabase) row(ctx context.Context, id string) (string, int64, error) {
	return state(ctx, d.pool, id)
}

// logSize is how long the server's log is now: where what it says next
// begins (said).
func (d *runDatabase) logSize() (int64, error) { return d.pg.LogSize() }

// said is what the server's log says, from offset from on, of the session
// served by backend process pid.
func (d *runDatabase) said(pid uint32, from int64) ([]servers.LogLine, error) {
	return d.pg.Said(pid, from)
}

// close closes the lab's pool and drops the database, ending the sessions
// still on it.
func (d *runDatabase) close() {
	d.pool.Close()
	d.pg.DropDatabase(context.Background(), d.name)
}
