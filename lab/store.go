package main

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"dlock/lab/lock"

	_ "modernc.org/sqlite"
)

// The resource is a row of a real SQLite database: its data, and the
// largest token it has seen. A plain write is an UPDATE of the data; a
// fenced write is lock.Fence's one UPDATE that also checks and raises the
// token, so the check and the write are one atomic step of the database.
// Each statement is written once, and the trace shows it with its
// arguments in place (sqlText).

// The lab's own statements, beside lock.Fence's.
const (
	plainWrite = `UPDATE resource SET data = ?1 WHERE id = ?2`
	// readMaxToken is the first half of a write that checks and applies in
	// two statements: it reads the largest token the row has seen. Between
	// it and the UPDATE that follows (applyUnchecked), another write can
	// land; at READ COMMITTED without SELECT … FOR UPDATE, a real database
	// lets it.
	readMaxToken = `SELECT max_token FROM resource WHERE id = ?1`
	// applyUnchecked is the second half: the UPDATE, without a check of the
	// token (it was checked before), raising max_token as a write does.
	applyUnchecked = `UPDATE resource SET data = ?1, max_token = MAX(max_token, ?2) WHERE id = ?3`
	readState      = `SELECT data, max_token FROM resource WHERE id = ?1`
	insertRow      = `INSERT OR IGNORE INTO resource (id) VALUES (?1)`
)

// sqlText is statement q with its numbered parameters replaced by args, as
// the trace shows it: strings quoted as SQL quotes them.
func sqlText(q string, args ...any) string {
	for i := len(args); i >= 1; i-- { // ?10 before ?1
		var v string
		switch a := args[i-1].(type) {
		case string:
			v = "'" + strings.ReplaceAll(a, "'", "''") + "'"
		default:
			v = fmt.Sprint(a)
		}
		q = strings.ReplaceAll(q, "?"+strconv.Itoa(i), v)
	}
	return q
}

func openStore(path string, resources []string) (*sql.DB, error) {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(wal)")
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(lock.FenceSchema); err != nil {
		return nil, err
	}
	for _, r := range resources {
		if _, err := db.Exec(insertRow, r); err != nil {
			return nil, err
		}
	}
	return db, nil
}

// execSQL runs statement q with args, and reports it as the trace shows it
// and how many rows it changed.
func execSQL(db *sql.DB, q string, args ...any) (string, int64, error) {
	res, err := db.Exec(q, args...)
	if err != nil {
		return sqlText(q, args...), 0, err
	}
	n, err := res.RowsAffected()
	return sqlText(q, args...), n, err
}

// write writes value to resource id, fenced or not, and reports the SQL it
// ran and how many rows it changed (0: the token was refused).
func write(db *sql.DB, id, value string, token int64, fenced bool) (string, int64, error) {
	if fenced {
		return execSQL(db, lock.FencedWrite, value, token, id)
	}
	return execSQL(db, plainWrite, value, id)
}

// maxToken reads the largest token resource id has seen.
func maxToken(db *sql.DB, id string) (string, int64, error) {
	var max int64
	err := db.QueryRow(readMaxToken, id).Scan(&max)
	return sqlText(readMaxToken, id), max, err
}

// apply writes value to resource id without a check of token.
func apply(db *sql.DB, id, value string, token int64) (string, int64, error) {
	return execSQL(db, applyUnchecked, value, token, id)
}

// read reads resource id. Showing a token to a fenced resource raises its
// maxToken (and is refused, like a write, for a smaller token or none); a
// peek shows none.
func read(db *sql.DB, id string, token int64, fenced, showToken bool) (string, string, bool, error) {
	q := sqlText(lock.ReadRow, id)
	if fenced && showToken {
		shown, n, err := execSQL(db, lock.FencedShow, token, id)
		q = shown + "; " + q
		if err != nil || n == 0 {
			return q, "", false, err
		}
	}
	var data string
	err := db.QueryRow(lock.ReadRow, id).Scan(&data)
	return q, data, true, err
}

// state reads a resource's data and maxToken.
func state(db *sql.DB, id string) (string, int64, error) {
	var data string
	var max int64
	err := db.QueryRow(readState, id).Scan(&data, &max)
	return data, max, err
}
