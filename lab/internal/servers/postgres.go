package servers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Postgres is a PostgreSQL server run as a child process, its data, its
// log and its Unix socket in a directory of its own: no TCP port, no
// system service. It starts in about a second (initdb, then the server).
// It trades durability for speed (fsync, full_page_writes and
// synchronous_commit off), which nothing the lab does depends on: the lab
// never crashes it. initdb and the server refuse to run as root: run as
// root, they run as the postgres user (which Debian's postgresql package
// makes), and the directory becomes that user's.
type Postgres struct {
	dir, bin string
	cred     *syscall.Credential // whom the server runs as (nil: the lab's own user)
	cmd      *exec.Cmd
	exited   chan struct{}
	made     atomic.Int64 // the databases NewDatabase has made
	version  string
}

// postgresSuperuser is the superuser initdb makes, whom every client
// connects as (authentication is trust, over the socket only).
const postgresSuperuser = "postgres"

// postgresBin is the directory of the newest PostgreSQL installed where
// Debian puts it (/usr/lib/postgresql/<version>/bin), or else of the
// postgres found on the PATH.
func postgresBin() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/postgres")
	version := func(p string) int {
		v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
		return v
	}
	slices.SortFunc(found, func(a, b string) int { return version(b) - version(a) })
	if len(found) > 0 {
		return filepath.Dir(found[0]), nil
	}
	if p, err := exec.LookPath("postgres"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("PostgreSQL is not installed (Debian: apt-get install postgresql)")
}

// StartPostgres makes a database cluster in dir/data (initdb), starts a
// server on it, listening on a socket in dir only, and returns once it
// answers a query. Its log is dir/postgres.log.
func StartPostgres(dir string) (*Postgres, error) {
	bin, err := postgresBin()
	if err != nil {
		return nil, err
	}
	p := &Postgres{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("PostgreSQL refuses to run as root, and there is no postgres user to run it as (Debian's postgresql package makes one): %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		p.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := searchable(filepath.Dir(dir), uid, gid); err != nil {
			return nil, fmt.Errorf("PostgreSQL runs as the postgres user, who cannot reach %s: %w", dir, err)
		}
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
	}
	initdb := p.command("initdb", "-D", filepath.Join(dir, "data"), "-A", "trust", "-U", postgresSuperuser,
		"--no-sync", "-E", "UTF8", "--locale=C")
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %w\n%s", err, out)
	}
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

// searchable reports, as an error, a directory on the way to dir, or dir,
// that the user uid of group gid may not pass through.
func searchable(dir string, uid, gid int) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for d := abs; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		mode := fi.Mode().Perm()
		switch {
		case !ok:
		case int(st.Uid) == uid && mode&0o100 != 0, int(st.Gid) == gid && mode&0o010 != 0, mode&0o001 != 0:
		default:
			return fmt.Errorf("%s (mode %v) is not searchable by that user", d, mode)
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// command is the PostgreSQL program name with args, run as the server's
// user, in its directory.
func (p *Postgres) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(p.bin, name), args...)
	cmd.Dir = p.dir
	// A server ends with the process that started it, however that ends
	// (the kernel sends the signal after the change of user).
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: p.cred, Pdeathsig: syscall.SIGKILL}
	return cmd
}

func (p *Postgres) start() error {
	log, err := os.OpenFile(filepath.Join(p.dir, "postgres.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	p.cmd = p.command("postgres", "-D", filepath.Join(p.dir, "data"),
		"-c", "listen_addresses=", "-c", "unix_socket_directories="+p.dir,
		"-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off",
		"-c", "max_connections=200", "-c", "log_timezone=UTC")
	p.cmd.Stdout, p.cmd.Stderr = log, log
	if err := p.cmd.Start(); err != nil {
		return err
	}
	p.exited = make(chan struct{})
	go func() {
		p.cmd.Wait()
		close(p.exited)
	}()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, p.ConnString("postgres"))
		if err == nil {
			err = conn.QueryRow(ctx, "SHOW server_version").Scan(&p.version)
			conn.Close(ctx)
		}
		cancel()
		select {
		case <-p.exited:
			return fmt.Errorf("the PostgreSQL server exited at its start; its log ends:\n%s", logTail(log.Name()))
		default:
		}
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			p.Stop()
			return fmt.Errorf("the PostgreSQL server did not answer within 15 s (%v); its log ends:\n%s", err, logTail(log.Name()))
		}
	}
}

// Version is the server's version, as it says it (SHOW server_version).
func (p *Postgres) Version() string { return p.version }

// ConnString is how a client reaches database on the server: its socket's
// directory, the superuser, the database.
func (p *Postgres) ConnString(database string) string {
	return fmt.Sprintf("host=%s user=%s dbname=%s sslmode=disable", p.dir, postgresSuperuser, database)
}

// A Setting is one of a database's own settings (ALTER DATABASE … SET),
// which every session on that database starts with: a parameter's name,
// and its value as PostgreSQL reads it ('5s', 'serializable').
type Setting struct {
	Name, Value string
}

// settingName is what a parameter's name may be.
var settingName = regexp.MustCompile(`^[a-z][a-z_]*$`)

// NewDatabase makes a database of its own on the server (db1, db2, … in
// the order made), with settings, and returns its name and the statements
// that made it, as they were run. A setting's name must be a parameter's
// name (lower case letters and underscores); its value is quoted.
func (p *Postgres) NewDatabase(ctx context.Context, settings ...Setting) (string, []string, error) {
	for _, s := range settings {
		if !settingName.MatchString(s.Name) {
			return "", nil, fmt.Errorf("a database setting named %q: not a parameter's name", s.Name)
		}
	}
	name := fmt.Sprintf("db%d", p.made.Add(1))
	statements := []string{"CREATE DATABASE " + name}
	for _, s := range settings {
		statements = append(statements, fmt.Sprintf("ALTER DATABASE %s SET %s = '%s'", name, s.Name, strings.ReplaceAll(s.Value, "'", "''")))
	}
	conn, err := pgx.Connect(ctx, p.ConnString("postgres"))
	if err != nil {
		return "", nil, err
	}
	defer conn.Close(ctx)
	for _, q := range statements {
		if _, err := conn.Exec(ctx, q); err != nil {
			return "", nil, fmt.Errorf("%s: %w", q, err)
		}
	}
	return name, statements, nil
}

// DropDatabase drops database name, ending the sessions still on it.
func (p *Postgres) DropDatabase(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, p.ConnString("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

// LogSize is how long the server's log is now: where what it logs next
// begins, for Said.
func (p *Postgres) LogSize() (int64, error) {
	fi, err := os.Stat(filepath.Join(p.dir, "postgres.log"))
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// A LogLine is a line of the server's log: when it was logged, and what
// it says.
type LogLine struct {
	At   time.Time
	Text string
}

// logTime is how a line of the log begins: PostgreSQL's default
// log_line_prefix, "%m [%p] ", the time in ms in log_timezone (UTC, as the
// server is started), then the backend's pid.
const logTime = "2006-01-02 15:04:05.000 MST"

// Said is what the server's log says, from offset from on (LogSize), of
// the session served by backend process pid, line by line. From an
// offset, lines of an earlier process that had the same pid are left out.
func (p *Postgres) Said(pid uint32, from int64) ([]LogLine, error) {
	f, err := os.Open(filepath.Join(p.dir, "postgres.log"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := f.Seek(from, io.SeekStart); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	mark := fmt.Sprintf(" [%d] ", pid)
	var said []LogLine
	for _, l := range strings.Split(string(b), "\n") {
		at, text, ok := strings.Cut(l, mark)
		if !ok {
			continue
		}
		t, err := time.Parse(logTime, at)
		if err != nil {
			return nil, fmt.Errorf("the server's log: a line that does not begin with its time: %q", l)
		}
		said = append(said, LogLine{At: t, Text: text})
	}
	return said, nil
}

// Stop stops the server (a fast shutdown: its sessions are ended) and
// waits for it, at most 10 s, then kills it.
func (p *Postgres) Stop() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}
