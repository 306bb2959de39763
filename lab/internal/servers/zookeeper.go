package servers

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ZooKeeper is a three-server ZooKeeper ensemble (Debian's zookeeper 3.8.0,
// on the machine's Java), each server a child process: a lock service
// replicated by ZAB. It starts in two or three seconds. Its tick is 100 ms,
// so a session may be as short as 200 ms (minSessionTimeout) and as long as
// a minute; the leader looks for empty container znodes, which it deletes,
// every ContainerCheck (Curator's lock makes its parent a container). Each
// server's log is a file in its directory.
type ZooKeeper struct {
	mu      sync.Mutex // one restart at a time: runs share the ensemble
	java    string
	servers []*zkServer
}

// ContainerCheck is how often the ensemble's leader deletes the empty
// container znodes that once had children: ZooKeeper's default is a minute;
// the lab's is short enough that a run sees it.
const ContainerCheck = 500 * time.Millisecond

// zooKeeperJar and zooKeeperConf are where Debian's zookeeper package puts
// the server and its logging configuration; zooKeeperLogging are the jars
// (its dependencies) through which the server logs, with that
// configuration, to its standard output.
const (
	zooKeeperJar  = "/usr/share/java/zookeeper.jar"
	zooKeeperConf = "/etc/zookeeper/conf"
)

var zooKeeperLogging = []string{"/usr/share/java/slf4j-log4j12.jar", "/usr/share/java/log4j-1.2.jar"}

type zkServer struct {
	id   int
	dir  string
	port int // the client port
	cmd  *exec.Cmd
}

// StartZooKeeper starts an ensemble with each server's data, configuration
// and log under dir, and returns once all three serve requests.
func StartZooKeeper(dir string) (*ZooKeeper, error) {
	java, err := exec.LookPath("java")
	if err != nil {
		return nil, fmt.Errorf("java is not installed (Debian: apt-get install zookeeper brings it): %w", err)
	}
	if _, err := os.Stat(zooKeeperJar); err != nil {
		return nil, fmt.Errorf("ZooKeeper is not installed (Debian: apt-get install zookeeper): %w", err)
	}
	z := &ZooKeeper{java: java}
	ports, err := freePorts(9) // each server's client, quorum and election ports
	if err != nil {
		return nil, err
	}
	var quorum []string
	for i := range 3 {
		s := &zkServer{id: i + 1, dir: filepath.Join(dir, fmt.Sprintf("zk%d", i+1)), port: ports[3*i]}
		z.servers = append(z.servers, s)
		quorum = append(quorum, fmt.Sprintf("server.%d=127.0.0.1:%d:%d", s.id, ports[3*i+1], ports[3*i+2]))
	}
	for _, s := range z.servers {
		if err := os.MkdirAll(filepath.Join(s.dir, "data"), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(s.dir, "data", "myid"), []byte(fmt.Sprintln(s.id)), 0o644); err != nil {
			return nil, err
		}
		// forceSync=no: the log is written but not synced, which a server
		// process that stops (the lab's restarts) does not lose; preAllocSize
		// keeps each log file small.
		cfg := strings.Join(append([]string{
			"tickTime=100", "initLimit=50", "syncLimit=20",
			"minSessionTimeout=200", "maxSessionTimeout=60000",
			"dataDir=" + filepath.Join(s.dir, "data"),
			fmt.Sprintf("clientPort=%d", s.port), "clientPortAddress=127.0.0.1",
			"admin.enableServer=false", "4lw.commands.whitelist=*",
			"forceSync=no", "preAllocSize=1024",
		}, quorum...), "\n") + "\n"
		if err := os.WriteFile(filepath.Join(s.dir, "zoo.cfg"), []byte(cfg), 0o644); err != nil {
			return nil, err
		}
	}
	for _, s := range z.servers {
		if err := z.start(s); err != nil {
			z.Stop()
			return nil, err
		}
	}
	for _, s := range z.servers {
		if _, err := s.await(); err != nil {
			z.Stop()
			return nil, err
		}
	}
	return z, nil
}

// start starts server s's process; it serves once await says so.
func (z *ZooKeeper) start(s *zkServer) error {
	log, err := os.OpenFile(filepath.Join(s.dir, "zookeeper.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	// A small heap, the serial collector and the first JIT tier only: a
	// server that starts in about a second and uses little of the machine.
	s.cmd = exec.Command(z.java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
		"-Dzookeeper.root.logger=INFO,CONSOLE",
		fmt.Sprintf("-Dznode.container.checkIntervalMs=%d", ContainerCheck.Milliseconds()),
		"-cp", strings.Join(append([]string{zooKeeperConf, zooKeeperJar}, zooKeeperLogging...), ":"),
		"org.apache.zookeeper.server.quorum.QuorumPeerMain", filepath.Join(s.dir, "zoo.cfg"))
	s.cmd.Dir = s.dir
	s.cmd.Stdout, s.cmd.Stderr = log, log
	// The server ends with the process that started it, however that ends.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	return s.cmd.Start()
}

// await waits, at most 30 s, until s serves requests as a member of the
// quorum, and returns its mode (leader or follower).
func (s *zkServer) await() (string, error) {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if mode, err := s.mode(); err == nil {
			return mode, nil
		}
	}
	return "", fmt.Errorf("ZooKeeper server %d did not serve within 30 s; its log ends:\n%s", s.id, logTail(filepath.Join(s.dir, "zookeeper.log")))
}

// errNotServing: the server answered, but does not serve requests (it is
// not in a quorum yet).
var errNotServing = errors.New("not serving requests")

// mode asks s, with the four-letter command srvr, whether it serves, and
// as what. An early connection may hang: the answer is read with a
// deadline.
func (s *zkServer) mode() (string, error) {
	conn, err := net.DialTimeout("tcp", s.addr(), time.Second)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Second))
	if _, err := conn.Write([]byte("srvr")); err != nil {
		return "", err
	}
	lines := bufio.NewScanner(conn)
	for lines.Scan() {
		if mode, ok := strings.CutPrefix(lines.Text(), "Mode: "); ok {
			return mode, nil
		}
	}
	return "", errNotServing
}

// logTail is the last lines of the log file at path.
func logTail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(len(lines)-15, 0):], "\n")
}

func (s *zkServer) addr() string { return fmt.Sprintf("127.0.0.1:%d", s.port) }

// Endpoints are the servers' client addresses (host:port).
func (z *ZooKeeper) Endpoints() []string {
	var a []string
	for _, s := range z.servers {
		a = append(a, s.addr())
	}
	return a
}

// RestartFollower kills a server that is not the leader and starts it
// again from its data directory: it rejoins and catches up; the ensemble
// keeps its state, and its zxids keep increasing. Not the leader: the
// leader tracks the sessions, and a new one gives every session a full
// timeout again, which would make a run depend on which server happened to
// lead. The clients connected to the server lose their connection and
// reconnect to another, in the same session. Where KillLeader has killed
// a server, that server is the one started again: it rejoins as a
// follower, as a crashed server does once restarted. It returns the
// server's id.
func (z *ZooKeeper) RestartFollower() (int, error) {
	z.mu.Lock()
	defer z.mu.Unlock()
	var s *zkServer
	for _, c := range z.servers {
		if c.cmd == nil {
			s = c
			break
		}
		if mode, err := c.mode(); err == nil && mode == "follower" {
			s = c
		}
	}
	if s == nil {
		return 0, errors.New("no ZooKeeper server serves as a follower")
	}
	s.kill()
	if err := z.start(s); err != nil {
		return 0, err
	}
	if _, err := s.await(); err != nil {
		return 0, err
	}
	return s.id, nil
}

// AvoidLeading makes sure server id does not lead: where it does, it is
// restarted, and one of the others is elected (ZooKeeper has no command
// that hands leadership over). The lab calls it on an ensemble of a run's
// own before the run begins, so that the server a client's connection of
// its own reaches (the first) is not the one a failover kills. It returns
// once all three serve.
func (z *ZooKeeper) AvoidLeading(id int) error {
	z.mu.Lock()
	defer z.mu.Unlock()
	s := z.servers[id-1]
	if mode, err := s.mode(); err != nil || mode != "leader" {
		return err
	}
	s.kill()
	if err := z.start(s); err != nil {
		return err
	}
	for _, c := range z.servers {
		if _, err := c.await(); err != nil {
			return err
		}
	}
	if mode, err := s.mode(); err != nil || mode == "leader" {
		return fmt.Errorf("ZooKeeper server %d leads again after its restart (%v)", id, err)
	}
	return nil
}

// KillLeader kills the server that leads (kill -9), as a crash does, and
// tells killed its id and process id, at once. It returns once the two
// others serve again, one of them as the new leader: its id, and how long
// after the kill it served. The killed server stays down until
// RestartFollower starts it again. Its clients lose their connection and
// reconnect to another server, in the same session; the new leader tracks
// every session again, each with its full timeout (its SessionTracker
// starts afresh).
func (z *ZooKeeper) KillLeader(killed func(old, pid int)) (elected int, took time.Duration, err error) {
	z.mu.Lock()
	defer z.mu.Unlock()
	leader := z.leader()
	if leader == nil {
		return 0, 0, errors.New("no ZooKeeper server serves as the leader")
	}
	pid := leader.cmd.Process.Pid
	leader.kill()
	at := time.Now()
	killed(leader.id, pid)
	for deadline := at.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		serving := 0
		for _, s := range z.servers {
			if _, err := s.mode(); s != leader && err == nil {
				serving++
			}
		}
		if l := z.leader(); serving == len(z.servers)-1 && l != nil {
			return l.id, time.Since(at), nil
		}
	}
	return 0, time.Since(at), fmt.Errorf("no ZooKeeper server led within 30 s of server %d's kill", leader.id)
}

// leader is the server that serves as the leader now (nil for none).
func (z *ZooKeeper) leader() *zkServer {
	for _, s := range z.servers {
		if mode, err := s.mode(); err == nil && mode == "leader" {
			return s
		}
	}
	return nil
}

// kill kills the server's process, as a crash does: what it has written
// to its log stays on disk.
func (s *zkServer) kill() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
}

func (s *zkServer) stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
		s.cmd = nil
	}
}

// Stop stops every server.
func (z *ZooKeeper) Stop() {
	for _, s := range z.servers {
		s.stop()
	}
}

// Backup copies each server's data directory (its snapshots and
// transaction logs, and the epochs it has seen) into dir: the backup
// ZooKeeper's administrator's guide describes, taken while the ensemble
// runs.
func (z *ZooKeeper) Backup(dir string) error {
	z.mu.Lock()
	defer z.mu.Unlock()
	for _, s := range z.servers {
		if err := os.CopyFS(filepath.Join(dir, fmt.Sprintf("zk%d", s.id)), os.DirFS(filepath.Join(s.dir, "data"))); err != nil {
			return err
		}
	}
	return nil
}

// Restore kills every server, puts the data directories Backup copied into
// dir in place of theirs, and starts the ensemble again; it returns once
// all three serve. The ensemble has the data it had at the backup; it
// elects a leader anew, in an epoch one above the last it had seen then.
func (z *ZooKeeper) Restore(dir string) error {
	z.mu.Lock()
	defer z.mu.Unlock()
	for _, s := range z.servers {
		s.kill()
	}
	for _, s := range z.servers {
		data := filepath.Join(s.dir, "data")
		if err := os.RemoveAll(data); err != nil {
			return err
		}
		if err := os.CopyFS(data, os.DirFS(filepath.Join(dir, fmt.Sprintf("zk%d", s.id)))); err != nil {
			return err
		}
	}
	for _, s := range z.servers {
		if err := z.start(s); err != nil {
			return err
		}
	}
	for _, s := range z.servers {
		if _, err := s.await(); err != nil {
			return err
		}
	}
	return nil
}
