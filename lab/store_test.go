package main

import (
	"context"
	"testing"

	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The trace shows each statement with its arguments in place, strings
// quoted as SQL quotes them; $1 does not take the place of $10's start.
func TestSQLTextShowsTheStatementItRan(t *testing.T) {
	got := sqlText(lock.FencedWrite, "it's", int64(7), "row-42")
	want := `UPDATE resource SET data = 'it''s', max_token = 7 WHERE id = 'row-42' AND 7::bigint >= 1 AND max_token <= 7`
	if got != want {
		t.Errorf("sqlText:\n got %s\nwant %s", got, want)
	}
	if got := sqlText("$1 $10", "a", 2, 3, 4, 5, 6, 7, 8, 9, "j"); got != "'a' 'j'" {
		t.Errorf("$1 and $10: %s", got)
	}
}

// newStore makes a database of its own on the lab's PostgreSQL server, as
// d says, with a row row-42, and returns a client's pool on it (three
// sessions) and its connection string.
func newStore(t *testing.T, d *database) (*pgxpool.Pool, string) {
	t.Helper()
	pg, err := servers.SharedPostgres()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	name, _, err := pg.NewDatabase(ctx, d.settings...)
	if err != nil {
		t.Fatal(err)
	}
	made, err := openStore(ctx, pg.ConnString(name), []string{"row-42"})
	if err != nil {
		t.Fatal(err)
	}
	made.Close()
	db, err := openClientStore(ctx, pg.ConnString(name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Close()
		pg.DropDatabase(context.Background(), name)
	})
	return db, pg.ConnString(name)
}

// A fenced resource refuses a write without a token, as core's does, and a
// token below the largest it has seen, and so does a read that shows one;
// the unfenced one takes both. A token above what a 32-bit integer holds
// (a ZooKeeper czxid) is a token like any other.
func TestTheFencedRowRefusesNoTokenAndAnOlderOne(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server (about a second); make test runs it")
	}
	db, _ := newStore(t, readCommitted)
	ctx := context.Background()
	for _, c := range []struct {
		value  string
		token  int64
		fenced bool
		rows   int64
	}{
		{"no token", 0, true, 0}, {"B", 5, true, 1}, {"B again", 5, true, 1}, {"A late", 4, true, 0}, {"unfenced", 0, false, 1},
		{"czxid", 4294967305, true, 1}, {"B late", 5, true, 0},
	} {
		q, n, err := write(ctx, db, "row-42", c.value, c.token, c.fenced)
		if err != nil {
			t.Fatal(err)
		}
		if n != c.rows {
			t.Errorf("%s: %d rows, want %d", q, n, c.rows)
		}
	}
	if _, _, ok, err := read(ctx, db, "row-42", 0, true, true); err != nil || ok {
		t.Errorf("a fenced read without a token: let through %v, %v", ok, err)
	}
	if _, _, ok, err := read(ctx, db, "row-42", 5, true, true); err != nil || ok {
		t.Errorf("a fenced read with an older token: let through %v, %v", ok, err)
	}
	data, max, err := state(ctx, db, "row-42")
	if err != nil || data != "czxid" || max != 4294967305 {
		t.Errorf("row-42 holds %q, max_token %d (%v)", data, max, err)
	}
}
