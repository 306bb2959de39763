package main

import (
	"path/filepath"
	"testing"

	"dlock/lab/lock"
)

// The trace shows each statement with its arguments in place, strings
// quoted as SQL quotes them; ?1 does not take the place of ?10's start.
func TestSQLTextShowsTheStatementItRan(t *testing.T) {
	got := sqlText(lock.FencedWrite, "it's", int64(7), "row-42")
	want := `UPDATE resource SET data = 'it''s', max_token = 7 WHERE id = 'row-42' AND 7 >= 1 AND max_token <= 7`
	if got != want {
		t.Errorf("sqlText:\n got %s\nwant %s", got, want)
	}
	if got := sqlText("?1 ?10", "a", 2, 3, 4, 5, 6, 7, 8, 9, "j"); got != "'a' 'j'" {
		t.Errorf("?1 and ?10: %s", got)
	}
}

// A fenced resource refuses a write without a token, as core's does, and a
// token below the largest it has seen; the unfenced one takes both.
func TestTheFencedRowRefusesNoTokenAndAnOlderOne(t *testing.T) {
	db, err := openStore(filepath.Join(t.TempDir(), "r.db"), []string{"row-42"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, c := range []struct {
		value  string
		token  int64
		fenced bool
		rows   int64
	}{
		{"no token", 0, true, 0}, {"B", 5, true, 1}, {"B again", 5, true, 1}, {"A late", 4, true, 0}, {"unfenced", 0, false, 1},
	} {
		q, n, err := write(db, "row-42", c.value, c.token, c.fenced)
		if err != nil {
			t.Fatal(err)
		}
		if n != c.rows {
			t.Errorf("%s: %d rows, want %d", q, n, c.rows)
		}
	}
	if _, _, ok, err := read(db, "row-42", 0, true, true); err != nil || ok {
		t.Errorf("a fenced read without a token: let through %v, %v", ok, err)
	}
	data, max, err := state(db, "row-42")
	if err != nil || data != "unfenced" || max != 5 {
		t.Errorf("row-42 holds %q, max_token %d (%v)", data, max, err)
	}
}
