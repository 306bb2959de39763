package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"dlock/core"

	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// Tick is one unit of the model's time in real time.
const Tick = time.Second

// Trace is a cell replayed on real software and judged (core.Recording).
type Trace = core.Recording

// reasons words, for the command line, why a cell is not replayed; the
// page words them from its own catalogue.
var reasons = map[core.NotReplayed]string{
	core.JumpedClock: "a clock jump: etcd times its leases with a monotonic clock, which a wall-clock jump does not move, and Redis times its keys' expiry by its own clock, which only libfaketime could move, under which Debian's Redis (jemalloc) aborts",
	core.NoLockDelay: "neither Redis nor etcd has a lock-delay (Chubby's): the lock is granted as soon as the lease has ended",
	core.SplitCheck:  "the real resource checks and writes in one UPDATE; a resource that checks and applies in two steps is the model's alone",
}

// Replayable says whether the lab can replay sc under st on real software,
// and if not, exactly why.
func Replayable(sc core.Scenario, st core.Strategy) (core.NotReplayed, bool) {
	for _, s := range sc.Steps {
		switch a := s.Action; {
		case a.Kind == core.ActJump:
			return core.JumpedClock, false
		}
	}
	switch {
	case sc.NonAtomic && st.Fenced():
		return core.SplitCheck, false
	case sc.LockDelay > 0 && st.TTL():
		return core.NoLockDelay, false
	}
	return "", true
}

// cell is one replay under way.
type cell struct {
	sc      core.Scenario
	st      core.Strategy
	dir     string
	redis   []*redisServer // one server, or Redlock's five
	rdb     *redis.Client  // the first
	etcd    *etcdCluster   // the consensus rows' lock service, shared by every run
	ecli    *clientv3.Client
	due     map[string]time.Time // client → when its lease ends, by the lab's clock
	held    map[string]heldAt    // message id → who holds it, under which grant
	db      *sql.DB
	key     string
	clients map[string]*proc
	ledger  *core.Ledger
	grants  map[string]int // client → the grant it holds
	start   time.Time
	trace   Trace
	step    int
	sent    int // the writes sent so far, numbered as the ledger wants
}

// proc is a client process.
type proc struct {
	name    string
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	paused  bool
	crashed bool
}

// Replay replays sc under st on real software, in dir, and judges the
// recording with core's rules.
func Replay(sc core.Scenario, st core.Strategy, dir string) (Trace, error) {
	if why, ok := Replayable(sc, st); !ok {
		return Trace{}, fmt.Errorf("%s under %s is not replayed: %s", sc.ID, st, reasons[why])
	}
	frames, err := core.Replay(sc, st)
	if err != nil {
		return Trace{}, err
	}
	c := &cell{sc: sc, st: st, dir: dir, key: "dlock:" + sc.ID + ":" + string(st), clients: map[string]*proc{},
		ledger: core.NewLedger(len(sc.Resources)), grants: map[string]int{}, due: map[string]time.Time{}, held: map[string]heldAt{}}
	if st.Durable() {
		c.key = "/dlock/" + sc.ID + "/" + string(st)
	}
	c.trace = Trace{Scenario: sc.ID, Strategy: st, Model: core.VerdictOf(frames),
		Service: "redis-server, SET NX without expiry", Resource: "SQLite row, plain UPDATE"}
	switch {
	case st.Durable():
		c.trace.Service = "etcd, 3 members embedded (TickMs 10, ElectionMs 100): concurrency.Mutex on a lease renewed only when the client renews; the token is the key's CreateRevision"
	case st.Nodes() > 1:
		c.trace.Service = fmt.Sprintf("%d redis-servers, Redlock: SET NX PX on each, held with %d, valid for the lease less the time taken and 1 %% + 2 ms", st.Nodes(), st.Quorum())
	case st.TTL():
		c.trace.Service = "redis-server, SET NX PX"
	}
	if st.Fenced() {
		c.trace.Resource = "SQLite row, UPDATE … WHERE max_token <= token"
	}
	defer c.close()
	if err := c.open(); err != nil {
		return Trace{}, err
	}
	for i, s := range sc.Steps {
		c.step = i + 2
		if err := c.do(s.Action); err != nil {
			return c.trace, fmt.Errorf("step %d (%s): %w", c.step, s.Action.Kind, err)
		}
	}
	stuck, err := c.stuck()
	if err != nil {
		return c.trace, err
	}
	c.trace.Verdict, c.trace.Harm = c.ledger.Verdict(stuck), c.ledger.Harm()
	return c.trace, nil
}

func (c *cell) open() error {
	var addrs []string
	service := []string{}
	if c.st.Durable() {
		var err error
		if c.etcd, err = sharedEtcd(); err != nil {
			return err
		}
		if c.ecli, err = clientv3.New(clientv3.Config{Endpoints: c.etcd.urls, DialTimeout: 5 * time.Second, Logger: zap.NewNop()}); err != nil {
			return err
		}
		service = []string{"-etcd", strings.Join(c.etcd.urls, ",")}
	}
	for i := range c.st.Nodes() {
		if c.st.Durable() {
			break
		}
		dir := filepath.Join(c.dir, fmt.Sprintf("node%d", i+1))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		s, err := startRedis(dir)
		if err != nil {
			return err
		}
		c.redis = append(c.redis, s)
		addrs = append(addrs, s.addr())
	}
	if len(addrs) > 0 {
		c.rdb = redis.NewClient(&redis.Options{Addr: addrs[0]})
		service = []string{"-redis", strings.Join(addrs, ",")}
	}
	var err error
	dbPath := filepath.Join(c.dir, "resource.db")
	if c.db, err = openStore(dbPath, c.sc.Resources); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	for _, name := range c.sc.Clients {
		fromReply := slices.Contains(c.sc.FromReply, name) && !c.st.CountsFromRequest()
		args := append([]string{"client", "-name", name, "-key", c.key, "-tokens", c.key + ":tokens",
			"-db", dbPath, "-ttl=" + strconv.FormatBool(c.st.TTL()), "-fenced=" + strconv.FormatBool(c.st.Fenced()),
			"-from-reply=" + strconv.FormatBool(fromReply)}, service...)
		cmd := exec.Command(self, args...)
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			return err
		}
		c.clients[name] = &proc{name: name, cmd: cmd, in: in, out: bufio.NewScanner(out)}
	}
	c.start = time.Now()
	return nil
}

func (c *cell) close() {
	for _, p := range c.clients {
		if p.cmd.Process != nil {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	}
	if c.db != nil {
		c.db.Close()
	}
	if c.rdb != nil {
		c.rdb.Close()
	}
	if c.ecli != nil {
		c.ecli.Close()
	}
	for _, s := range c.redis {
		s.stop()
	}
}

// log records one entry of the trace.
func (c *cell) log(client, call, result string) {
	c.trace.Calls = append(c.trace.Calls, core.RecordedCall{MS: time.Since(c.start).Milliseconds(), Step: c.step, Client: client, Call: call, Result: result})
}

// ask sends a request to a client, resuming it first if it is paused.
func (c *cell) ask(name string, req request) (reply, error) {
	p := c.clients[name]
	if p.crashed {
		return reply{}, fmt.Errorf("client %s has crashed", name)
	}
	if p.paused {
		if err := p.cmd.Process.Signal(syscall.SIGCONT); err != nil {
			return reply{}, err
		}
		p.paused = false
		c.log(name, "kill -CONT "+strconv.Itoa(p.cmd.Process.Pid), "the client runs again")
	}
	line, _ := json.Marshal(req)
	if _, err := p.in.Write(append(line, '\n')); err != nil {
		return reply{}, err
	}
	if !p.out.Scan() {
		return reply{}, fmt.Errorf("client %s stopped answering: %v", name, p.out.Err())
	}
	var r reply
	if err := json.Unmarshal(p.out.Bytes(), &r); err != nil {
		return reply{}, err
	}
	if r.Err != "" {
		return r, fmt.Errorf("client %s: %s: %s", name, r.Call, r.Err)
	}
	call := r.Call
	if call == "" {
		call = req.Op
	}
	c.log(name, call, r.Result)
	return r, nil
}

func (c *cell) resource(a core.Action) (int, string) {
	name := a.Resource
	if name == "" {
		name = c.sc.Resources[0]
	}
	return slices.Index(c.sc.Resources, name), name
}

// do carries out one action on the real systems, and tells the ledger what
// they did.
func (c *cell) do(a core.Action) error {
	lease := int64(max(a.Lease, 1)) * Tick.Milliseconds()
	switch a.Kind {
	case core.ActAcquire:
		if err := c.awaitExpiries(a.Client); err != nil {
			return err
		}
		r, err := c.ask(a.Client, request{Op: "acquire", LeaseMS: lease, Nodes: a.Nodes, Hold: a.Hold})
		if err == nil && r.OK {
			// The service granted it now, whenever the client hears it.
			c.grants[a.Client] = c.ledger.Grant(a.Client)
			c.due[a.Client] = time.Now().Add(time.Duration(lease) * time.Millisecond)
		}
		if err == nil {
			c.hold(a)
		}
		return err
	case core.ActRenew:
		r, err := c.ask(a.Client, request{Op: "renew", LeaseMS: lease, Hold: a.Hold})
		switch {
		case err != nil || !r.OK:
		case a.Hold != "":
			c.hold(a)
		default:
			c.due[a.Client] = time.Now().Add(time.Duration(lease) * time.Millisecond)
		}
		return err
	case core.ActRelease:
		r, err := c.ask(a.Client, request{Op: "release"})
		if err == nil && !r.Holds {
			delete(c.grants, a.Client)
		}
		return err
	case core.ActCheck:
		r, err := c.ask(a.Client, request{Op: "check"})
		if err == nil && !r.Holds {
			delete(c.grants, a.Client)
		}
		return err
	case core.ActWrite:
		i, name := c.resource(a)
		r, err := c.ask(a.Client, request{Op: "write", Resource: name, Value: a.Value, Hold: a.Hold})
		if err == nil && (r.OK || r.Sent) {
			c.sent++
		}
		switch {
		case err != nil || !r.OK:
		case a.Hold != "":
			c.hold(a)
		default:
			c.landed(i, c.grants[a.Client], c.sent)
		}
		return err
	case core.ActDeliver:
		h, ok := c.held[a.Message]
		if !ok {
			c.log("", "deliver "+a.Message, "nothing was sent")
			return nil
		}
		delete(c.held, a.Message)
		r, err := c.ask(h.client, request{Op: "deliver", Hold: a.Message})
		switch {
		case err != nil || !r.OK:
		case h.action.Kind == core.ActWrite:
			i, _ := c.resource(h.action)
			c.landed(i, h.grant, h.sent)
		case h.action.Kind == core.ActRenew:
			c.due[h.client] = time.Now().Add(time.Duration(max(h.action.Lease, 1)) * Tick)
		}
		return err
	case core.ActRead, core.ActPeek:
		i, name := c.resource(a)
		r, err := c.ask(a.Client, request{Op: string(a.Kind), Resource: name})
		if err == nil && r.OK {
			c.ledger.Read(i, c.grants[a.Client])
		}
		return err
	case core.ActPause:
		p := c.clients[a.Client]
		if !p.paused {
			if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
				return err
			}
			p.paused = true
		}
		c.log(a.Client, "kill -STOP "+strconv.Itoa(p.cmd.Process.Pid), fmt.Sprintf("paused for %d s", a.Ticks))
		time.Sleep(time.Duration(a.Ticks) * Tick)
		return nil
	case core.ActResume:
		p := c.clients[a.Client]
		if err := p.cmd.Process.Signal(syscall.SIGCONT); err != nil {
			return err
		}
		p.paused = false
		c.log(a.Client, "kill -CONT "+strconv.Itoa(p.cmd.Process.Pid), "the client runs again")
		return nil
	case core.ActCrash:
		p := c.clients[a.Client]
		if err := p.cmd.Process.Kill(); err != nil {
			return err
		}
		p.cmd.Wait()
		p.crashed = true
		delete(c.grants, a.Client)
		c.log(a.Client, "kill -KILL "+strconv.Itoa(p.cmd.Process.Pid), "the client is gone")
		return nil
	case core.ActTick:
		c.log("", "time passes", fmt.Sprintf("%d s", a.Ticks))
		time.Sleep(time.Duration(a.Ticks) * Tick)
		return nil
	case core.ActRestart:
		if c.etcd != nil {
			name, err := c.etcd.restartFollower()
			if err != nil {
				return err
			}
			c.log("", "restart etcd member "+name+", a follower (from its data directory)", "the cluster keeps its state; revisions keep increasing")
			return nil
		}
		if len(c.redis) > 1 {
			if err := c.redis[core.FaultyNode-1].restart(); err != nil {
				return err
			}
			c.log("", fmt.Sprintf("restart node %d's redis-server (no persistence)", core.FaultyNode), "it comes back empty: it forgets the lock")
			return nil
		}
		if err := c.redis[0].restart(); err != nil {
			return err
		}
		c.log("", "restart redis-server (no persistence)", "it comes back empty: no lock, token counter at 0")
		return nil
	}
	return fmt.Errorf("the lab cannot replay %s", a.Kind)
}

// heldAt is a message held in the network: the client holding it at its
// library boundary, the action that sent it, and the grant it was sent
// under.
type heldAt struct {
	client string
	action core.Action
	grant  int
	sent   int // a write: its number among the writes sent
}

// hold remembers a held message, if a holds one.
func (c *cell) hold(a core.Action) {
	if a.Hold != "" {
		c.held[a.Hold] = heldAt{client: a.Client, action: a, grant: c.grants[a.Client], sent: c.sent}
	}
}

// landed tells the ledger that resource i applied the sent-th write sent,
// made under grant g, and logs how it judged it.
func (c *cell) landed(i, g, sent int) {
	switch l := c.ledger.Landed(i, g, sent); {
	case l.Harm == core.HarmOverwrite:
		c.log("", "judged", fmt.Sprintf("overwrite: grant %d's write destroys %s's value", g, l.Overwritten))
	case l.Harm == core.HarmLostUpdate:
		c.log("", "judged", "lost update: the holder read before a late write landed")
	case l.Late:
		c.log("", "judged", fmt.Sprintf("late: grant %d's write lands after a newer grant", g))
	case l.Reordered:
		c.log("", "judged", fmt.Sprintf("reordered: grant %d's write lands after a later write of the same grant", g))
	}
}

// awaitExpiries waits, before client asks for the lock, until every other
// holder's lease that is due by now has really ended: etcd finds expired
// leases every 500 ms, so a lease due a moment ago may still hold its key.
// It waits for the lock's keys to go (at most 1.5 s past the due time),
// never for a lease that is not due.
func (c *cell) awaitExpiries(client string) error {
	if c.ecli == nil {
		return nil
	}
	var due time.Time
	for other, end := range c.due {
		if other != client && !end.After(time.Now()) && end.After(due) {
			due = end
		}
	}
	if due.IsZero() {
		return nil
	}
	ctx := context.Background()
	for deadline := due.Add(1500 * time.Millisecond); ; {
		got, err := c.ecli.Get(ctx, c.key+"/", clientv3.WithPrefix(), clientv3.WithCountOnly())
		if err != nil {
			return err
		}
		if got.Count == 0 {
			c.log("", "etcd Get "+c.key+"/ (prefix)", "no key: the due lease has ended")
			return nil
		}
		if time.Now().After(deadline) {
			c.log("", "etcd Get "+c.key+"/ (prefix)", fmt.Sprintf("%d keys 1.5 s after the lease was due", got.Count))
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sharedEtcd is the lab's etcd cluster, started on first use and stopped
// by stopEtcd.
var etcdOnce struct {
	sync.Once
	cluster *etcdCluster
	dir     string
	err     error
}

func sharedEtcd() (*etcdCluster, error) {
	etcdOnce.Do(func() {
		if etcdOnce.dir, etcdOnce.err = os.MkdirTemp("", "dlock-etcd-"); etcdOnce.err == nil {
			etcdOnce.cluster, etcdOnce.err = startEtcd(etcdOnce.dir)
		}
	})
	return etcdOnce.cluster, etcdOnce.err
}

// stopEtcd stops the shared cluster, if it was started, and removes its
// files.
func stopEtcd() {
	if etcdOnce.cluster != nil {
		etcdOnce.cluster.stop()
	}
	if etcdOnce.dir != "" {
		os.RemoveAll(etcdOnce.dir)
	}
}

// stuck reports whether, at the end, the lock or the resource can no longer
// be used correctly: a lock without expiry held by a crashed client, or a
// fenced resource that has seen a larger token than the holder's.
func (c *cell) stuck() (bool, error) {
	if c.etcd != nil {
		return false, nil // leases end, and CreateRevision only grows
	}
	if len(c.redis) > 1 {
		return false, nil // Redlock's keys always expire, and it has no tokens
	}
	ctx := context.Background()
	v, err := c.rdb.Get(ctx, c.key).Result()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	holder, tok, _ := strings.Cut(v, ":")
	token, _ := strconv.ParseInt(tok, 10, 64)
	ttl, err := c.rdb.PTTL(ctx, c.key).Result()
	if err != nil {
		return false, err
	}
	c.log("", "redis GET "+c.key+"; PTTL", fmt.Sprintf("%s, %v", v, ttl))
	if p := c.clients[holder]; p != nil && p.crashed && ttl < 0 {
		return true, nil
	}
	if c.st.Fenced() {
		for _, r := range c.sc.Resources {
			if _, max, err := state(c.db, r); err != nil {
				return false, err
			} else if max > token {
				return true, nil
			}
		}
	}
	return false, nil
}
