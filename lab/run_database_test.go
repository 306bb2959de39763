package main

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// A run's database is its own: made as its kind says, with a row for each
// resource, what one run writes is not in another's, and it is gone once
// the run closes it.
func TestARunsDatabaseIsItsOwnAndGoesWithTheRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server (about a second); make test runs it")
	}
	ctx := context.Background()
	a, err := makeRunDatabase(ctx, serializable, []string{"row-42", "row-43"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := makeRunDatabase(ctx, readCommitted, []string{"row-42"})
	if err != nil {
		a.close()
		t.Fatal(err)
	}
	defer b.close()
	call, result := a.madeWords()
	if !strings.HasPrefix(call, "postgres CREATE DATABASE "+a.name+"; ALTER DATABASE "+a.name+" SET default_transaction_isolation = 'serializable'") ||
		!strings.HasSuffix(result, ": "+serializable.describe) {
		t.Errorf("made as %q: %q", call, result)
	}
	if _, _, err := write(ctx, a.pool, "row-43", "A-1", 3, true); err != nil {
		t.Fatal(err)
	}
	if data, max, err := a.row(ctx, "row-43"); err != nil || data != "A-1" || max != 3 {
		t.Errorf("row-43 holds %q, max_token %d (%v)", data, max, err)
	}
	if data, max, err := a.row(ctx, "row-42"); err != nil || data != "" || max != 0 {
		t.Errorf("row-42, unwritten, holds %q, max_token %d (%v)", data, max, err)
	}
	if _, _, err := b.row(ctx, "row-43"); err == nil {
		t.Error("the other run's database has a row-43")
	}
	client, err := pgx.Connect(ctx, a.connString())
	if err != nil {
		t.Fatalf("a client cannot reach the run's database: %v", err)
	}
	client.Close(ctx)
	a.close()
	if conn, err := pgx.Connect(ctx, a.connString()); err == nil {
		conn.Close(ctx)
		t.Errorf("%s is still there after the run closed it", a.name)
	}
}
