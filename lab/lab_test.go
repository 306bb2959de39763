package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/internal/servers"
)

// The test binary is also the clients' binary: run as "client", it is one.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "client" {
		if err := clientMain(os.Args[2], os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "lab client:", err)
			os.Exit(1)
		}
		return
	}
	code := m.Run()
	servers.StopShared()
	os.Exit(code)
}

// The cells CI replays on real Redis servers, a real etcd cluster, a real
// ZooKeeper ensemble and a real PostgreSQL: the book's story under every row
// (the consensus row on both services), the counter reset under fencing
// and under consensus, a restart of a Redlock node and of a ZooKeeper
// server under a lease, a crash without TTL, a fenced read, a held write,
// a held grant (slow-grant, on Redis and etcd), the library's own renewals
// stopped by a pause and by a partition, the two-step check, on each
// database, and a failover on each service (Redis with a replica and a
// Sentinel, etcd and ZooKeeper losing their leader).
var ciCells = []struct {
	scenario string
	strategy core.Strategy
	service  string // "": the row's first
	database string // "": the first
}{
	{"gc-pause", core.NoTTL, "", ""}, {"gc-pause", core.Lease, "", ""}, {"gc-pause", core.Redlock, "", ""}, {"gc-pause", core.LeaseFencing, "", ""},
	{"gc-pause", core.ConsensusUnfenced, "", ""}, {"gc-pause", core.Consensus, "", ""}, {"gc-pause", core.Consensus, "zookeeper", ""},
	{"counter-reset", core.LeaseFencing, "", ""}, {"counter-reset", core.Consensus, "", ""}, {"counter-reset", core.Consensus, "zookeeper", ""},
	{"restart-during-lease", core.Redlock, "", ""}, {"restart-during-lease", core.ConsensusUnfenced, "zookeeper", ""},
	{"crash-no-ttl", core.NoTTL, "", ""}, {"fenced-read", core.Lease, "", ""}, {"delayed-write", core.Lease, "", ""},
	{"slow-grant", core.Lease, "", ""}, {"slow-grant", core.Consensus, "", ""}, {"heartbeat-pause", core.Consensus, "", ""},
	{"heartbeat-pause", core.Consensus, "zookeeper", ""}, {"heartbeat-pause", core.Lease, "", ""},
	{"partitioned-holder", core.Consensus, "", ""}, {"partitioned-holder", core.Consensus, "zookeeper", ""},
	{"non-atomic-check", core.LeaseFencing, "", ""}, {"non-atomic-check", core.LeaseFencing, "", "postgres-serializable"},
	{"non-atomic-check", core.LeaseFencing, "", "postgres-idle-timeout"}, {"clock-jump", core.NoTTL, "", ""},
	{"restore-from-backup", core.LeaseFencing, "", ""}, {"restore-from-backup", core.Consensus, "", ""},
	{"restore-from-backup", core.Consensus, "etcd-bump-revision", ""}, {"restore-from-backup", core.Consensus, "zookeeper", ""},
	{"gc-pause", core.Optimistic, "", ""}, {"stale-before-new-holder", core.Optimistic, "", ""}, {"restore-from-backup", core.Optimistic, "", ""},
	{"non-atomic-check", core.Optimistic, "", ""}, {"non-atomic-check", core.Optimistic, "", "postgres-serializable"},
	{"failover", core.LeaseFencing, "", ""}, {"failover", core.Consensus, "", ""}, {"failover", core.Consensus, "zookeeper", ""},
}

// Real software does what the model does at every step of these cells,
// and the trace shows the calls that decide it.
func TestRealSoftwareAgreesWithTheModel(t *testing.T) {
	if testing.Short() {
		t.Skip("replays cells on real servers in real time (about 40 s); make test runs it")
	}
	var cells []*result
	for _, c := range ciCells {
		sc, ok := core.ScenarioByID(c.scenario)
		if !ok {
			t.Fatalf("no scenario %s", c.scenario)
		}
		b := backendsFor(c.strategy)[0]
		if c.service != "" {
			if b, ok = backendNamed(c.service); !ok {
				t.Fatalf("no service %s", c.service)
			}
		}
		d := databases[0]
		if c.database != "" {
			if d, ok = databaseNamed(c.database); !ok {
				t.Fatalf("no database %s", c.database)
			}
		}
		cells = append(cells, &result{sc: sc, st: c.strategy, setup: setup{b, d}})
	}
	if err := replayAll(cells, 6); err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		if !mayDiffer(c.trace) {
			checkAgrees(t, c)
		} else if c.err != nil {
			t.Errorf("%s under %s on %s: %v", c.sc.ID, c.st, c.backend.name, c.err)
		}
		if c.sc.ID == "restore-from-backup" && !c.st.Lockless() {
			checkTokenAfterRestore(t, c)
		}
		if checksInTwoSteps(c.sc, c.st) {
			checkTheDatabaseDecides(t, c)
		}
		checkRowHistory(t, c)
		switch {
		case c.sc.ID == "heartbeat-pause" && c.backend == etcdLock:
			checkLibraryRenews(t, c.trace)
		case c.sc.ID == "partitioned-holder" && c.backend == zooKeeperLock:
			checkZooKeeperSaysDisconnectedThenExpired(t, c.trace)
		case c.sc.ID == "gc-pause" && c.st == core.Optimistic:
			checkTheVersionRefusesTheLateWrite(t, c.trace)
		case c.sc.ID == "failover" && c.err == nil:
			checkFailover(t, c)
		}
		if c.err == nil && c.backend.token != "" && !strings.Contains(callsOf(c.trace), c.backend.token) {
			t.Errorf("%s under %s on %s: the calls do not show the token (%s)", c.sc.ID, c.st, c.backend.name, c.backend.token)
		}
	}
}

// checkTheVersionRefusesTheLateWrite: without a lock service, A's late
// write carries the version it wrote last, 2, which B's write has moved
// past, and PostgreSQL's UPDATE … WHERE version = 2 updates no row.
func checkTheVersionRefusesTheLateWrite(t *testing.T, r recording.Recording) {
	t.Helper()
	for _, c := range r.Calls {
		if c.Step == 7 && c.Client == "A" && strings.Contains(c.Call, "SET data = 'A-STALE', version = version + 1 WHERE id = 'row-42' AND version = 2") &&
			strings.HasPrefix(c.Result, "0 rows") {
			return
		}
	}
	t.Errorf("gc-pause under optimistic: no UPDATE … WHERE version = 2 refusing A's late write at step 7 in\n%s", callsOf(r))
}

// checkFailover: on Redis, the Sentinel promotes the replica, which never
// had A's grant, and B gets A's token again; on etcd and ZooKeeper the
// leader dies and another is elected, and A keeps its lock: on etcd its
// lease ends a whole TTL after the kill, not after its grant; on ZooKeeper
// A's session survives the leader, and its lock lives to the end of the
// run (A runs, and its library keeps the session alive).
func checkFailover(t *testing.T, c *result) {
	t.Helper()
	name := "failover under " + string(c.st) + " on " + c.backend.name
	calls := callsOf(c.trace)
	at := func(prefix string) int64 {
		for _, e := range c.trace.Calls {
			if e.Client == "" && strings.HasPrefix(e.Call, prefix) {
				return e.MS
			}
		}
		t.Errorf("%s: the trace has no %q", name, prefix)
		return 0
	}
	l := c.trace.Leases
	switch c.backend {
	case fencedRedis:
		killed, switched := at("kill -KILL"), at("Sentinel: +switch-master")
		if len(l) != 2 || l[0].Client != "A" || l[1].Client != "B" || l[0].Token == 0 || l[0].Token != l[1].Token {
			t.Errorf("%s: leases %+v, want A's and B's with the same token", name, l)
		} else if l[0].Service < switched || l[1].Granted < switched || switched <= killed {
			t.Errorf("%s: killed at %d ms, +switch-master at %d ms, A's grant gone at %d ms, B's granted at %d ms", name, killed, switched, l[0].Service, l[1].Granted)
		}
		if !strings.Contains(calls, "it has no lock, the token counter at 0") {
			t.Errorf("%s: the trace does not say what the new primary has\n%s", name, calls)
		}
	case etcdLock, zooKeeperLock:
		kill := "kill the leader"
		if c.backend == zooKeeperLock {
			kill = "kill -KILL"
		}
		killed := at(kill)
		if !strings.Contains(calls, "the leader, dies") || !strings.Contains(calls, "leads, ") {
			t.Errorf("%s: the trace does not name the old and the new leader\n%s", name, calls)
		}
		if len(l) != 1 || l[0].Client != "A" {
			t.Errorf("%s: leases %+v, want A's alone", name, l)
			return
		}
		lease := int64(core.BookLease) * Tick.Milliseconds()
		var end int64 // the run's last call
		for _, e := range c.trace.Calls {
			end = max(end, e.MS)
		}
		switch {
		case c.backend == etcdLock && l[0].Service == 0 && end < killed+lease:
			// A lease not seen to end is one that outlived the run (a
			// slow election on a loaded machine ends it after the run's
			// last tick): not early, if the run lasted a TTL past the kill.
			t.Errorf("%s: A's lease not seen to end, and the run ended at %d ms, the leader killed at %d ms", name, end, killed)
		case c.backend == etcdLock && l[0].Service != 0 && l[0].Service < killed+lease:
			t.Errorf("%s: A's lease ended at %d ms, the leader killed at %d ms: not restarted in full", name, l[0].Service, killed)
		case c.backend == zooKeeperLock && (l[0].Service != 0 || l[0].Suspended == 0):
			t.Errorf("%s: A's session ended at %d ms, Disconnected at %d ms; want it disconnected and kept", name, l[0].Service, l[0].Suspended)
		}
	}
}

func callsOf(r recording.Recording) string {
	var s []string
	for _, c := range r.Calls {
		s = append(s, c.Call+" "+c.Result)
	}
	return strings.Join(s, "\n")
}

// checkAgrees fails unless the cell was replayed and agrees at every step.
func checkAgrees(t *testing.T, c *result) {
	t.Helper()
	name := c.sc.ID + " under " + string(c.st) + " on " + c.backend.name
	if c.sc.ID == core.PlayScenario {
		name = c.sc.Script() + " under " + string(c.st) + " on " + c.backend.name
	}
	switch {
	case c.err != nil:
		t.Errorf("%s: %v", name, c.err)
	case len(c.trace.Steps) != len(c.sc.Steps):
		t.Errorf("%s: %d steps compared of %d", name, len(c.trace.Steps), len(c.sc.Steps))
	case !c.trace.Agrees():
		for _, s := range c.trace.Steps {
			if !s.Agrees {
				t.Errorf("%s: step %d (%s): model %s; real %s", name, s.Step, s.Action, s.Model, s.Real)
				return
			}
		}
		t.Errorf("%s: real %s, model %s", name, c.trace.Verdict, c.trace.Model)
	}
}

// checkLibraryRenews: under heartbeat-pause, etcd's own keep-alives go out
// while A runs, none while it is stopped, and its library says the lease
// is gone only after the service has ended it.
// stopGrace is the slack allowed between a SIGSTOP, which the lab logs
// once it has sent it, and a line the client wrote, logged at the time
// the client wrote it by its own clock (cell.logAt): a line later than
// the stop by more than that was written while stopped.
const stopGrace = 200

func checkLibraryRenews(t *testing.T, tr recording.Recording) {
	t.Helper()
	if tr.Renewal != recording.RenewedByLibrary {
		t.Fatalf("heartbeat-pause under consensus renewed by %q", tr.Renewal)
	}
	var stopped, resumed int64
	for _, e := range tr.Calls {
		switch {
		case e.Client == "A" && strings.HasPrefix(e.Call, "kill -STOP"):
			stopped = e.MS
		case e.Client == "A" && strings.HasPrefix(e.Call, "kill -CONT"):
			resumed = e.MS
		}
	}
	sent := map[bool]int{} // before the pause, during it
	for _, e := range tr.Calls {
		if e.Client == "A" && strings.HasPrefix(e.Result, "etcd LeaseKeepAlive sent") && (resumed == 0 || e.MS < resumed) {
			// A line is logged at the time the client wrote it, which a
			// stopped process cannot: one later than the stop and its
			// grace, and earlier than the time taken before SIGCONT, was
			// sent while stopped. (A keep-alive sent as A runs again may be
			// read before the lab has logged SIGCONT, so order is no guide.)
			sent[stopped != 0 && e.MS > stopped+stopGrace]++
		}
	}
	if stopped == 0 || resumed == 0 || sent[false] < 2 || sent[true] != 0 {
		t.Errorf("A stopped at %d ms, resumed at %d ms; keep-alives sent before %d, while stopped %d", stopped, resumed, sent[false], sent[true])
	}
	if len(tr.Leases) == 0 || tr.Leases[0].Client != "A" || tr.Leases[0].Service == 0 || tr.Leases[0].Library < tr.Leases[0].Service {
		t.Errorf("A's lease: %+v", tr.Leases)
	}
}

// checkZooKeeperSaysDisconnectedThenExpired: under partitioned-holder, A's
// library says Disconnected while the partition lasts, the service ends A's
// session, and the library says Expired only once the partition heals, on
// reconnecting; A's write in between is noted, after the first word.
func checkZooKeeperSaysDisconnectedThenExpired(t *testing.T, tr recording.Recording) {
	t.Helper()
	var healed int64
	for _, e := range tr.Calls {
		if e.Client == "A" && strings.HasPrefix(e.Result, "the partition heals") {
			healed = e.MS
		}
	}
	if len(tr.Leases) == 0 {
		t.Fatal("partitioned-holder on ZooKeeper recorded no lease")
	}
	a := tr.Leases[0]
	switch {
	case a.Client != "A" || a.Suspended == 0 || a.Service == 0 || a.Library == 0:
		t.Errorf("A's session: %+v", a)
	case a.Library < a.Service || a.Library < healed:
		t.Errorf("Expired heard at %d ms, the service ended the session at %d ms, the partition healed at %d ms", a.Library, a.Service, healed)
	default:
		var after []int
		for _, w := range a.Writes {
			if w.AfterWord {
				after = append(after, w.Step)
			}
		}
		if len(after) != 1 || after[0] != 9 {
			t.Errorf("A's writes after Disconnected: steps %v (%+v)", after, a.Writes)
		}
	}
}

// checkTokenAfterRestore: in restore-from-backup, A's token after the
// restore goes back below B's, which the resource has seen (a Redis
// counter, etcd's revision), where the run agrees with the model; and does
// not where the run says it differs (etcd restored with --bump-revision,
// ZooKeeper's new epoch).
func checkTokenAfterRestore(t *testing.T, c *result) {
	t.Helper()
	l := c.trace.Leases
	if len(l) != 3 || l[0].Client != "A" || l[1].Client != "B" || l[2].Client != "A" || l[2].Token == 0 {
		t.Errorf("restore-from-backup under %s on %s: leases %+v", c.st, c.backend.name, l)
		return
	}
	if back := l[2].Token < l[1].Token; back != (c.trace.Differs == "") {
		t.Errorf("restore-from-backup under %s on %s: A's token %d after the restore, B's %d before it", c.st, c.backend.name, l[2].Token, l[1].Token)
	}
}

// checkTheDatabaseDecides: in non-atomic-check, A is stopped between its
// check and its apply, its transaction open; at READ COMMITTED its apply
// lands over B's write, as the model says; at SERIALIZABLE PostgreSQL
// aborts it (40001), and where an idle transaction's session is ended the
// server has ended A's: B's write stands, and the run differs from the
// model at A's apply, step 7, saying why.
func checkTheDatabaseDecides(t *testing.T, c *result) {
	t.Helper()
	calls := callsOf(c.trace)
	if !strings.Contains(calls, "stopped between its SELECT and its UPDATE") {
		t.Errorf("non-atomic-check on %s: A was not stopped between its check and its apply", c.setup)
	}
	said := map[*database]string{serializable: "SQLSTATE 40001", idleTimeouts: "terminating connection due to idle-in-transaction timeout"}[c.database]
	switch {
	case c.err != nil:
	case c.database == readCommitted && c.trace.Verdict != core.Corrupted:
		t.Errorf("non-atomic-check on %s: %s, want corrupted", c.setup, c.trace.Verdict)
	case c.database == readCommitted:
	case c.trace.Verdict != core.Safe || c.trace.FirstDiffers != 7 || c.trace.Differs == "":
		t.Errorf("non-atomic-check on %s: %s, differing from step %d (%q); want safe, from step 7, saying why", c.setup, c.trace.Verdict, c.trace.FirstDiffers, c.trace.Differs)
	case !strings.Contains(calls, said):
		t.Errorf("non-atomic-check on %s: the trace does not show %q", c.setup, said)
	}
}

// The random runs CI replays: a fixed seed, two runs per row and service.
const ciSeed, ciRandomRuns = 1, 18

// Random runs drawn from the search's alphabet agree with the model at
// every step on real software.
func TestRandomRunsAgreeWithTheModel(t *testing.T) {
	if testing.Short() {
		t.Skip("replays random runs on real servers in real time (about a minute); make test runs it")
	}
	var cells []*result
	for i := range ciRandomRuns {
		sc, st, b, _, err := randomRun(ciSeed, i, options{rows: core.Strategies()})
		if err != nil {
			t.Fatal(err)
		}
		cells = append(cells, &result{sc: sc, st: st, setup: setup{b, databases[0]}})
	}
	if err := replayAll(cells, 6); err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		checkAgrees(t, c)
		checkRowHistory(t, c)
	}
}

// A script the lab cannot stage names the item and why, and runs nothing.
func TestScriptsTheLabCannotStageSayWhichItem(t *testing.T) {
	lease, consensus := options{rows: []core.Strategy{core.Lease}, parallel: 1}, options{rows: []core.Strategy{core.Consensus}, service: etcdLock, parallel: 1}
	if err := runScript("A:acquire,jump:10,A:write:x", lease); err == nil || !strings.Contains(err.Error(), "item 2 (jump:10)") || !strings.Contains(err.Error(), "monotonic") {
		t.Errorf("a jump under lease: %v", err)
	}
	if err := runScript("A:acquire,A:renew@r1,A:release", consensus); err == nil || !strings.Contains(err.Error(), "item 3 (A:release)") || !strings.Contains(err.Error(), "partition") {
		t.Errorf("a release in the partition of a held renewal: %v", err)
	}
	if err := runScript("A:acquire,A:frob", lease); err == nil || !strings.Contains(err.Error(), `item 2 ("A:frob")`) {
		t.Errorf("an unknown item: %v", err)
	}
	var o options
	if err := o.choose("nope", ""); err == nil || !strings.Contains(err.Error(), `unknown strategy "nope"`) {
		t.Errorf("an unknown row: %v", err)
	}
	for _, st := range core.Strategies() {
		if len(backendsFor(st)) == 0 {
			t.Errorf("no backend serves %s", st)
		}
	}
	if err := o.choose(core.Optimistic, "etcd"); err == nil || !strings.Contains(err.Error(), "etcd serves no row asked for (optimistic)") {
		t.Errorf("a service for a row without one: %v", err)
	}
	if err := o.choose(core.Lease, "zookeeper"); err == nil || !strings.Contains(err.Error(), "zookeeper serves no row asked for (lease)") {
		t.Errorf("a service that serves no row asked for: %v", err)
	}
	zoo := options{rows: []core.Strategy{core.Consensus}, service: zooKeeperLock, parallel: 1}
	if err := runScript("A:acquire,tick:10,B:acquire", zoo); err == nil || !strings.Contains(err.Error(), "item 2 (tick:10)") || !strings.Contains(err.Error(), "session") {
		t.Errorf("a lease that ends while its holder runs, on ZooKeeper: %v", err)
	}
	if err := runScript("A:acquire,A:acquire@m1,A:renew@m2,deliver:m1", zoo); err == nil || !strings.Contains(err.Error(), "item 4 (deliver:m1)") || !strings.Contains(err.Error(), "partition") {
		t.Errorf("a held answer delivered in the partition of a held renewal, on ZooKeeper: %v", err)
	}
}

// tracesDir is where make lab writes every cell, for the page to fetch.
var tracesDir = filepath.Join("..", "static", "web", "lab")

// Every cell has a committed recording on each service of its row (make
// lab writes them): a replayed run's, or why it is not replayed. They are
// still what the model says and what the lab can replay, and every
// replayed one agreed with the model, or says why it differs: a change
// that moves a verdict fails here until make lab records them again. A
// run on another database than the first (a two-step check's variants) is
// checked where it is recorded.
func TestCommittedRecordingsMatchTheModel(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			model := core.VerdictOf(frames)
			for _, on := range runsOf(sc, st, backendsFor(st)) {
				b := on.backend
				f := fileName(sc.ID, st, on)
				r, ok, err := readRecording(tracesDir, sc.ID, st, on)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					t.Errorf("%s under %s on %s has no recording %s (make lab)", sc.ID, st, on, f)
					continue
				}
				// Every replayed step says what the real run left, for
				// the page to word in its own language.
				for _, s := range r.Steps {
					if s.Seen == nil {
						t.Errorf("%s: step %d has no record of what the real run left (make lab)", f, s.Step)
						break
					}
				}
				why, _, err := replayable(sc, st, b)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case r.Backend != b.name:
					t.Errorf("%s: recorded on %q, not %s", f, r.Backend, b.name)
				case r.Database != on.database.name:
					t.Errorf("%s: recorded on the database %q, not %s", f, r.Database, on.database.name)
				case r.Model != model:
					t.Errorf("%s: recorded beside the model's %s, the model now says %s", f, r.Model, model)
				case r.Why != why:
					t.Errorf("%s: recorded as not replayed for %q, the lab now says %q", f, r.Why, why)
				case why == "" && !r.Agrees() && !mayDiffer(r):
					t.Errorf("%s: recorded %s, the model says %s", f, r.Verdict, model)
				case why == "" && r.Renewal != string(renewalOf(sc, st, b)):
					t.Errorf("%s: recorded with renewals by %q, the lab now renews by %q", f, r.Renewal, renewalOf(sc, st, b))
				}
			}
		}
	}
}

// A cell the lab cannot replay says why, and is refused.
func TestCellsNotReplayedSayWhy(t *testing.T) {
	sc, _ := core.ScenarioByID("clock-jump")
	why, ok := recording.Replayable(sc, core.Lease)
	if ok || why != recording.JumpedClock {
		t.Fatalf("clock-jump under lease: replayable %v, %q", ok, why)
	}
	if _, err := Replay(sc, core.Lease, setup{redisLock, readCommitted}, t.TempDir()); err == nil {
		t.Error("Replay ran a cell it cannot replay")
	}
	// Every row with a lock service replays the failover, on each of its
	// services; on ZooKeeper its last step ends a lease while its holder
	// runs, which nothing after it can tell apart from a lease that lives
	// on, as it does there.
	failover, _ := core.ScenarioByID("failover")
	for _, st := range core.Strategies() {
		for _, b := range backendsFor(st) {
			if why, item, err := replayable(failover, st, b); err != nil || why != "" {
				t.Errorf("failover under %s on %s: not replayed, %q at item %d, %v", st, b.name, why, item, err)
			}
		}
	}
	ends, err := core.ParseScript("A:acquire,tick:10")
	if err != nil {
		t.Fatal(err)
	}
	if err := stageable(ends, core.Consensus, zooKeeperLock); err != nil {
		t.Errorf("a lease that ends while its holder runs, at the last step, on ZooKeeper: %v", err)
	}
	sc, _ = core.ScenarioByID("slow-grant")
	if why, item, err := replayable(sc, core.Consensus, zooKeeperLock); err != nil || why != SessionKeptAlive || item != 2 {
		t.Errorf("slow-grant under consensus on ZooKeeper: %q at item %d, %v", why, item, err)
	}
	if _, err := Replay(sc, core.Consensus, setup{zooKeeperLock, readCommitted}, t.TempDir()); err == nil {
		t.Error("Replay ran on ZooKeeper a cell it cannot replay there")
	}
	if _, err := Replay(sc, core.Lease, setup{zooKeeperLock, readCommitted}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "does not serve") {
		t.Errorf("Replay on a service that does not serve the row: %v", err)
	}
}

// Each row's design chooses its services; the consensus rows have two, a
// run that restores the service is also replayed on etcd restored with
// --bump-revision, and a run that checks a write in two steps is also
// replayed, on the row's first service, on each other database.
func TestEachRowHasItsServices(t *testing.T) {
	restore, _ := core.ScenarioByID("restore-from-backup")
	gcPause, _ := core.ScenarioByID(core.GCPauseID)
	twoStep, _ := core.ScenarioByID("non-atomic-check")
	for _, c := range []struct {
		sc   core.Scenario
		st   core.Strategy
		want []setup
	}{
		{restore, core.Consensus, []setup{{etcdLock, readCommitted}, {etcdBumped, readCommitted}, {zooKeeperLock, readCommitted}}},
		{gcPause, core.Consensus, []setup{{etcdLock, readCommitted}, {zooKeeperLock, readCommitted}}},
		{twoStep, core.Consensus, []setup{{etcdLock, readCommitted}, {etcdLock, serializable}, {etcdLock, idleTimeouts}, {zooKeeperLock, readCommitted}}},
		{twoStep, core.LeaseFencing, []setup{{fencedRedis, readCommitted}, {fencedRedis, serializable}, {fencedRedis, idleTimeouts}}},
		{twoStep, core.ConsensusUnfenced, []setup{{etcdLock, readCommitted}, {zooKeeperLock, readCommitted}}},
		// The optimistic row's two-step compare is a check apart from
		// the write too: it is replayed on each database.
		{twoStep, core.Optimistic, []setup{{noService, readCommitted}, {noService, serializable}, {noService, idleTimeouts}}},
		{restore, core.Optimistic, []setup{{noService, readCommitted}}},
	} {
		if got := runsOf(c.sc, c.st, backendsFor(c.st)); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s under %s is replayed on %v, want %v", c.sc.ID, c.st, got, c.want)
		}
	}
	want := map[core.Strategy][]*backend{
		core.NoTTL: {plainRedis}, core.Lease: {redisLock}, core.Redlock: {redsyncLock}, core.LeaseFencing: {fencedRedis},
		core.ConsensusUnfenced: {etcdLock, zooKeeperLock}, core.Consensus: {etcdLock, zooKeeperLock}, core.Optimistic: {noService},
	}
	for _, st := range core.Strategies() {
		got := backendsFor(st)
		if fmt.Sprint(got) != fmt.Sprint(want[st]) {
			var names []string
			for _, b := range got {
				names = append(names, b.name)
			}
			t.Errorf("%s is replayed on %v", st, names)
		}
	}
}
