package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisServer is a redis-server the lab runs as its own child process, on a
// free loopback port, without persistence (--save "" --appendonly no): a
// restart loses every key, as a lock service that keeps its state in memory
// does. It is never the system's service.
type redisServer struct {
	bin  string
	dir  string
	port int
	cmd  *exec.Cmd
}

// startRedis starts a redis-server in dir.
func startRedis(dir string) (*redisServer, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, fmt.Errorf("redis-server is not installed (Debian: apt-get install redis-server): %w", err)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &redisServer{bin: bin, dir: dir, port: port}
	return s, s.start()
}

func (s *redisServer) addr() string { return fmt.Sprintf("127.0.0.1:%d", s.port) }

func (s *redisServer) start() error {
	log, err := os.OpenFile(filepath.Join(s.dir, "redis.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	// Keyspace events (K) for generic commands (g), strings (set: $) and
	// expiry (x): the lab watches the lock's key with them, to record when
	// the service itself ended a lease.
	s.cmd = exec.Command(s.bin, "--port", fmt.Sprint(s.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--daemonize", "no", "--notify-keyspace-events", "Kg$x")
	s.cmd.Stdout, s.cmd.Stderr = log, log
	if err := s.cmd.Start(); err != nil {
		return err
	}
	c := redis.NewClient(&redis.Options{Addr: s.addr()})
	defer c.Close()
	for deadline := time.Now().Add(5 * time.Second); ; {
		if c.Ping(context.Background()).Err() == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("redis-server on %s did not answer within 5 s (see %s)", s.addr(), log.Name())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// restart stops the server and starts it again on the same port: without
// persistence it comes back empty.
func (s *redisServer) restart() error {
	s.stop()
	return s.start()
}

func (s *redisServer) stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
}
