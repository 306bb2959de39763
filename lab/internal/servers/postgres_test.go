package servers

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Each database made on the server is a database of its own, and every
// session on it starts with the database's settings; a setting that is not
// a parameter's name is refused before anything is made.
func TestPostgresMakesDatabasesWithTheirOwnSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server (about a second); make test runs it")
	}
	// Not t.TempDir: its parent is the test's alone (mode 0700), which the
	// postgres user could not pass through when the test runs as root.
	dir, err := os.MkdirTemp("", "dlock-postgres-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	p, err := StartPostgres(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	if p.Version() == "" {
		t.Error("the server did not say its version")
	}
	ctx := context.Background()
	plain, _, err := p.NewDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	strict, made, err := p.NewDatabase(ctx, Setting{"default_transaction_isolation", "serializable"})
	if err != nil {
		t.Fatal(err)
	}
	if plain == strict || len(made) != 2 || !strings.Contains(made[1], "SET default_transaction_isolation = 'serializable'") {
		t.Errorf("made %s, then %s by %q", plain, strict, made)
	}
	for db, want := range map[string]string{plain: "read committed", strict: "serializable"} {
		conn, err := pgx.Connect(ctx, p.ConnString(db))
		if err != nil {
			t.Fatal(err)
		}
		var level string
		if err := conn.QueryRow(ctx, "SHOW transaction_isolation").Scan(&level); err != nil {
			t.Fatal(err)
		}
		conn.Close(ctx)
		if level != want {
			t.Errorf("a session on %s starts at %s, want %s", db, level, want)
		}
	}
	if _, _, err := p.NewDatabase(ctx, Setting{"fsync = off; --", "x"}); err == nil || !strings.Contains(err.Error(), "not a parameter's name") {
		t.Errorf("a setting that is not a parameter's name: %v", err)
	}
	if err := p.DropDatabase(ctx, strict); err != nil {
		t.Fatal(err)
	}
	if _, err := pgx.Connect(ctx, p.ConnString(strict)); err == nil {
		t.Errorf("%s is still there after DropDatabase", strict)
	}
}

// Run as root, the server runs as the postgres user, and a directory that
// user cannot reach is refused with the directory in the way, before
// initdb runs.
func TestPostgresSaysWhichDirectoryItsUserCannotReach(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root hands the server to the postgres user")
	}
	dir := t.TempDir() // its parent is the test's alone: mode 0700
	_, err := StartPostgres(dir)
	if err == nil || !strings.Contains(err.Error(), "is not searchable by that user") || !strings.Contains(err.Error(), filepath.Dir(dir)) {
		t.Errorf("a directory the postgres user cannot reach: %v", err)
	}
}
