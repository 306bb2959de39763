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

// Trace is a run replayed on real software and judged (core.Recording).
type Trace = core.Recording

// reasons words, for the command line, why a cell is not replayed; the
// page words them from its own catalogue.
var reasons = map[core.NotReplayed]string{
	core.JumpedClock:     "a clock jump: etcd times its leases with a monotonic clock, which a step of the system clock does not move, and Redis times its keys' expiry by its own clock, which only libfaketime could move, under which Debian's Redis (jemalloc) aborts; stepping the machine's clock would move it, which the lab will not do",
	core.NoLockDelay:     "neither Redis nor etcd has a lock-delay (Chubby's): the lock is granted as soon as the lease has ended",
	core.CallInPartition: "the client calls its lock service while a renewal of its own is held: the lab holds a renewal as a partition between the client and its lock service, both ways (so that the library's own keep-alives are held too), and the call would wait in it until the renewal is delivered, where the model lets it through",
	core.NoRestore:       "the lock service is backed up and restored, which the lab does not stage",
}

// libraryRenews says whether, in sc, the lease is kept alive by the client's
// library (etcd's Session; for Redis, a renewal loop in the client process)
// rather than by the client at its renew steps: in the built-in scenarios
// whose renewals are a holder's heartbeat (heartbeat, heartbeat-pause,
// partitioned-holder). A script renews at its renew items.
func libraryRenews(sc core.Scenario) bool {
	if sc.ID == core.PlayScenario {
		return false
	}
	return slices.ContainsFunc(sc.Steps, func(s core.Step) bool { return s.Action.Kind == core.ActRenew })
}

// service is the lab's own view of a lock service, beside the clients'.
type service interface {
	// held reports whether the service holds the lock for someone (Redlock:
	// on a majority of its nodes).
	held(ctx context.Context) (bool, error)
	// watch reports what the service itself does to the lock's key (set,
	// deleted, expired), as it happens, until ctx ends, and calls ended
	// when a lease ends by itself: with the holder's token (etcd), or 0
	// for whoever holds the one key (one Redis server; Redlock's nodes
	// are not watched for it).
	watch(ctx context.Context, log func(call, result string), ended func(token int64))
	// addrs are the servers a client reaches, in order.
	addrs() []string
	restart() (string, error) // restarts the node a restart strikes, and says which
	close()
}

// cell is one run under way.
type cell struct {
	sc      core.Scenario
	st      core.Strategy
	frames  []core.Frame // the model's run, step by step
	dir     string
	library bool
	svc     service
	db      *sql.DB
	key     string
	clients map[string]*proc
	proxies map[string][]*netProxy // each client's network: a proxy per server
	// apart are, for etcd, each client's proxies for the client of its own
	// that carries a held request (EtcdLock.Prepare's apart), so that
	// holding that request's answer can catch no other call.
	apart  map[string][]*netProxy
	ledger *core.Ledger
	grants map[string]int // client → the grant it holds, as the service issued them
	last   int            // the last grant the service made
	// holder is who holds the lock at the service, as far as the lab
	// knows; leases are the ends of their leases, where the library
	// renews (index into trace.Leases, by client).
	holder string
	leases map[string]int
	sent   int // the writes sent so far
	held   map[string]heldAt
	start  time.Time
	// stopWatch ends the lab's watch of the service.
	stopWatch context.CancelFunc

	mu    sync.Mutex // the trace: the clients' libraries and the service log into it
	trace Trace
	step  int
}

// proc is a client process.
type proc struct {
	name    string
	cmd     *exec.Cmd
	in      io.WriteCloser
	replies chan reply
	paused  bool
	crashed bool
	holds   bool // what it said it believes, after its last answer
	token   int64
}

// heldAt is a message held: the client that sent it, the action, the grant
// it was sent under, and for a write its number among the writes sent.
type heldAt struct {
	client string
	action core.Action
	grant  int
	sent   int
}

// Replay replays sc under st on real software, in dir, compares every step
// with the model's, and judges the recording with core's rules.
func Replay(sc core.Scenario, st core.Strategy, dir string) (Trace, error) {
	if why, ok := core.Replayable(sc, st); !ok {
		return Trace{}, fmt.Errorf("%s under %s is not replayed: %s", sc.ID, st, reasons[why])
	}
	frames, err := core.Replay(sc, st)
	if err != nil {
		return Trace{}, err
	}
	c := &cell{sc: sc, st: st, frames: frames, dir: dir, library: libraryRenews(sc) && st.TTL(), clients: map[string]*proc{},
		proxies: map[string][]*netProxy{}, apart: map[string][]*netProxy{}, ledger: core.NewLedger(len(sc.Resources)), grants: map[string]int{}, held: map[string]heldAt{}, leases: map[string]int{}}
	c.key = "dlock:" + filepath.Base(dir)
	if st.Durable() {
		c.key = "/dlock/" + filepath.Base(dir)
	}
	c.trace = Trace{Scenario: sc.ID, Strategy: st, Model: core.VerdictOf(frames), Resource: "SQLite row, plain UPDATE"}
	if sc.ID == core.PlayScenario {
		c.trace.Script = core.ScriptOf(sc)
	}
	c.trace.Renewal = "client"
	if c.library {
		c.trace.Renewal = "library"
	}
	if st.Fenced() {
		c.trace.Resource = "SQLite row, UPDATE … WHERE max_token <= token"
		if sc.NonAtomic {
			c.trace.Resource = "SQLite row, SELECT max_token, then UPDATE without a check"
		}
	}
	defer c.close()
	if err := c.open(); err != nil {
		return Trace{}, err
	}
	for i, s := range sc.Steps {
		c.step = i + 2
		if err := c.do(s.Action, frames[i], frames[i+1]); err != nil {
			return c.trace, fmt.Errorf("step %d (%s): %w", c.step, core.ItemOf(s.Action), err)
		}
	}
	c.awaitLibraries()
	stuck, err := c.stuck()
	if err != nil {
		return c.trace, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trace.Verdict, c.trace.Harm = c.ledger.Verdict(stuck), c.ledger.Harm()
	for _, s := range c.trace.Steps {
		if !s.Agrees {
			c.trace.FirstDiffers = s.Step
			break
		}
	}
	return c.trace, nil
}

func (c *cell) open() error {
	var err error
	service := "plain"
	switch {
	case c.st.Durable():
		service = "etcd"
		c.svc, err = newEtcdService(c.key)
		c.trace.Service = "etcd, 3 members embedded (TickMs 10, ElectionMs 100): the concurrency package's Session and Mutex; the token is the lock key's CreateRevision"
		if !c.library {
			c.trace.Service += "; the session's keep-alive stopped once the lock is held (Session.Orphan): the client renews at its renew steps"
		}
	case c.st.Nodes() > 1:
		service = "redlock"
		c.svc, err = newRedisService(filepath.Join(c.dir, "redis"), c.st.Nodes(), c.key)
		c.trace.Service = "five redis-servers, go-redsync/redsync v4.13.0 (Redlock): TryLock, Extend, Unlock; no token"
	case c.st.TTL() && c.st.Fenced():
		service = "fenced"
		c.svc, err = newRedisService(filepath.Join(c.dir, "redis"), 1, c.key)
		c.trace.Service = "redis-server: one Lua script SET NX PX, then INCR of the token counter if set (the grant and its token in one atomic step)"
	case c.st.TTL():
		service = "redislock"
		c.svc, err = newRedisService(filepath.Join(c.dir, "redis"), 1, c.key)
		c.trace.Service = "redis-server, bsm/redislock v0.9.4: Obtain, Refresh, Release; no token"
	default:
		c.svc, err = newRedisService(filepath.Join(c.dir, "redis"), 1, c.key)
		c.trace.Service = "redis-server: one Lua script SET NX (no expiry), then INCR of the token counter if set"
	}
	if err != nil {
		c.svc = nil // not a nil pointer in the interface, which close would call
		return err
	}
	if c.library && service != "etcd" {
		c.trace.Service += "; a renewal loop in the client process every third of the lease"
	}
	dbPath := filepath.Join(c.dir, "resource.db")
	if c.db, err = openStore(dbPath, c.sc.Resources); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	for _, name := range c.sc.Clients {
		var addrs, apart []string
		for _, a := range c.svc.addrs() {
			p, err := newNetProxy(a)
			if err != nil {
				return err
			}
			c.proxies[name] = append(c.proxies[name], p)
			addrs = append(addrs, p.addr)
			if service == "etcd" {
				q, err := newNetProxy(a)
				if err != nil {
					return err
				}
				c.apart[name] = append(c.apart[name], q)
				apart = append(apart, q.addr)
			}
		}
		fromReply := slices.Contains(c.sc.FromReply, name) && !c.st.CountsFromRequest()
		args := []string{"client", "-name", name, "-service", service, "-addrs", strings.Join(addrs, ","),
			"-key", c.key, "-tokens", c.key + ":tokens", "-db", dbPath,
			"-fenced=" + strconv.FormatBool(c.st.Fenced()), "-from-reply=" + strconv.FormatBool(fromReply),
			"-library=" + strconv.FormatBool(c.library), "-apart-addrs", strings.Join(apart, ",")}
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
		p := &proc{name: name, cmd: cmd, in: in, replies: make(chan reply)}
		c.clients[name] = p
		go c.listen(p, out)
	}
	c.start = time.Now()
	ctx, stop := context.WithCancel(context.Background())
	c.svc.watch(ctx, func(call, result string) { c.log("", call, result) }, c.ended)
	c.stopWatch = stop
	return nil
}

// listen reads a client's lines: its answers, which ask waits for, and what
// its library did on its own, logged as it comes.
func (c *cell) listen(p *proc, out io.Reader) {
	lines := bufio.NewScanner(out)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		var l line
		if json.Unmarshal(lines.Bytes(), &l) != nil {
			continue
		}
		if l.Reply != nil {
			p.replies <- *l.Reply
			continue
		}
		c.log(p.name, "library", l.Event)
		if l.Lost {
			c.libraryLost(p.name)
		}
	}
	close(p.replies)
}

func (c *cell) close() {
	if c.stopWatch != nil {
		c.stopWatch()
	}
	for _, p := range c.clients {
		if p.cmd.Process != nil {
			p.cmd.Process.Signal(syscall.SIGCONT)
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	}
	for _, name := range c.sc.Clients {
		for _, p := range c.network(name) {
			p.close()
		}
	}
	if c.db != nil {
		c.db.Close()
	}
	if c.svc != nil {
		c.svc.close()
	}
}

// log records one entry of the trace.
func (c *cell) log(client, call, result string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trace.Calls = append(c.trace.Calls, core.RecordedCall{MS: c.ms(), Step: c.step, Client: client, Call: call, Result: result})
}

// askLimit is how long a client may take to answer one request: each
// answers at once but for a library call on a lock service, which takes
// milliseconds; a client waiting longer is stuck, and the run fails
// rather than wait for ever.
const askLimit = 30 * time.Second

// ask sends a request to a client, resuming it first if it is paused, and
// waits for its answer (at most askLimit).
func (c *cell) ask(name string, req request) (reply, error) {
	p := c.clients[name]
	if p.crashed {
		return reply{}, fmt.Errorf("client %s has crashed", name)
	}
	c.resume(p)
	b, _ := json.Marshal(req)
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		return reply{}, err
	}
	var r reply
	var ok bool
	select {
	case r, ok = <-p.replies:
	case <-time.After(askLimit):
		return reply{}, fmt.Errorf("client %s did not answer %q within %s", name, req.Op, askLimit)
	}
	if !ok {
		return reply{}, fmt.Errorf("client %s stopped answering", name)
	}
	if r.Err != "" {
		return r, fmt.Errorf("client %s: %s", name, r.Err)
	}
	if r.Outcome == "error" {
		return r, fmt.Errorf("client %s: %s: %s", name, r.Call, r.Result)
	}
	c.mu.Lock()
	p.holds, p.token = r.Holds, r.Token
	c.mu.Unlock()
	c.log(name, r.Call, r.Result)
	return r, nil
}

func (c *cell) resume(p *proc) {
	if p.paused {
		p.cmd.Process.Signal(syscall.SIGCONT)
		p.paused = false
		c.log(p.name, "kill -CONT "+strconv.Itoa(p.cmd.Process.Pid), "the client runs again")
	}
}

func (c *cell) resource(a core.Action) (int, string) {
	name := a.Resource
	if name == "" {
		name = c.sc.Resources[0]
	}
	return slices.Index(c.sc.Resources, name), name
}

// do carries out one action on the real systems, tells the ledger what
// they did, and records the step beside the model's: prev is the model's
// frame before it, f after.
func (c *cell) do(a core.Action, prev, f core.Frame) error {
	lease := int64(a.Lease) * Tick.Milliseconds()
	real, timing := "-", ""
	var err error
	switch a.Kind {
	case core.ActAcquire:
		real, timing, err = c.acquire(a, lease, f.Event)
	case core.ActRenew:
		// A held renewal is a partition between the client and its lock
		// service, made before the client sends it.
		partitioned := a.Hold != "" && c.clients[a.Client].holds
		if partitioned {
			c.partition(a.Client, true)
		} else if f.Event.Result == core.ResultRefused && c.clients[a.Client].holds && !c.library {
			if timing, err = c.afterModelLeaseEnd("renewal"); err != nil {
				return err
			}
		}
		var r reply
		if r, err = c.ask(a.Client, request{Op: "renew", LeaseMS: lease, Hold: a.Hold}); err == nil {
			real = r.Outcome
			if r.Outcome == "held" {
				c.hold(a)
			} else if partitioned {
				c.partition(a.Client, false)
			}
			if c.library && r.Outcome != "skipped" {
				timing = "the library renews on its own, every third of the lease, not at this step"
			}
		}
	case core.ActRelease:
		var r reply
		if f.Event.Result == core.ResultRefused && c.clients[a.Client].holds {
			if timing, err = c.afterModelLeaseEnd("release"); err != nil {
				return err
			}
		}
		c.released(a.Client) // first: the service's deletion may be seen before the answer
		if r, err = c.ask(a.Client, request{Op: "release"}); err == nil {
			real = r.Outcome
			delete(c.grants, a.Client)
		}
	case core.ActCheck:
		var r reply
		if r, err = c.ask(a.Client, request{Op: "check"}); err == nil {
			real = r.Outcome
		}
	case core.ActWrite:
		i, name := c.resource(a)
		var r reply
		r, err = c.ask(a.Client, request{Op: "write", Resource: name, Value: a.Value, Hold: a.Hold, Split: c.sc.NonAtomic && c.st.Fenced()})
		if err == nil {
			real = r.Outcome
			if r.Sent {
				c.sent++
			}
			switch r.Outcome {
			case "held", "checked":
				c.hold(a)
			case "applied":
				c.landed(i, c.grants[a.Client], c.sent)
			}
		}
	case core.ActRead, core.ActPeek:
		i, name := c.resource(a)
		var r reply
		if r, err = c.ask(a.Client, request{Op: string(a.Kind), Resource: name}); err == nil {
			real = r.Outcome
			if strings.HasPrefix(r.Outcome, "read ") {
				c.ledger.Read(i, c.grants[a.Client])
			}
		}
	case core.ActDeliver:
		real, err = c.deliver(a)
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
	case core.ActResume:
		c.resume(c.clients[a.Client])
	case core.ActCrash:
		// What its network holds for it is lost with it.
		for _, n := range c.network(a.Client) {
			n.set(drop, drop)
		}
		p := c.clients[a.Client]
		p.cmd.Process.Kill()
		p.cmd.Wait()
		p.crashed, p.holds = true, false
		c.log(a.Client, "kill -KILL "+strconv.Itoa(p.cmd.Process.Pid), "the client is gone")
	case core.ActTick:
		c.log("", "time passes", fmt.Sprintf("%d s", a.Ticks))
		time.Sleep(time.Duration(a.Ticks) * Tick)
	case core.ActJump:
		// Only a lock without TTL is replayed with a jump (Replayable).
		c.log("", "the service's clock jumps", "a lock without TTL has no expiry for a clock to move: nothing changes")
	case core.ActRestart:
		var which string
		if which, err = c.svc.restart(); err == nil {
			c.log("", "restart "+which, "")
		}
	default:
		err = fmt.Errorf("the lab cannot stage %s", a.Kind)
	}
	if err != nil {
		return err
	}
	return c.compare(a, prev, f, real, timing)
}

// waitLeaseEnd waits, at most bound, until the service holds the lock
// for nobody, and says how long it waited.
func (c *cell) waitLeaseEnd(ctx context.Context, bound time.Duration) (time.Duration, error) {
	waited := time.Now()
	for {
		held, err := c.svc.held(ctx)
		if err != nil {
			return 0, err
		}
		if !held || time.Since(waited) > bound {
			return time.Since(waited), nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// afterModelLeaseEnd waits before a renewal or a release (what) that the
// model refuses, its lease having ended at its tick: etcd ends a lease up
// to 0.5 s later, so the lab waits for the service to end it, as before an
// acquire. It returns the wait as timing ("" for none worth saying).
func (c *cell) afterModelLeaseEnd(what string) (string, error) {
	w, err := c.waitLeaseEnd(context.Background(), 2*time.Second)
	if err != nil || w <= 50*time.Millisecond {
		return "", err
	}
	timing := fmt.Sprintf("%s sent %.1f s after its step: the service ended the lease that late", what, w.Seconds())
	c.log("", "wait", timing)
	return timing, nil
}

// acquire asks for the lock. Where the model grants it and the real service
// still holds an earlier lease, it waits a little for that lease to end:
// etcd ends a lease up to 0.5 s past its TTL, and a library's own renewals
// move the end by up to a third of the lease. Waiting changes when the
// grant comes, not whether it does: it is listed apart, as timing.
func (c *cell) acquire(a core.Action, lease int64, model core.Event) (string, string, error) {
	ctx := context.Background()
	timing := ""
	if model.Grant != 0 {
		bound := 2 * time.Second
		if c.library {
			bound += time.Duration(lease) * time.Millisecond / 3
		}
		w, err := c.waitLeaseEnd(ctx, bound)
		if err != nil {
			return "", "", err
		}
		if w > 50*time.Millisecond {
			timing = fmt.Sprintf("granted %.1f s after its step: the service still held the earlier lease", w.Seconds())
			c.log("", "wait", timing)
		}
	}
	if _, err := c.ask(a.Client, request{Op: "prepare", LeaseMS: lease, Hold: a.Hold}); err != nil {
		return "", "", err
	}
	// Redlock's client reaches only the nodes the action names: the others
	// are cut off at the client's network while it asks.
	var cut []*netProxy
	if len(a.Nodes) > 0 && len(c.proxies[a.Client]) > 1 {
		for k, p := range c.proxies[a.Client] {
			if !slices.Contains(a.Nodes, k+1) {
				p.refuse()
				cut = append(cut, p)
			}
		}
		c.log(a.Client, "network", "nodes "+nodeList(a.Nodes)+" reachable, the others cut off")
	}
	defer func() {
		for _, p := range cut {
			p.reopen()
		}
	}()
	if a.Hold != "" {
		// The answer is held in the network on its way back, on the
		// connection that carries the request (and only on it); the
		// service decides now.
		was, err := c.svc.held(ctx)
		if err != nil {
			return "", "", err
		}
		var reached []*netProxy
		carriers := c.proxies[a.Client]
		if len(c.apart[a.Client]) > 0 {
			carriers = c.apart[a.Client]
		}
		for _, p := range carriers {
			if !slices.Contains(cut, p) {
				p.holdAnswer(a.Hold)
				reached = append(reached, p)
			}
		}
		if _, err := c.ask(a.Client, request{Op: "acquire", LeaseMS: lease, Hold: a.Hold}); err != nil {
			return "", "", err
		}
		// The library sends the request in the background: the step is
		// over once it has gone out.
		for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if !slices.ContainsFunc(reached, func(p *netProxy) bool { return !p.requestSent(a.Hold) }) {
				break
			}
		}
		granted := false
		for deadline := time.Now().Add(time.Second); !was && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if granted, err = c.svc.held(ctx); err != nil || granted {
				break
			}
		}
		c.hold(a)
		if granted {
			c.grant(a.Client)
			c.log("", "the service", "granted "+a.Client+"'s request; its answer is held in the network")
			return "held (granted)", timing, nil
		}
		return "held (refused)", timing, nil
	}
	r, err := c.ask(a.Client, request{Op: "acquire", LeaseMS: lease})
	if err != nil {
		return "", "", err
	}
	if r.Outcome == "granted" {
		c.grant(a.Client)
	}
	return r.Outcome, timing, nil
}

// grant tells the ledger the service granted the lock to client.
func (c *cell) grant(client string) {
	c.last = c.ledger.Grant(client)
	c.grants[client] = c.last
	c.mu.Lock()
	defer c.mu.Unlock()
	c.holder = client
	if c.library {
		c.trace.Leases = append(c.trace.Leases, core.RealLeaseEnd{Client: client, Granted: c.ms()})
		c.leases[client] = len(c.trace.Leases) - 1
	}
}

// released: client gave the lock back, so its lease did not end by itself.
func (c *cell) released(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.leases, client)
	if c.holder == client {
		c.holder = ""
	}
}

// ended records that the service ended a lease by itself: the holder's
// with token (etcd), or the one key's holder (token 0).
func (c *cell) ended(token int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	who := c.holder
	if token != 0 {
		who = ""
		for n, p := range c.clients {
			if p.token == token {
				who = n
			}
		}
	}
	if who == c.holder {
		c.holder = ""
	}
	if i, ok := c.leases[who]; ok && c.trace.Leases[i].Service == 0 {
		c.trace.Leases[i].Service = c.ms()
	}
}

// libraryLost records that client's library said its lease is gone.
// awaitLibraries waits, at most libraryWord, for the libraries of the
// clients still running to say that a lease the service has ended is gone:
// etcd's client looks once a second, so a run that ends as a stopped
// client resumes would otherwise end before its library speaks.
func (c *cell) awaitLibraries() {
	if !c.library {
		return
	}
	for deadline := time.Now().Add(libraryWord); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		c.mu.Lock()
		waiting := false
		for _, l := range c.trace.Leases {
			p := c.clients[l.Client]
			waiting = waiting || l.Service != 0 && l.Library == 0 && p != nil && !p.crashed && !p.paused
		}
		c.mu.Unlock()
		if !waiting {
			return
		}
	}
}

// libraryWord is how long a run waits at its end for a library's word.
const libraryWord = 2500 * time.Millisecond

func (c *cell) libraryLost(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.leases[client]; ok && c.trace.Leases[i].Library == 0 {
		c.trace.Leases[i].Library = c.ms()
	}
}

// ms is the time since the run started, in ms.
func (c *cell) ms() int64 { return time.Since(c.start).Milliseconds() }

// network is every proxy between client and its lock service.
func (c *cell) network(client string) []*netProxy {
	return append(slices.Clone(c.proxies[client]), c.apart[client]...)
}

// partition holds every byte between client and its lock service, both
// ways (on), or lets them pass again, held ones first (off).
func (c *cell) partition(client string, on bool) {
	f := pass
	if on {
		f = hold
	}
	for _, p := range c.network(client) {
		p.set(f, f)
	}
	if on {
		c.log(client, "network", "partitioned from the lock service: its messages are held, both ways")
	} else {
		c.log(client, "network", "the partition heals: what was held is sent on")
	}
}

// hold remembers a held message, if a holds one.
func (c *cell) hold(a core.Action) {
	if a.Hold != "" {
		c.held[a.Hold] = heldAt{client: a.Client, action: a, grant: c.grants[a.Client], sent: c.sent}
	}
}

// deliver lets a held message arrive: the network lets it pass, and the
// client hears its answer, or sends a write it kept.
func (c *cell) deliver(a core.Action) (string, error) {
	h, ok := c.held[a.Message]
	if !ok {
		c.log("", "deliver "+a.Message, "nothing was sent")
		return "nothing", nil
	}
	delete(c.held, a.Message)
	switch h.action.Kind {
	case core.ActAcquire:
		for _, p := range c.network(h.client) {
			p.releaseAnswer(a.Message)
		}
	case core.ActRenew:
		c.partition(h.client, false)
	}
	if c.clients[h.client].crashed {
		c.log("", "deliver "+a.Message, "its client has crashed: nobody receives it")
		return "dropped", nil
	}
	r, err := c.ask(h.client, request{Op: "deliver", Hold: a.Message})
	if err != nil {
		return "", err
	}
	switch {
	case h.action.Kind == core.ActWrite && r.Outcome == "applied":
		i, _ := c.resource(h.action)
		c.landed(i, h.grant, h.sent)
	case h.action.Kind == core.ActAcquire && r.Outcome != "granted":
		// The grant was made; the client does not use it.
	}
	return r.Outcome, nil
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

// stuck reports whether, at the end, the lock or the resource can no longer
// be used correctly: a lock without expiry held by a crashed client, or a
// fenced resource that has seen a larger token than the holder's.
func (c *cell) stuck() (bool, error) {
	r, ok := c.svc.(*redisService)
	if !ok || len(r.direct) > 1 {
		return false, nil // etcd's leases end and its revisions only grow; Redlock's keys expire
	}
	ctx := context.Background()
	held, err := r.direct[0].Exists(ctx, c.key).Result()
	if err != nil || held == 0 {
		return false, err
	}
	ttl, err := r.direct[0].PTTL(ctx, c.key).Result()
	if err != nil {
		return false, err
	}
	holder := c.ledger.Holder(c.last)
	c.log("", "redis EXISTS "+c.key+"; PTTL", fmt.Sprintf("held (the last grant was %s's), %v", holder, ttl))
	if p := c.clients[holder]; p != nil && p.crashed && ttl < 0 {
		return true, nil
	}
	if c.st.Fenced() {
		token := c.clients[holder].token
		for _, name := range c.sc.Resources {
			if _, max, err := state(c.db, name); err != nil {
				return false, err
			} else if token != 0 && max > token {
				return true, nil
			}
		}
	}
	return false, nil
}

func nodeList(nodes []int) string {
	var s []string
	for _, n := range nodes {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ",")
}

// redisService is one redis-server, or Redlock's five, that the lab starts.
type redisService struct {
	servers []*redisServer
	direct  []*redis.Client // the lab's own connections, not through any client's network
	key     string
}

func newRedisService(dir string, nodes int, key string) (*redisService, error) {
	s := &redisService{key: key}
	for i := range nodes {
		d := filepath.Join(dir, fmt.Sprintf("node%d", i+1))
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
		srv, err := startRedis(d)
		if err != nil {
			s.close()
			return nil, err
		}
		s.servers = append(s.servers, srv)
		s.direct = append(s.direct, redis.NewClient(&redis.Options{Addr: srv.addr()}))
	}
	return s, nil
}

func (s *redisService) addrs() []string {
	var a []string
	for _, srv := range s.servers {
		a = append(a, srv.addr())
	}
	return a
}

func (s *redisService) held(ctx context.Context) (bool, error) {
	n := 0
	for _, d := range s.direct {
		got, err := d.Exists(ctx, s.key).Result()
		if err != nil {
			return false, err
		}
		n += int(got)
	}
	return n > len(s.direct)/2, nil
}

// watch subscribes to the lock key's keyspace events on every node.
func (s *redisService) watch(ctx context.Context, log func(call, result string), ended func(token int64)) {
	for i, d := range s.direct {
		sub := d.Subscribe(ctx, "__keyspace@0__:"+s.key)
		if _, err := sub.Receive(ctx); err != nil {
			log("redis SUBSCRIBE", err.Error())
			continue
		}
		node := ""
		if len(s.direct) > 1 {
			node = fmt.Sprintf(" (node %d)", i+1)
		}
		go func() {
			defer sub.Close()
			for m := range sub.Channel() {
				log("service: the key"+node, m.Payload)
				if m.Payload == "expired" && len(s.direct) == 1 {
					ended(0)
				}
			}
		}()
	}
}

func (s *redisService) restart() (string, error) {
	k := 0
	if len(s.servers) > 1 {
		k = core.FaultyNode - 1
	}
	if err := s.servers[k].restart(); err != nil {
		return "", err
	}
	if len(s.servers) > 1 {
		return fmt.Sprintf("node %d's redis-server (no persistence): it comes back empty and forgets the lock", k+1), nil
	}
	return "redis-server (no persistence): it comes back empty, no lock, the token counter at 0", nil
}

func (s *redisService) close() {
	for _, d := range s.direct {
		d.Close()
	}
	for _, srv := range s.servers {
		srv.stop()
	}
}

// etcdService is the lab's etcd cluster, shared by every run, seen through
// the run's own lock prefix.
type etcdService struct {
	cluster *etcdCluster
	cli     *clientv3.Client
	prefix  string
}

func newEtcdService(prefix string) (*etcdService, error) {
	cluster, err := sharedEtcd()
	if err != nil {
		return nil, err
	}
	cli, err := clientv3.New(clientv3.Config{Endpoints: cluster.urls, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		return nil, err
	}
	return &etcdService{cluster: cluster, cli: cli, prefix: prefix}, nil
}

func (s *etcdService) addrs() []string {
	var a []string
	for _, u := range s.cluster.urls {
		a = append(a, strings.TrimPrefix(u, "http://"))
	}
	return a
}

func (s *etcdService) held(ctx context.Context) (bool, error) {
	got, err := s.cli.Get(ctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithCountOnly())
	if err != nil {
		return false, err
	}
	return got.Count > 0, nil
}

func (s *etcdService) watch(ctx context.Context, log func(call, result string), ended func(token int64)) {
	w := s.cli.Watch(ctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithPrevKV())
	go func() {
		for resp := range w {
			for _, ev := range resp.Events {
				what := "made (PUT)"
				if ev.Type == clientv3.EventTypeDelete {
					what = "deleted: its lease ended, or it was released"
					if ev.PrevKv != nil {
						ended(ev.PrevKv.CreateRevision)
					}
				}
				log("service: the key "+strings.TrimPrefix(string(ev.Kv.Key), s.prefix+"/"), fmt.Sprintf("%s, revision %d", what, ev.Kv.ModRevision))
			}
		}
	}()
}

func (s *etcdService) restart() (string, error) {
	name, err := s.cluster.restartFollower()
	return "etcd member " + name + ", a follower, from its data directory: the cluster keeps its state; revisions keep increasing", err
}

func (s *etcdService) close() { s.cli.Close() }

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
