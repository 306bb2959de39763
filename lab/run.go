package main

import (
	"bufio"
	"context"
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
	"dlock/lab/internal/servers"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Tick is one unit of the model's time in real time.
const Tick = time.Second

// reasons words, for the command line, why a cell is not replayed; the
// page words them from its own catalogue.
var reasons = map[core.NotReplayed]string{
	core.JumpedClock:     "a clock jump: etcd and ZooKeeper time their leases with a monotonic clock, which a step of the system clock does not move, and Redis times its keys' expiry by its own clock, which only libfaketime could move, under which Debian's Redis (jemalloc) aborts; stepping the machine's clock would move it, which the lab will not do",
	core.NoLockDelay:     "neither Redis, etcd nor ZooKeeper has a lock-delay (Chubby's): the lock is granted as soon as the lease has ended",
	core.CallInPartition: "the client calls its lock service while a renewal of its own is held: the lab holds a renewal as a partition between the client and its lock service, both ways (so that the library's own keep-alives are held too), and the call would wait in it until the renewal is delivered, where the model lets it through",
	core.NoRestore:       "the lock service is backed up and restored, which the lab does not stage",
	SessionKeptAlive:     "the model ends a lease while its holder runs and reaches the lock service: a ZooKeeper lock lives as long as its session, which the client library keeps alive by itself (a heartbeat every third of the timeout, and a new connection in the same session when one stops answering) as long as the holder runs and reaches the service; there is no lease of a lock to let lapse",
}

// replayable says whether the lab can replay sc under st on b, and if not,
// why, and at which item (0 where it is the whole scenario).
func replayable(sc core.Scenario, st core.Strategy, b *backend) (core.NotReplayed, int, error) {
	if why, ok := core.Replayable(sc, st); !ok {
		if why != core.NoRestore || b.restores == "" {
			return why, 0, nil
		}
		// The lab restores this service: is there another reason?
		if why, ok := core.Replayable(withoutRestores(sc), st); !ok {
			return why, 0, nil
		}
	}
	if b.unstageable == nil {
		return "", 0, nil
	}
	frames, err := core.Replay(sc, st)
	if err != nil {
		return "", 0, err
	}
	why, item := b.unstageable(sc, frames)
	return why, item, nil
}

// withoutRestores is sc without its backups and restores.
func withoutRestores(sc core.Scenario) core.Scenario {
	sc.Steps = slices.DeleteFunc(slices.Clone(sc.Steps), func(s core.Step) bool {
		return s.Action.Kind == core.ActBackup || s.Action.Kind == core.ActRestore
	})
	return sc
}

// cell is one run under way.
type cell struct {
	// restarted: a member of the service was restarted in this run.
	restarted bool
	sc        core.Scenario
	st        core.Strategy
	backend   *backend
	renewal   renewal
	frames    []core.Frame // the model's run, step by step
	dir       string
	svc       service
	// database is how the run's database is made; pg the server it is on,
	// dbName its name there, db the lab's own pool on it.
	database *database
	pg       *servers.Postgres
	dbName   string
	made     []string // the statements that made it
	db       *pgxpool.Pool
	key      string
	clients  map[string]*proc
	proxies  map[string][]*netProxy // each client's network: a proxy per server
	// apart are, where the backend wants it, each client's proxy for the
	// connection of its own that carries a held request (to the first
	// server), so that holding that request's answer can catch no other
	// call.
	apart  map[string][]*netProxy
	ledger *core.Ledger
	grants map[string]int // client → the grant it holds, as the service issued them
	last   int            // the last grant the service made
	// holder is who holds the lock at the service, as far as the lab
	// knows; leases are the leases granted, by client, while the service
	// may still hold them (index into trace.Leases).
	holder string
	leases map[string]int
	sent   int // the writes sent so far
	held   map[string]heldAt
	start  time.Time
	// took is how long each step took in real time, by step.
	took map[int]time.Duration
	// stopWatch ends the lab's watch of the service.
	stopWatch context.CancelFunc

	mu    sync.Mutex // the trace: the clients' libraries and the service log into it
	trace core.Recording
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
// it was sent under, and for a write its number among the writes sent;
// for a two-step check's write, how long the database server's log was
// at its check (what it logs later of the write's session is the write's).
type heldAt struct {
	client  string
	action  core.Action
	grant   int
	sent    int
	logFrom int64
}

// Replay replays sc under st on real software, its lock on on's backend
// and its resource a row of a database made as on's database says, in dir,
// compares every step with the model's, and judges the recording with
// core's rules.
func Replay(sc core.Scenario, st core.Strategy, on setup, dir string) (core.Recording, error) {
	b := on.backend
	if !b.serves(st) {
		return core.Recording{}, fmt.Errorf("%s does not serve %s", b.name, st)
	}
	if why, _, err := replayable(sc, st, b); err != nil || why != "" {
		return core.Recording{}, fmt.Errorf("%s under %s on %s is not replayed: %s%v", sc.ID, st, b.name, reasons[why], errOrNothing(err))
	}
	frames, err := core.Replay(sc, st)
	if err != nil {
		return core.Recording{}, err
	}
	c := &cell{sc: sc, st: st, backend: b, database: on.database, renewal: renewalOf(sc, st, b), frames: frames, dir: dir, clients: map[string]*proc{},
		proxies: map[string][]*netProxy{}, apart: map[string][]*netProxy{}, ledger: core.NewLedger(len(sc.Resources)),
		grants: map[string]int{}, held: map[string]heldAt{}, leases: map[string]int{}, took: map[int]time.Duration{}}
	c.key = b.key(filepath.Base(dir))
	c.trace = core.Recording{Scenario: sc.ID, Strategy: st, Model: core.VerdictOf(frames),
		Resource: resourceWords(sc, st, on.database), Renewal: string(c.renewal), Service: b.describe(st, c.renewal),
		Backend: b.name, Database: on.database.name, Token: b.token}
	if restoresService(sc) {
		c.trace.Restore, c.trace.Differs = b.restores, b.differs
	}
	if checksInTwoSteps(sc, st) && on.database.differs != "" {
		c.trace.Differs = on.database.differs
	}
	if sc.ID == core.PlayScenario {
		c.trace.Script = core.ScriptOf(sc)
	}
	defer c.close()
	if err := c.open(); err != nil {
		return core.Recording{}, err
	}
	for i, s := range sc.Steps {
		c.step = i + 2
		began := time.Now()
		behind := c.behind(frames[i])
		late, err := c.fellBehind(frames[i], behind)
		if err == nil {
			err = c.do(s.Action, frames[i+1], behind, late)
		}
		if err != nil {
			return c.trace, fmt.Errorf("step %d (%s): %w", c.step, core.ItemOf(s.Action), err)
		}
		c.took[c.step] = time.Since(began)
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

func errOrNothing(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

func (c *cell) open() error {
	var err error
	if c.svc, err = c.backend.open(place{dir: c.dir, key: c.key, st: c.st, restores: restoresService(c.sc)}); err != nil {
		c.svc = nil // not a nil pointer in the interface, which close would call
		return err
	}
	if err := c.openDatabase(); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	for _, name := range c.sc.Clients {
		cfg := clientConfig{Name: name, Backend: c.backend.name, Key: c.key, Resource: c.pg.ConnString(c.dbName), Database: c.database.name, Fenced: c.st.Fenced(),
			FromReply: slices.Contains(c.sc.FromReply, name) && !c.st.CountsFromRequest(), Renewal: c.renewal,
			Versioned: c.st.Versioned(), Resources: c.sc.Resources}
		for i, a := range c.svc.addrs() {
			p, err := newNetProxy(a)
			if err != nil {
				return err
			}
			c.proxies[name] = append(c.proxies[name], p)
			cfg.Addrs = append(cfg.Addrs, p.addr)
			// The connection of its own reaches the first server, which
			// the lab never restarts: a held request must go on the one
			// connection its session has opened, and a library that
			// spreads its calls over several servers would not.
			if c.backend.apart && i == 0 {
				q, err := newNetProxy(a)
				if err != nil {
					return err
				}
				c.apart[name] = append(c.apart[name], q)
				cfg.ApartAddrs = append(cfg.ApartAddrs, q.addr)
			}
		}
		config, err := json.Marshal(cfg)
		if err != nil {
			return err
		}
		cmd := exec.Command(self, "client", string(config))
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		cmd.Stderr = os.Stderr
		// A client ends with the lab, however the lab ends.
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			return err
		}
		p := &proc{name: name, cmd: cmd, in: in, replies: make(chan reply)}
		c.clients[name] = p
		go c.listen(p, out)
	}
	c.start = time.Now()
	c.log("", "postgres "+strings.Join(c.made, "; "), "the run's database, on PostgreSQL "+c.pg.Version()+": "+c.database.describe)
	ctx, stop := context.WithCancel(context.Background())
	c.svc.watch(ctx, func(call, result string) { c.log("", call, result) }, c.ended)
	c.stopWatch = stop
	return nil
}

// openDatabase makes the run's database on the lab's PostgreSQL server, as
// c.database says, with the resources' rows, and opens the lab's own pool
// on it.
func (c *cell) openDatabase() error {
	ctx := context.Background()
	pg, err := servers.SharedPostgres()
	if err != nil {
		return err
	}
	c.pg = pg
	name, made, err := pg.NewDatabase(ctx, c.database.settings...)
	if err != nil {
		return err
	}
	c.dbName, c.made = name, made
	c.db, err = openStore(ctx, pg.ConnString(name), c.sc.Resources)
	return err
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
		c.logAt(l.At, p.name, "library", l.Event)
		if l.Standing != "" {
			c.librarySaid(p.name, l.Standing, l.Event)
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
	if c.dbName != "" {
		c.pg.DropDatabase(context.Background(), c.dbName)
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

// logAt logs what a client's library did at at, by the client's clock
// (Unix ms; 0: unknown, now), among the calls in the order of their times:
// the lab reads a client's lines as it gets to them, which on a busy
// machine can be well after they were written (a keep-alive written just
// before a SIGSTOP, read after the stop is logged).
func (c *cell) logAt(at int64, client, call, result string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ms := c.ms()
	if at != 0 {
		ms = min(ms, max(0, at-c.start.UnixMilli()))
	}
	i := len(c.trace.Calls)
	for i > 0 && c.trace.Calls[i-1].MS > ms {
		i--
	}
	c.trace.Calls = slices.Insert(c.trace.Calls, i, core.RecordedCall{MS: ms, Step: c.step, Client: client, Call: call, Result: result})
}

// ms is the time since the run started, in ms.
func (c *cell) ms() int64 { return time.Since(c.start).Milliseconds() }

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
		return r, fmt.Errorf("client %s: %s: %s", name, r.Call, r.Err)
	}
	c.mu.Lock()
	p.holds, p.token = r.Holds, r.Token
	c.mu.Unlock()
	c.log(name, r.Call, r.Result)
	if r.Library != "" {
		c.librarySaid(name, r.Library, "asked at a check: "+r.LibraryWords)
	}
	return r, nil
}

// stall stops client name between the check of its two-step write and
// the apply, its transaction open, as a GC pause would, where nothing of
// its library runs meanwhile (it renews at the scenario's steps alone), so
// that the stop changes nothing the model does not count: the database
// sees a session idle in its transaction, the lock service nothing. Where
// its library keeps its lease alive by itself, stopping it would end a
// lease the model keeps, and the client only waits. A later request to the
// client resumes it (ask).
func (c *cell) stall(name string) error {
	if c.renewal == core.RenewedByLibrary {
		return nil
	}
	p := c.clients[name]
	if p.paused {
		return nil
	}
	if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		return err
	}
	p.paused = true
	c.log(name, "kill -STOP "+strconv.Itoa(p.cmd.Process.Pid), "stopped between its SELECT and its UPDATE, its transaction open")
	return nil
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
// they did, and records the step beside the model's: f is the model's
// frame after it; behind is how far the lab is behind the model's clock
// as it begins, and late why that may make it differ (fellBehind).
func (c *cell) do(a core.Action, f core.Frame, behind time.Duration, late *core.Timing) error {
	lease := int64(a.Lease) * Tick.Milliseconds()
	var real outcome
	var timing []core.Timing
	var err error
	switch {
	case c.st.Lockless() && slices.Contains(serviceActions, a.Kind):
		// What a scenario does to its lock service does nothing where
		// there is none (as a restart of one does, the step's outcome
		// is none: what it changed shows in what follows).
		c.log("", string(a.Kind), "there is no lock service: nothing to do")
	case c.st.Lockless() && a.Kind == core.ActAcquire:
		real, err = c.readVersions(a)
	case c.st.Lockless() && a.Kind == core.ActRead:
		i, name := c.resource(a)
		var r reply
		if r, err = c.ask(a.Client, request{Op: "read", Resource: name}); err == nil {
			real = r.Outcome
			c.last = c.ledger.ReadVersions(a.Client, i)
			c.grants[a.Client] = c.last
		}
	default:
		real, timing, err = c.doWithService(a, f, lease)
	}
	if err != nil {
		return err
	}
	if late != nil && !modelOutcome(f).equal(real) {
		timing = append(timing, *late)
	}
	return c.compare(a, f, real, timing, behind.Milliseconds())
}

// serviceActions are what a scenario does to its lock service.
var serviceActions = []core.ActionKind{core.ActRestart, core.ActBackup, core.ActRestore, core.ActJump}

// readVersions is an acquire without a lock service: the client reads the
// rows' versions, which the ledger counts as a grant (core's
// Ledger.ReadVersions), at the step, even where the answer is held.
func (c *cell) readVersions(a core.Action) (outcome, error) {
	r, err := c.ask(a.Client, request{Op: "acquire", Hold: a.Hold})
	if err != nil {
		return outcome{}, err
	}
	rows := make([]int, len(c.sc.Resources))
	for i := range rows {
		rows[i] = i
	}
	c.last = c.ledger.ReadVersions(a.Client, rows...)
	c.grants[a.Client] = c.last
	if r.Outcome.is(core.ResultHeld) {
		c.hold(a)
	}
	return r.Outcome, nil
}

// doWithService carries out action a, which f is the model's frame after,
// where the row has a lock service, or where having one makes no
// difference (a write, a pause).
func (c *cell) doWithService(a core.Action, f core.Frame, lease int64) (outcome, []core.Timing, error) {
	var real outcome
	var timing []core.Timing
	var err error
	switch a.Kind {
	case core.ActAcquire:
		real, timing, err = c.acquire(a, lease, f.Event)
	case core.ActRenew:
		real, timing, err = c.renew(a, lease, f.Event)
	case core.ActRelease:
		var r reply
		if f.Event.Result == core.ResultRefused && c.clients[a.Client].holds {
			if timing, err = c.afterModelLeaseEnd(core.ActRelease); err != nil {
				return outcome{}, nil, err
			}
		}
		c.released(a.Client) // first: the service's deletion may be seen before the answer
		if r, err = c.ask(a.Client, request{Op: "release"}); err == nil {
			real = r.Outcome
			if !c.st.Lockless() { // a client without a lock keeps its versions
				delete(c.grants, a.Client)
			}
		}
	case core.ActCheck:
		var r reply
		if r, err = c.ask(a.Client, request{Op: "check"}); err == nil {
			real = r.Outcome
		}
	case core.ActWrite:
		i, name := c.resource(a)
		var r reply
		r, err = c.ask(a.Client, request{Op: "write", Resource: name, Value: a.Value, Hold: a.Hold, Split: checksInTwoSteps(c.sc, c.st)})
		if err == nil {
			real = r.Outcome
			if r.Sent {
				c.sent++
			}
			if r.Sent || r.Outcome.Result == core.ResultHeld || r.Outcome.Result == core.ResultChecked {
				c.wrote(a.Client, r)
			}
			switch r.Outcome.Result {
			case core.ResultChecked:
				c.hold(a)
				h := c.held[a.Hold]
				if h.logFrom, err = c.pg.LogSize(); err == nil {
					c.held[a.Hold] = h
					err = c.stall(a.Client)
				}
			case core.ResultHeld:
				c.hold(a)
			case core.ResultAccepted:
				c.landed(i, c.grants[a.Client], c.sent)
			}
		}
	case core.ActRead, core.ActPeek:
		i, name := c.resource(a)
		var r reply
		if r, err = c.ask(a.Client, request{Op: string(a.Kind), Resource: name}); err == nil {
			real = r.Outcome
			if r.Outcome.Read != nil {
				c.ledger.Read(i, c.grants[a.Client])
			}
		}
	case core.ActDeliver:
		real, err = c.deliver(a)
	case core.ActPause:
		p := c.clients[a.Client]
		if !p.paused {
			if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
				return outcome{}, nil, err
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
			c.restarted = true
			c.log("", "restart "+which, "")
		}
	case core.ActBackup, core.ActRestore:
		r, ok := c.svc.(restorer)
		if !ok {
			return outcome{}, nil, fmt.Errorf("%s cannot be backed up and restored", c.backend.name)
		}
		var what string
		if a.Kind == core.ActBackup {
			what, err = r.backup(context.Background())
		} else {
			what, err = r.restore()
		}
		if err == nil {
			c.log("", string(a.Kind), what)
		}
	default:
		err = fmt.Errorf("the lab cannot stage %s", a.Kind)
	}
	return real, timing, err
}
