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
	"sync/atomic"
	"syscall"
	"time"

	"dlock/core"
	"dlock/core/recording"
)

// Tick is one unit of the model's time in real time.
const Tick = time.Second

// reasons words, for the command line, why a cell is not replayed; the
// page words them from its own catalogue.
var reasons = map[recording.NotReplayed]string{
	recording.JumpedClock:     "a clock jump: etcd and ZooKeeper time their leases with a monotonic clock, which a step of the system clock does not move, and Redis times its keys' expiry by its own clock, which only libfaketime could move, under which Debian's Redis (jemalloc) aborts; stepping the machine's clock would move it, which the lab will not do",
	recording.NoLockDelay:     "neither Redis, etcd nor ZooKeeper has a lock-delay (Chubby's): the lock is granted as soon as the lease has ended",
	recording.CallInPartition: "the client calls its lock service while a renewal of its own is held: the lab holds a renewal as a partition between the client and its lock service, both ways (so that the library's own keep-alives are held too), and the call would wait in it until the renewal is delivered, where the model lets it through",
	recording.NoRestore:       "the lock service is backed up and restored, which the lab does not stage",
	SessionKeptAlive:          "the model ends a lease while its holder runs and reaches the lock service: a ZooKeeper lock lives as long as its session, which the client library keeps alive by itself (a heartbeat every third of the timeout, and a new connection in the same session when one stops answering) as long as the holder runs and reaches the service; there is no lease of a lock to let lapse",
}

// replayable says whether the lab can replay sc under st on b, and if not,
// why, and at which item (0 where it is the whole scenario). core's
// Replayable counts backups and restores as not replayable; b may stage
// them (backend.restores), and then sc is asked about without them. Every
// service stages a sync and a failover (backend.failsOver).
func replayable(sc core.Scenario, st core.Strategy, b *backend) (recording.NotReplayed, int, error) {
	if _, ok := recording.Replayable(sc, st); !ok {
		var staged []core.ActionKind
		if b.restores != "" {
			staged = append(staged, restoreActions...)
		}
		if why, ok := recording.Replayable(without(sc, staged), st); !ok {
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

// mayDiffer reports whether r is recorded to show how real software
// differs from the model at some step, which it says (Differs): a restore,
// or a database other than the first. A failover's Differs says only how
// the real one's timing differs from the model's: its run must agree at
// every step, as every other run must.
func mayDiffer(r recording.Recording) bool {
	return r.Differs != "" && (r.Restore != "" || r.Database != databases[0].name)
}

// without is sc without its steps of the kinds given.
func without(sc core.Scenario, kinds []core.ActionKind) core.Scenario {
	sc.Steps = slices.DeleteFunc(slices.Clone(sc.Steps), func(s core.Step) bool { return slices.Contains(kinds, s.Action.Kind) })
	return sc
}

// cell is one run under way: the run's scenario and row, the lock service
// it takes its lock on, its clients and the network between them and the
// service; its database (runDatabase), the books its verdict is judged by
// (judge) and its trace (recorder).
type cell struct {
	sc      core.Scenario
	st      core.Strategy
	backend *backend
	renewal renewal
	svc     service
	// restarted: a member of the service was restarted in this run.
	restarted bool
	// stopWatch ends the lab's watch of the service.
	stopWatch context.CancelFunc
	clients   map[string]*proc
	nets      map[string]*clientNetwork // each client's, to its service
	db        *runDatabase
	judge     *judge
	trace     *recorder
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
	// token is the token it said it holds, after its last answer; the
	// service's watch reads it to tell whose lease ended.
	token atomic.Int64
}

// Replay replays sc under st on real software, its lock on on's backend
// and its resource a row of a database made as on's database says, in dir,
// compares every step with the model's, and judges the recording with
// core's rules.
func Replay(sc core.Scenario, st core.Strategy, on setup, dir string) (recording.Recording, error) {
	b := on.backend
	if !b.serves(st) {
		return recording.Recording{}, fmt.Errorf("%s does not serve %s", b.name, st)
	}
	if why, _, err := replayable(sc, st, b); err != nil || why != "" {
		return recording.Recording{}, fmt.Errorf("%s under %s on %s is not replayed: %s%v", sc.ID, st, b.name, reasons[why], errOrNothing(err))
	}
	frames, err := core.Replay(sc, st)
	if err != nil {
		return recording.Recording{}, err
	}
	renewal := renewalOf(sc, st, b)
	trace := recording.Recording{Scenario: sc.ID, Strategy: st, Model: core.VerdictOf(frames),
		Resource: resourceWords(sc, st, on.database), Renewal: string(renewal), Service: b.describe(st, renewal),
		Backend: b.name, Database: on.database.name, Token: b.token}
	if failsServiceOver(sc) && b.failsOver != "" {
		trace.Service += "; " + b.failsOver
	}
	if hasActions(sc, []core.ActionKind{core.ActFailover}) {
		trace.Differs = b.failoverDiffers
	}
	if restoresService(sc) {
		trace.Restore, trace.Differs = b.restores, b.differs
	}
	if checksInTwoSteps(sc, st) && on.database.differs != "" {
		trace.Differs = on.database.differs
	}
	if sc.ID == core.PlayScenario {
		trace.Script = sc.Script()
	}
	c := &cell{sc: sc, st: st, backend: b, renewal: renewal, clients: map[string]*proc{},
		nets: map[string]*clientNetwork{}, trace: newRecorder(trace)}
	c.judge = newJudge(len(sc.Resources), c.trace.now)
	defer c.close()
	if err := c.open(b.key(filepath.Base(dir)), dir, on.database); err != nil {
		return recording.Recording{}, err
	}
	for i, s := range sc.Steps {
		step := i + 2
		c.trace.stepBegins(step)
		began := time.Now()
		behind := c.trace.behind(frames[i])
		late, err := c.fellBehind(frames[i], behind)
		if err == nil {
			err = c.do(s.Action, frames[i+1], behind, late)
		}
		if err != nil {
			return c.recording(), fmt.Errorf("step %d (%s): %w", step, s.Action.String(), err)
		}
		c.trace.stepTook(step, time.Since(began))
	}
	c.awaitLibraries()
	stuck, err := c.stuck()
	if err != nil {
		return c.recording(), err
	}
	r := c.recording()
	r.Verdict, r.Harm = c.judge.verdict(stuck)
	for _, s := range r.Steps {
		if !s.Agrees {
			r.FirstDiffers = s.Step
			break
		}
	}
	return r, nil
}

// recording is the run's recording so far: its trace, with the leases the
// judge has recorded.
func (c *cell) recording() recording.Recording {
	r := c.trace.recording()
	r.Leases = c.judge.leaseRecords()
	return r
}

// libraryWord is how long a run waits at its end for a library's word.
const libraryWord = 2500 * time.Millisecond

// awaitLibraries waits, at most libraryWord, where the library renews, for
// the libraries of the clients still running to say that a lease the
// service has ended is gone: etcd's client looks once a second,
// ZooKeeper's hears it on reconnecting, a renewal loop at its next
// renewal, so a run that ends as a stopped client resumes would otherwise
// end before its library speaks.
func (c *cell) awaitLibraries() {
	if c.renewal != recording.RenewedByLibrary {
		return
	}
	running := func(client string) bool {
		p := c.clients[client]
		return p != nil && !p.crashed && !p.paused
	}
	for deadline := time.Now().Add(libraryWord); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !c.judge.libraryOwes(running) {
			return
		}
	}
}

// stuck reports whether, at the end, the lock or the resource can no longer
// be used correctly: a lock without expiry held by a crashed client, or,
// while the service holds the lock, a fenced resource that has seen a
// larger token than the holder's.
func (c *cell) stuck() (bool, error) {
	ctx := context.Background()
	forever, words, err := c.svc.heldForever(ctx)
	if err != nil {
		return false, err
	}
	holder := c.judge.lastHolder()
	if words != "" {
		c.trace.log("", words, fmt.Sprintf("the last grant was %s's", holder))
	}
	if p := c.clients[holder]; p != nil && p.crashed && forever {
		return true, nil
	}
	held, err := c.svc.held(ctx)
	if err != nil || !held {
		return false, err
	}
	if p := c.clients[holder]; c.st.Fenced() && p != nil {
		token := p.token.Load()
		for _, name := range c.sc.Resources {
			if _, max, err := c.db.row(ctx, name); err != nil {
				return false, err
			} else if token != 0 && max > token {
				return true, nil
			}
		}
	}
	return false, nil
}

// judged logs how the judge judged a write that landed, if it says
// anything.
func (c *cell) judged(words string) {
	if words != "" {
		c.trace.log("", "judged", words)
	}
}

func errOrNothing(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

// open starts the run's lock service (or joins the one the lab shares),
// its lock named key, in dir; makes its database as d says; starts its
// clients, each behind a proxy per server; and starts the run's clock and
// the watch of the service.
func (c *cell) open(key, dir string, d *database) error {
	var err error
	if c.svc, err = c.backend.open(place{dir: dir, key: key, st: c.st, restores: restoresService(c.sc), failsOver: failsServiceOver(c.sc)}); err != nil {
		c.svc = nil // not a nil pointer in the interface, which close would call
		return err
	}
	if c.db, err = makeRunDatabase(context.Background(), d, c.sc.Resources); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	for _, name := range c.sc.Clients {
		cfg := clientConfig{Name: name, Backend: c.backend.name, Key: key, Resource: c.db.connString(), Database: d.name, Fenced: c.st.Fenced(),
			FromReply: slices.Contains(c.sc.FromReply, name) && !c.st.CountsFromRequest(), Renewal: c.renewal,
			Versioned: c.st.Versioned(), Resources: c.sc.Resources}
		n, err := newClientNetwork(c.svc.addrs(), c.backend.apart)
		if err != nil {
			return err
		}
		c.nets[name] = n
		cfg.Addrs, cfg.ApartAddrs = n.addrs(), n.apartAddrs()
		if r, ok := c.svc.(sentinelled); ok {
			if v, ok := r.sentinel(); ok {
				if err := n.standBy(v.node, v.replica); err != nil {
					return err
				}
				cfg.Sentinel = &sentinelConfig{Addr: v.addr, Master: v.master, Node: v.node, Via: n.via(v.node)}
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
	c.trace.begin()
	call, result := c.db.madeWords()
	c.trace.log("", call, result)
	ctx, stop := context.WithCancel(context.Background())
	c.svc.watch(ctx, func(call, result string) { c.trace.log("", call, result) }, c.ended)
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
		c.trace.logAt(l.At, p.name, "library", l.Event)
		if l.Standing != "" {
			c.judge.librarySaid(p.name, l.Standing, l.Event)
		}
	}
	close(p.replies)
}

// ended: the service ended a lease by itself, the holder's with token, or
// the one key's holder's (token 0).
func (c *cell) ended(token int64) {
	if token == 0 {
		c.judge.endedHolder()
		return
	}
	who := ""
	for n, p := range c.clients {
		if p.token.Load() == token {
			who = n
		}
	}
	c.judge.ended(who)
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
	for _, n := range c.nets {
		n.close()
	}
	if c.db != nil {
		c.db.close()
	}
	if c.svc != nil {
		c.svc.close()
	}
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
		return reply{}, fmt.Errorf("client %s did not answer %q within %s", name, req, askLimit)
	}
	if !ok {
		return reply{}, fmt.Errorf("client %s stopped answering", name)
	}
	if r.Err != "" {
		return r, fmt.Errorf("client %s: %s: %s", name, r.Call, r.Err)
	}
	p.holds = r.Holds
	p.token.Store(r.Token)
	c.trace.log(name, r.Call, r.Result)
	c.trace.rowOps(name, r.RowOps)
	if r.Library != "" {
		c.judge.librarySaid(name, r.Library, "asked at a check: "+r.LibraryWords)
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
	if c.renewal == recording.RenewedByLibrary {
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
	c.trace.log(name, "kill -STOP "+strconv.Itoa(p.cmd.Process.Pid), "stopped between its SELECT and its UPDATE, its transaction open")
	return nil
}

func (c *cell) resume(p *proc) {
	if p.paused {
		// Logged at the time before the signal, so that every line the
		// client writes once it runs again comes after it in the trace.
		at := time.Now().UnixMilli()
		p.cmd.Process.Signal(syscall.SIGCONT)
		p.paused = false
		c.trace.logAt(at, p.name, "kill -CONT "+strconv.Itoa(p.cmd.Process.Pid), "the client runs again")
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
func (c *cell) do(a core.Action, f core.Frame, behind time.Duration, late *recording.Timing) error {
	lease := int64(a.Lease) * Tick.Milliseconds()
	var real outcome
	var timing []recording.Timing
	var err error
	switch {
	case c.st.Lockless() && slices.Contains(serviceActions, a.Kind):
		// What a scenario does to its lock service does nothing where
		// there is none (as a restart of one does, the step's outcome
		// is none: what it changed shows in what follows).
		c.trace.log("", string(a.Kind), "there is no lock service: nothing to do")
	case c.st.Lockless() && a.Kind == core.ActAcquire:
		real, err = c.readVersions(a)
	case c.st.Lockless() && a.Kind == core.ActRead:
		i, name := c.resource(a)
		var r reply
		if r, err = c.ask(a.Client, request{Action: core.ActRead, Resource: name}); err == nil {
			real = r.Outcome
			c.judge.readVersions(a.Client, i)
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
var serviceActions = []core.ActionKind{core.ActRestart, core.ActBackup, core.ActRestore, core.ActJump, core.ActSync, core.ActFailover}

// readVersions is an acquire without a lock service: the client reads the
// rows' versions, which the ledger counts as a grant (core's
// Ledger.ReadVersions), at the step, even where the answer is held.
func (c *cell) readVersions(a core.Action) (outcome, error) {
	r, err := c.ask(a.Client, request{Action: core.ActAcquire, Hold: a.Hold})
	if err != nil {
		return outcome{}, err
	}
	rows := make([]int, len(c.sc.Resources))
	for i := range rows {
		rows[i] = i
	}
	c.judge.readVersions(a.Client, rows...)
	if r.Outcome.is(core.ResultHeld) {
		c.judge.hold(a, 0)
	}
	return r.Outcome, nil
}

// doWithService carries out action a, which f is the model's frame after,
// where the row has a lock service, or where having one makes no
// difference (a write, a pause).
func (c *cell) doWithService(a core.Action, f core.Frame, lease int64) (outcome, []recording.Timing, error) {
	var real outcome
	var timing []recording.Timing
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
		c.judge.released(a.Client) // first: the service's deletion may be seen before the answer
		if r, err = c.ask(a.Client, request{Action: core.ActRelease}); err == nil {
			real = r.Outcome
			if !c.st.Lockless() { // a client without a lock keeps its versions
				c.judge.letGo(a.Client)
			}
		}
	case core.ActCheck:
		var r reply
		if r, err = c.ask(a.Client, request{Action: core.ActCheck}); err == nil {
			real = r.Outcome
		}
	case core.ActWrite:
		i, name := c.resource(a)
		var r reply
		r, err = c.ask(a.Client, request{Action: core.ActWrite, Resource: name, Value: a.Value, Hold: a.Hold, Split: checksInTwoSteps(c.sc, c.st)})
		if err == nil {
			real = r.Outcome
			if r.Sent {
				c.judge.sentWrite()
			}
			if r.Sent || r.Outcome.Result == core.ResultHeld || r.Outcome.Result == core.ResultChecked {
				c.judge.wrote(a.Client, r)
			}
			switch r.Outcome.Result {
			case core.ResultChecked:
				var from int64
				if from, err = c.db.logSize(); err == nil {
					c.judge.hold(a, from)
					err = c.stall(a.Client)
				}
			case core.ResultHeld:
				c.judge.hold(a, 0)
			case core.ResultAccepted:
				c.judged(c.judge.appliedNow(i, a.Client))
			}
		}
	case core.ActRead, core.ActPeek:
		i, name := c.resource(a)
		var r reply
		if r, err = c.ask(a.Client, request{Action: a.Kind, Resource: name}); err == nil {
			real = r.Outcome
			if r.Outcome.Read != nil {
				c.judge.read(i, a.Client)
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
		c.trace.log(a.Client, "kill -STOP "+strconv.Itoa(p.cmd.Process.Pid), fmt.Sprintf("paused for %d s", a.Ticks))
		time.Sleep(time.Duration(a.Ticks) * Tick)
	case core.ActResume:
		c.resume(c.clients[a.Client])
	case core.ActCrash:
		// What its network holds for it is lost with it.
		c.nets[a.Client].set(drop)
		p := c.clients[a.Client]
		p.cmd.Process.Kill()
		p.cmd.Wait()
		p.crashed, p.holds = true, false
		c.trace.log(a.Client, "kill -KILL "+strconv.Itoa(p.cmd.Process.Pid), "the client is gone")
	case core.ActTick:
		c.trace.log("", "time passes", fmt.Sprintf("%d s", a.Ticks))
		time.Sleep(time.Duration(a.Ticks) * Tick)
	case core.ActJump:
		// Only a lock without TTL is replayed with a jump (Replayable).
		c.trace.log("", "the service's clock jumps", "a lock without TTL has no expiry for a clock to move: nothing changes")
	case core.ActRestart:
		var which string
		if which, err = c.svc.restart(); err == nil {
			c.restarted = true
			c.trace.log("", "restart "+which, "")
		}
	case core.ActSync, core.ActFailover:
		err = c.failover(a)
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
			c.trace.log("", string(a.Kind), what)
		}
	default:
		err = fmt.Errorf("the lab cannot stage %s", a.Kind)
	}
	return real, timing, err
}

// failover syncs the service's replica or fails the service over (a, a
// sync or a failover), as the service does (failer), its calls in the
// trace. Where a Redis node's replica has taken over, each client's
// network sends what it sends that node to the replica.
func (c *cell) failover(a core.Action) error {
	f, ok := c.svc.(failer)
	if !ok {
		return fmt.Errorf("the lab does not fail %s over", c.backend.name)
	}
	do := f.sync
	if a.Kind == core.ActFailover {
		do = f.failover
	}
	if err := do(context.Background(), func(call, result string) { c.trace.log("", call, result) }); err != nil {
		return err
	}
	if r, ok := c.svc.(sentinelled); ok && a.Kind == core.ActFailover {
		if k, ok := r.promoted(); ok {
			for _, n := range c.nets {
				n.promote(k)
			}
		}
	}
	return nil
}
