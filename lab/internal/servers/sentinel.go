package servers

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// Sentinel is a Redis Sentinel watching one primary, as SentinelMaster: the
// redis-server binary run with --sentinel (Debian's redis-server package
// has it; no other package is needed), a child process on a free loopback
// port, with its configuration file, which it rewrites, and its log in its
// directory. It is the only Sentinel, so its quorum is 1: it alone decides
// that the primary is down and promotes a replica.
//
// Its settings are those of a Sentinel tuned to fail over quickly: the
// primary is down once it has not answered for SentinelDownAfter
// (down-after-milliseconds; 30 s by default), and a failover may take
// SentinelFailoverTimeout. The replica is then promoted 1 to 2 s after
// the primary dies, on this kind of machine.
type Sentinel struct {
	dir  string
	port int
	cmd  *exec.Cmd
}

// SentinelMaster is the name a Sentinel knows its primary by, and its
// clients ask for (go-redis's FailoverOptions.MasterName).
const SentinelMaster = "dlock"

// The Sentinel's settings.
const (
	SentinelDownAfter = 500 * time.Millisecond
	// SentinelFailoverTimeout is long: a Sentinel also "fixes" a replica
	// that replicates another address than the primary's (the lab's
	// replica replicates through the lab's proxy), sending it REPLICAOF
	// the primary (+fix-slave-config), at its first look at the replica
	// (INFO, every 10 s) once the failover timeout has passed since it
	// found it: with 2 s, 10 s into a run. A run must not see that. The
	// timeout does not slow a first failover.
	SentinelFailoverTimeout = 10 * time.Minute
)

// StartSentinel starts a Sentinel in dir that watches the primary at
// primary (host:port), and returns once it knows replicas of it, as the
// primary reports them: it learns of them from the primary's INFO, and
// can promote only those.
func StartSentinel(dir, primary string, replicas int) (*Sentinel, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, fmt.Errorf("redis-server is not installed (Debian: apt-get install redis-server): %w", err)
	}
	host, port, err := net.SplitHostPort(primary)
	if err != nil {
		return nil, err
	}
	p, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Sentinel{dir: dir, port: p}
	conf := filepath.Join(dir, "sentinel.conf")
	cfg := strings.Join([]string{
		fmt.Sprintf("port %d", p), "bind 127.0.0.1", "daemonize no", "dir " + dir,
		fmt.Sprintf("sentinel monitor %s %s %s 1", SentinelMaster, host, port),
		fmt.Sprintf("sentinel down-after-milliseconds %s %d", SentinelMaster, SentinelDownAfter.Milliseconds()),
		fmt.Sprintf("sentinel failover-timeout %s %d", SentinelMaster, SentinelFailoverTimeout.Milliseconds()),
	}, "\n") + "\n"
	if err := os.WriteFile(conf, []byte(cfg), 0o644); err != nil {
		return nil, err
	}
	log, err := os.OpenFile(filepath.Join(dir, "sentinel.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer log.Close()
	s.cmd = exec.Command(bin, conf, "--sentinel")
	s.cmd.Stdout, s.cmd.Stderr = log, log
	// The Sentinel ends with the process that started it, however that ends.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	c := redis.NewSentinelClient(&redis.Options{Addr: s.Addr()})
	defer c.Close()
	ctx := context.Background()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		known, err := c.Replicas(ctx, SentinelMaster).Result()
		if err == nil && len(known) >= replicas {
			return s, nil
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("Sentinel on %s did not know %d replicas of %s within 15 s (it knows %d; %v; see %s)", s.Addr(), replicas, primary, len(known), err, log.Name())
		}
	}
}

// Addr is where the Sentinel listens (host:port).
func (s *Sentinel) Addr() string { return fmt.Sprintf("127.0.0.1:%d", s.port) }

// Stop kills the Sentinel and waits for it to end.
func (s *Sentinel) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
}
