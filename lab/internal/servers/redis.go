package servers

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is a redis-server run as a child process, on a free loopback port,
// without persistence (--save "" --appendonly no): a restart loses every
// key, as a lock service that keeps its state in memory does. It may be a
// primary's replica (StartReplica).
type Redis struct {
	bin  string
	dir  string
	port int
	cmd  *exec.Cmd
	// replicaOf is the primary it replicates (host:port), "" for none.
	replicaOf string
}

// StartRedis starts a redis-server in dir (its log is dir/redis.log) and
// returns once it answers.
func StartRedis(dir string) (*Redis, error) { return startRedis(dir, "") }

// StartReplica starts a redis-server in dir that replicates the primary
// at primary (host:port: the primary, or a proxy before it), and returns
// once it answers; whether it has caught up is its caller's to ask (INFO
// replication).
func StartReplica(dir, primary string) (*Redis, error) { return startRedis(dir, primary) }

func startRedis(dir, primary string) (*Redis, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, fmt.Errorf("redis-server is not installed (Debian: apt-get install redis-server): %w", err)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Redis{bin: bin, dir: dir, port: port, replicaOf: primary}
	return s, s.start()
}

// Addr is where the server listens (host:port).
func (s *Redis) Addr() string { return fmt.Sprintf("127.0.0.1:%d", s.port) }

// Pid is the server's process id (0 once stopped).
func (s *Redis) Pid() int {
	if s.cmd == nil || s.cmd.Process == nil {
		return 0
	}
	return s.cmd.Process.Pid
}

func (s *Redis) start() error {
	log, err := os.OpenFile(filepath.Join(s.dir, "redis.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	// Keyspace events (K) for generic commands (g), strings (set: $) and
	// expiry (x): the lab watches the lock's key with them, to record when
	// the service itself ended a lease.
	//
	// A replica's first sync starts at once (repl-diskless-sync-delay 0,
	// not 5 s); and neither side drops a replication link that stays
	// silent for less than an hour (repl-timeout), since the lab holds the
	// link for as long as a run leaves its replica behind.
	args := []string{"--port", fmt.Sprint(s.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--daemonize", "no", "--notify-keyspace-events", "Kg$x",
		"--repl-diskless-sync-delay", "0", "--repl-timeout", "3600"}
	if s.replicaOf != "" {
		host, port, err := net.SplitHostPort(s.replicaOf)
		if err != nil {
			return err
		}
		args = append(args, "--replicaof", host, port)
	}
	s.cmd = exec.Command(s.bin, args...)
	s.cmd.Stdout, s.cmd.Stderr = log, log
	// The server ends with the process that started it, however that ends.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := s.cmd.Start(); err != nil {
		return err
	}
	c := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer c.Close()
	for deadline := time.Now().Add(5 * time.Second); ; {
		if c.Ping(context.Background()).Err() == nil {
			return nil
		}
		if time.Now().After(deadline) {
			s.Stop()
			return fmt.Errorf("redis-server on %s did not answer within 5 s (see %s)", s.Addr(), log.Name())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Promoted: the server is a primary now (a Sentinel promoted it): a
// restart starts it as one.
func (s *Redis) Promoted() { s.replicaOf = "" }

// Restart kills the server and starts it again on the same port: without
// persistence it comes back empty.
func (s *Redis) Restart() error {
	s.Stop()
	return s.start()
}

// Stop kills the server and waits for it to end.
func (s *Redis) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
}

// Backup saves the server's data (SAVE) and keeps the file at path: what
// an operator's backup of a Redis lock service is.
func (s *Redis) Backup(ctx context.Context, path string) error {
	c := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer c.Close()
	if err := c.Save(ctx).Err(); err != nil {
		return err
	}
	return os.Rename(filepath.Join(s.dir, "dump.rdb"), path)
}

// RestoreFrom kills the server and starts it again from the file at path
// (a Backup): it comes back with the data it had then, expired keys
// dropped. The file is removed from the server's directory once loaded,
// so that a later Restart comes back empty, as before.
func (s *Redis) RestoreFrom(path string) error {
	s.Stop()
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dump := filepath.Join(s.dir, "dump.rdb")
	if err := os.WriteFile(dump, b, 0o644); err != nil {
		return err
	}
	if err := s.start(); err != nil {
		return err
	}
	return os.Remove(dump)
}
