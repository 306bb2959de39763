package main

import (
	"database/sql"
	"fmt"

	_ "modernc.org/sqlite"
)

// The resource is a row of a real SQLite database: its data, and the
// largest token it has seen. A plain write is an UPDATE of the data; a
// fenced write is one UPDATE that also checks and raises the token, so the
// check and the write are one atomic step of the database.

const schema = `CREATE TABLE IF NOT EXISTS resource (id TEXT PRIMARY KEY, data TEXT NOT NULL DEFAULT '', max_token INTEGER NOT NULL DEFAULT 0)`

func openStore(path string, resources []string) (*sql.DB, error) {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(wal)")
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(schema); err != nil {
		return nil, err
	}
	for _, r := range resources {
		if _, err := db.Exec(`INSERT OR IGNORE INTO resource (id) VALUES (?)`, r); err != nil {
			return nil, err
		}
	}
	return db, nil
}

// write writes value to resource id, fenced or not, and reports the SQL it
// ran and how many rows it changed (0: the token was refused).
func write(db *sql.DB, id, value string, token int64, fenced bool) (string, int64, error) {
	var q string
	var res sql.Result
	var err error
	if fenced {
		q = fmt.Sprintf("UPDATE resource SET data=%q, max_token=%d WHERE id=%q AND max_token <= %d", value, token, id, token)
		res, err = db.Exec(`UPDATE resource SET data=?, max_token=? WHERE id=? AND max_token <= ?`, value, token, id, token)
	} else {
		q = fmt.Sprintf("UPDATE resource SET data=%q WHERE id=%q", value, id)
		res, err = db.Exec(`UPDATE resource SET data=? WHERE id=?`, value, id)
	}
	if err != nil {
		return q, 0, err
	}
	n, err := res.RowsAffected()
	return q, n, err
}

// maxToken is the first half of a write that checks and applies in two
// statements: it reads the largest token the row has seen. Between it and
// the UPDATE that follows (applyUnchecked), another write can land; at
// READ COMMITTED without SELECT … FOR UPDATE, a real database lets it.
func maxToken(db *sql.DB, id string) (string, int64, error) {
	q := fmt.Sprintf("SELECT max_token FROM resource WHERE id=%q", id)
	var max int64
	err := db.QueryRow(`SELECT max_token FROM resource WHERE id=?`, id).Scan(&max)
	return q, max, err
}

// applyUnchecked is the second half: the UPDATE, without a check of the
// token (it was checked before), raising max_token as a write does.
func applyUnchecked(db *sql.DB, id, value string, token int64, fenced bool) (string, int64, error) {
	q := fmt.Sprintf("UPDATE resource SET data=%q, max_token=MAX(max_token, %d) WHERE id=%q", value, token, id)
	res, err := db.Exec(`UPDATE resource SET data=?, max_token=MAX(max_token, ?) WHERE id=?`, value, token, id)
	if err != nil {
		return q, 0, err
	}
	n, err := res.RowsAffected()
	return q, n, err
}

// read reads resource id. Showing a token to a fenced resource raises its
// maxToken (and is refused, like a write, for a smaller token); a peek
// shows none.
func read(db *sql.DB, id string, token int64, fenced, showToken bool) (string, string, bool, error) {
	q := fmt.Sprintf("SELECT data FROM resource WHERE id=%q", id)
	if fenced && showToken {
		q = fmt.Sprintf("UPDATE resource SET max_token=%d WHERE id=%q AND max_token <= %d; ", token, id, token) + q
		res, err := db.Exec(`UPDATE resource SET max_token=? WHERE id=? AND max_token <= ?`, token, id, token)
		if err != nil {
			return q, "", false, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return q, "", false, nil
		}
	}
	var data string
	err := db.QueryRow(`SELECT data FROM resource WHERE id=?`, id).Scan(&data)
	return q, data, true, err
}

// state reads a resource's data and maxToken.
func state(db *sql.DB, id string) (string, int64, error) {
	var data string
	var max int64
	err := db.QueryRow(`SELECT data, max_token FROM resource WHERE id=?`, id).Scan(&data, &max)
	return data, max, err
}
