package core

// BookLease is the lease, in ticks, the chapter's demo grants.
const BookLease = 10

// The chapter's resource, and a second one for the scenario that needs two.
const (
	Row42 = "row-42"
	Row43 = "row-43"
)

func acquire(c string, nodes ...int) Action {
	return Action{Kind: ActAcquire, Client: c, Lease: BookLease, Nodes: nodes}
}
func write(c, v string) Action { return Action{Kind: ActWrite, Client: c, Value: v} }
func writeTo(c, v, res string) Action {
	return Action{Kind: ActWrite, Client: c, Value: v, Resource: res}
}
func heldWrite(c, v, id string) Action { return Action{Kind: ActWrite, Client: c, Value: v, Hold: id} }
func read(c string) Action             { return Action{Kind: ActRead, Client: c} }
func pause(c string, t int) Action     { return Action{Kind: ActPause, Client: c, Ticks: t} }
func tick(t int) Action                { return Action{Kind: ActTick, Ticks: t} }
func jump(t int) Action                { return Action{Kind: ActJump, Ticks: t} }
func check(c string) Action            { return Action{Kind: ActCheck, Client: c} }
func renew(c string) Action            { return Action{Kind: ActRenew, Client: c, Lease: BookLease} }
func heldRenew(c, id string) Action {
	return Action{Kind: ActRenew, Client: c, Lease: BookLease, Hold: id}
}
func release(c string) Action  { return Action{Kind: ActRelease, Client: c} }
func crash(c string) Action    { return Action{Kind: ActCrash, Client: c} }
func deliver(id string) Action { return Action{Kind: ActDeliver, Message: id} }
func restart() Action          { return Action{Kind: ActRestart} }
func failover() Action         { return Action{Kind: ActFailover} }
func heldAcquire(c, id string) Action {
	return Action{Kind: ActAcquire, Client: c, Lease: BookLease, Hold: id}
}
func words(a Action) Step             { return Step{Action: a} }
func told(a Action, note string) Step { return Step{Action: a, Note: note} }
func scenario(id string, steps ...Step) Scenario {
	return Scenario{
		ID: id, Resources: []string{Row42}, Clients: []string{"A", "B"},
		Title: id + ".title", Shows: id + ".shows", Start: id + ".start", Steps: steps,
		// Nobody holds a lock that is not there: the optimistic row starts
		// with words of its own.
		Starts: map[Strategy]string{Optimistic: startOptimistic},
	}
}

// startOptimistic is the message id of the initial note of a scenario
// under the optimistic row, where the scenario's own start speaks of a
// lock; a scenario whose start says more has one of its own,
// "<id>.start.optimistic" (ownOptimisticStart).
const startOptimistic = "start.optimistic"

// ownOptimisticStart gives sc a start note of its own under the optimistic
// row.
func ownOptimisticStart(sc *Scenario) { sc.Starts[Optimistic] = sc.ID + ".start.optimistic" }

// bookWords gives a gc-pause step the book's words under the rows whose
// grants carry a token and expire, and words generated from the event under
// the others (a plain lock has no lease, Redlock no token, the optimistic
// row no lock). Where a step's
// words speak of the resource's check, unfenced replaces them under the
// rows whose resource checks nothing ("" where they need no other words).
func bookWords(a Action, note, unfenced string, byResult map[Result]string) Step {
	s := Step{Action: a, Note: note, notes: map[noteKey]string{{Strategy: NoTTL}: "", {Strategy: Redlock}: "", {Strategy: Optimistic}: ""}}
	if unfenced != "" {
		s.notes[noteKey{Strategy: Lease}] = unfenced
		s.notes[noteKey{Strategy: ConsensusUnfenced}] = unfenced
	}
	for r, n := range byResult {
		s.notes[noteKey{Result: r}] = n
	}
	return s
}

// GCPauseID is the chapter's scenario's ID, the page's default: a
// constant, so that asking for it builds nothing.
const GCPauseID = "gc-pause"

// gcPause is the chapter's scenario: A takes the lock and writes, stops in a
// GC pause long enough for its lease to expire, B takes the lock with a newer
// token and writes, and A wakes up and writes with its old token.
func gcPause() Scenario {
	sc := scenario(GCPauseID,
		bookWords(acquire("A"), "gc-pause.a-acquires", "", nil),
		bookWords(write("A", "A-value"), "gc-pause.a-writes", "gc-pause.a-writes.unfenced", nil),
		bookWords(pause("A", BookLease), "gc-pause.a-pauses", "", nil),
		bookWords(acquire("B"), "gc-pause.b-acquires", "", nil),
		bookWords(write("B", "B-value"), "gc-pause.b-writes", "gc-pause.b-writes.unfenced", nil),
		bookWords(write("A", "A-STALE"), "", "", map[Result]string{
			ResultRejected: "gc-pause.a-writes-late.refused",
			ResultStale:    "gc-pause.a-writes-late.destroys",
		}),
	)
	sc.Contrast = [2]Strategy{LeaseFencing, Lease}
	return sc
}

// checkThenWrite: A checks that its lease is still valid, then pauses before
// the write. The client's check cannot see the pause coming; only the
// resource's check helps.
func checkThenWrite() Scenario {
	sc := scenario("check-then-write",
		words(acquire("A")),
		words(tick(4)),
		words(check("A")),
		told(pause("A", 8), "check-then-write.a-pauses"),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(write("A", "A-value")),
	)
	sc.Steps[3].notes = map[noteKey]string{{Strategy: NoTTL}: "", {Strategy: Optimistic}: ""}
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{LeaseFencing, Lease}
	return sc
}

// delayedWrite: A sends a write while its lease is valid; the write is held
// up in the network, A gives up waiting and releases the lock, B takes it and
// writes, and only then does A's write arrive. Releasing does not call back
// a write already on its way, so a plain lock corrupts too.
func delayedWrite() Scenario {
	sc := scenario("delayed-write",
		words(acquire("A")),
		words(heldWrite("A", "A-value", "w1")),
		Step{Action: release("A"), Note: "delayed-write.a-gives-up", notes: map[noteKey]string{
			{Strategy: Optimistic}: "delayed-write.a-gives-up.optimistic",
		}},
		words(acquire("B")),
		words(write("B", "B-value")),
		words(deliver("w1")),
	)
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{LeaseFencing, Lease}
	return sc
}

// slowGrant: the reply to A's acquire arrives after the lease it grants has
// already expired. A measures its lease from the reply (the FromReply
// discipline), so its own check passes. Under Redlock A follows the
// algorithm, which counts validity from its first request, and does not use
// the late grant.
func slowGrant() Scenario {
	sc := scenario("slow-grant",
		words(heldAcquire("A", "g1")),
		words(tick(BookLease)),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(tick(2)),
		words(deliver("g1")),
		words(check("A")),
		words(write("A", "A-value")),
	)
	sc.FromReply = []string{"A"}
	sc.Starts[NoTTL], sc.Starts[Redlock] = "slow-grant.start.no-ttl", "slow-grant.start.redlock"
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{LeaseFencing, Lease}
	return sc
}

// crashNoTTL: the holder crashes. Without a TTL nobody can ever take the lock
// again; with a lease, B takes it after expiry.
func crashNoTTL() Scenario {
	sc := scenario("crash-no-ttl",
		words(acquire("A")),
		words(write("A", "A-value")),
		words(crash("A")),
		words(tick(BookLease)),
		words(acquire("B")),
		words(write("B", "B-value")),
	)
	sc.Contrast = [2]Strategy{Lease, NoTTL}
	return sc
}

// heartbeat: A renews on time, so B cannot take the lock and the token does
// not change; then A crashes, renewals stop, the lease expires and B gets
// the next token.
func heartbeat() Scenario {
	sc := scenario("heartbeat",
		words(acquire("A")),
		words(write("A", "A-1")),
		words(tick(6)),
		words(renew("A")),
		words(acquire("B")),
		words(tick(6)),
		words(renew("A")),
		words(write("A", "A-2")),
		words(crash("A")),
		words(tick(BookLease)),
		words(acquire("B")),
		words(write("B", "B-value")),
	)
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Lease, NoTTL}
	return sc
}

// heartbeatPause: A renews on time until a GC pause stops it, heartbeat
// included; its lease runs out, B takes the lock and writes, and A wakes up
// and writes. Renewals do not save a paused holder.
func heartbeatPause() Scenario {
	sc := scenario("heartbeat-pause",
		words(acquire("A")),
		words(write("A", "A-1")),
		words(tick(6)),
		words(renew("A")),
		told(pause("A", 12), "heartbeat-pause.a-pauses"),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(write("A", "A-2")),
	)
	sc.Steps[4].notes = map[noteKey]string{{Strategy: NoTTL}: "", {Strategy: Optimistic}: ""}
	sc.Starts[Optimistic] = "heartbeat.start.optimistic" // the same renewals as heartbeat's
	sc.Contrast = [2]Strategy{LeaseFencing, Lease}
	return sc
}

// counterReset: the lock service restarts while A is paused. A single node
// that keeps its counter in memory issues token 1 again, equal to A's, so the
// fenced resource lets both holders write; a replicated counter keeps
// increasing.
func counterReset() Scenario {
	sc := scenario("counter-reset",
		words(acquire("A")),
		words(write("A", "A-value")),
		words(pause("A", BookLease)),
		words(restart()),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(write("A", "A-STALE")),
	)
	sc.Contrast = [2]Strategy{Consensus, LeaseFencing}
	return sc
}

// restartDuringLease: the lock service restarts while A's lease is in force
// and nobody pauses. A single node forgets A's lease and grants B at once; a
// replicated service (or one that waits out the longest lease after a
// restart) does not. Under Redlock it is the algorithm's own case: A holds
// nodes 1-3, node 3 restarts without persistence and forgets A, and B wins
// nodes 3-5.
func restartDuringLease() Scenario {
	sc := scenario("restart-during-lease",
		words(acquire("A", 1, 2, 3)),
		words(write("A", "A-1")),
		Step{Action: restart(), notes: map[noteKey]string{
			{ResultLost, Lease}:        "restart-during-lease.restart.lost",
			{ResultLost, LeaseFencing}: "restart-during-lease.restart.lost",
			{ResultLost, Redlock}:      "restart-during-lease.restart.redlock",
		}},
		words(acquire("B", 3, 4, 5)),
		words(write("B", "B-value")),
		words(write("A", "A-2")),
	)
	sc.Contrast = [2]Strategy{Consensus, LeaseFencing}
	return sc
}

// restoreFromBackup: tokens that go back inside a service replicated by
// consensus. The service is backed up while the lock is free; A and then B
// take the lock (tokens 1 and 2) and B writes; B stops in a GC pause and
// its lease runs out; the service is restored from the backup, its token
// counter with it, and A takes the lock again with token 1, below the 2 the
// resource has seen. A resource that checks tokens refuses the holder in
// force (stuck) and lets B's late write through; one that does not lets A
// write and B's late write overwrite it.
func restoreFromBackup() Scenario {
	sc := scenario("restore-from-backup",
		words(Action{Kind: ActBackup}),
		words(acquire("A")),
		words(write("A", "A-1")),
		words(release("A")),
		words(acquire("B")),
		words(write("B", "B-1")),
		words(pause("B", BookLease)),
		words(Action{Kind: ActRestore}),
		words(acquire("A")),
		words(write("A", "A-2")),
		words(write("B", "B-STALE")),
	)
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, ConsensusUnfenced}
	return sc
}

// clockJump: the lock service's clock (under Redlock, one node's) jumps
// ahead; A, running and checking its lease by its own clock, still believes
// it holds the lock while B takes it. Nobody pauses. Under Redlock A reached
// only nodes 1–3 and B reaches 3–5: each holds a majority.
func clockJump() Scenario {
	sc := scenario("clock-jump",
		words(acquire("A", 1, 2, 3)),
		words(write("A", "A-value")),
		words(tick(3)),
		words(jump(7)),
		words(acquire("B", 3, 4, 5)),
		words(write("B", "B-value")),
		words(check("A")),
		words(write("A", "A-STALE")),
	)
	sc.Contrast = [2]Strategy{Consensus, Redlock}
	return sc
}

// staleBeforeNewHolder: A's late write lands after B's grant but before B
// has touched the resource: the resource has not seen B's token yet, so it
// accepts the write even with fencing.
func staleBeforeNewHolder() Scenario {
	sc := scenario("stale-before-new-holder",
		words(acquire("A")),
		words(write("A", "A-1")),
		words(pause("A", BookLease)),
		words(acquire("B")),
		words(write("A", "A-STALE")),
		words(write("B", "B-value")),
	)
	sc.Contrast = [2]Strategy{Consensus, NoTTL}
	return sc
}

// fencedRead is staleBeforeNewHolder with one step more: B first presents
// its token to the resource, which from then on refuses A's.
func fencedRead() Scenario {
	sc := scenario("fenced-read",
		words(acquire("A")),
		words(write("A", "A-1")),
		words(pause("A", BookLease)),
		words(acquire("B")),
		words(read("B")),
		words(write("A", "A-STALE")),
		words(write("B", "B-value")),
	)
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, ConsensusUnfenced}
	return sc
}

// twoResources: A writes to two resources; after its lease expires, B takes
// the lock and writes only one of them. A wakes and writes both again, the
// one B did not write first: its old token is accepted there, where B's
// token was never seen, and then refused where B has written. The update is
// torn although A stops at the first refusal.
func twoResources() Scenario {
	sc := scenario("two-resources",
		words(acquire("A")),
		words(writeTo("A", "A-1", Row42)),
		words(writeTo("A", "A-1", Row43)),
		words(pause("A", BookLease)),
		words(acquire("B")),
		words(writeTo("B", "B-value", Row42)),
		words(writeTo("A", "A-STALE", Row43)),
		words(writeTo("A", "A-STALE", Row42)),
	)
	sc.Resources = []string{Row42, Row43}
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, NoTTL}
	return sc
}

// sameTokenRetry: one holder's own writes, which fencing does not order. A
// stops in a GC pause and its lease runs out; B takes the lock. B's first
// write is held up in the network, B times out and sends it again, and the
// retry lands; B writes its next value; A wakes up and writes with its old
// token, which a fenced resource refuses (order between holders). Then
// B's first write arrives at last and overwrites B's newer value: its token
// equals maxToken, which the resource accepts on purpose, so fencing lets
// it through (no order within one holder's writes).
func sameTokenRetry() Scenario {
	// B holds no lock without a TTL, no token under Redlock, and writes
	// with a version under the optimistic row.
	told := func(a Action, note string) Step {
		return Step{Action: a, Note: note, notes: map[noteKey]string{
			{Strategy: NoTTL}: "", {Strategy: Redlock}: note + ".no-token", {Strategy: Optimistic}: note + ".version",
		}}
	}
	sc := scenario("same-token-retry",
		words(acquire("A")),
		words(pause("A", BookLease)),
		words(acquire("B")),
		told(heldWrite("B", "B-1", "w1"), "same-token-retry.b-times-out"),
		told(write("B", "B-1"), "same-token-retry.b-retries"),
		words(write("B", "B-2")),
		words(write("A", "A-STALE")),
		words(deliver("w1")),
	)
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, ConsensusUnfenced}
	return sc
}

// nonAtomicCheck: the resource checks A's token, then stalls before it
// applies the write; meanwhile A's lease expires, B takes the lock and its
// write is checked and applied; then A's write is applied over it.
func nonAtomicCheck() Scenario {
	sc := scenario("non-atomic-check",
		words(acquire("A")),
		words(heldWrite("A", "A-value", "w1")),
		words(tick(BookLease)),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(deliver("w1")),
	)
	sc.NonAtomic = true
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, NoTTL}
	return sc
}

// lockDelayLength is the lock-delay of the lock-delay scenario, in ticks.
const lockDelayLength = 5

// lockDelay: the resource cannot check tokens, and the lock service keeps a
// lock-delay, as Chubby does: after A's lease lapses without a release,
// nobody gets the lock for 5 more ticks. B is turned away during it; but A's
// pause lasts longer than lease and delay together, B gets the lock, and A
// wakes up and writes over B's value. The delay narrows the window; it does
// not close it.
func lockDelay() Scenario {
	sc := scenario("lock-delay",
		words(acquire("A")),
		words(write("A", "A-1")),
		words(pause("A", 12)),
		words(acquire("B")),
		words(tick(8)),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(write("A", "A-STALE")),
	)
	sc.LockDelay = lockDelayLength
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, ConsensusUnfenced}
	return sc
}

// partitionedHolder: A is cut off from the lock service but still reaches
// the resource. Its renewal is held up in the network, its lease lapses, B
// takes the lock and writes, and A, not told, writes too. A learns that it
// lost the lock when the renewal's answer reaches it, or by its library's
// own timer (etcd's Session.Done: the TTL counted from the last keep-alive
// reply), which can fire after the service has ended the lease. Only the
// resource's check closes the gap.
func partitionedHolder() Scenario {
	sc := scenario("partitioned-holder",
		words(acquire("A")),
		words(write("A", "A-1")),
		words(tick(6)),
		words(heldRenew("A", "r1")),
		words(tick(6)),
		words(acquire("B")),
		words(write("B", "B-value")),
		words(write("A", "A-2")),
		words(deliver("r1")),
	)
	ownOptimisticStart(&sc)
	sc.Contrast = [2]Strategy{Consensus, ConsensusUnfenced}
	return sc
}

// failoverLag is how long A works after its grant before the lock
// service fails over, in ticks: the primary's replica has not caught up
// meanwhile (no sync), and a new leader restarts A's lease that late.
const failoverLag = 5

// failoverScenario: the lock service fails over while A holds the lock,
// before its replica had A's grant. A takes the lock and writes; A works
// on, and the primary's replica does not catch up; the primary dies and
// its replica takes over with what it had: no lock, and the token counter
// at 0. B takes the lock (under lease-fencing, token 1 again, A's) and
// writes; A, still inside its own lease, writes again. Two holders at
// once, each within its lease, nobody paused. Under the consensus rows the
// failover is a leader change: A's grant survives, B is refused, and A's
// lease is restarted in full plus an election timeout, so it ends later
// than it would have (time passes at the end to show it). Under Redlock it
// is node 3's failover: A keeps 4 of 5 nodes.
func failoverScenario() Scenario {
	sc := scenario("failover",
		words(acquire("A")),
		words(write("A", "A-1")),
		Step{Action: tick(failoverLag), notes: map[noteKey]string{
			{Strategy: NoTTL}: "failover.a-works", {Strategy: Lease}: "failover.a-works",
			{Strategy: LeaseFencing}: "failover.a-works", {Strategy: Redlock}: "failover.a-works.redlock",
		}},
		words(failover()),
		Step{Action: acquire("B"), notes: map[noteKey]string{
			{Strategy: NoTTL}: "failover.b-acquires.no-ttl", {Strategy: Lease}: "failover.b-acquires",
			{Strategy: LeaseFencing}: "failover.b-acquires.fenced",
		}},
		words(write("B", "B-1")),
		words(write("A", "A-2")),
		Step{Action: tick(BookLease + ElectionTimeout), notes: map[noteKey]string{
			{Strategy: ConsensusUnfenced}: "failover.lease-ends.consensus", {Strategy: Consensus}: "failover.lease-ends.consensus",
		}},
	)
	sc.Starts[Redlock] = "failover.start.redlock"
	sc.Starts[ConsensusUnfenced], sc.Starts[Consensus] = "failover.start.consensus", "failover.start.consensus"
	sc.Contrast = [2]Strategy{Consensus, LeaseFencing}
	return sc
}

// scenarioMakers builds each scenario, the default (the chapter's) first.
// Every call builds a fresh value, so a caller may change what it gets.
var scenarioMakers = []struct {
	id   string
	make func() Scenario
}{
	{GCPauseID, gcPause},
	{"check-then-write", checkThenWrite},
	{"delayed-write", delayedWrite},
	{"slow-grant", slowGrant},
	{"crash-no-ttl", crashNoTTL},
	{"heartbeat", heartbeat},
	{"heartbeat-pause", heartbeatPause},
	{"counter-reset", counterReset},
	{"restart-during-lease", restartDuringLease},
	{"restore-from-backup", restoreFromBackup},
	{"clock-jump", clockJump},
	{"stale-before-new-holder", staleBeforeNewHolder},
	{"fenced-read", fencedRead},
	{"two-resources", twoResources},
	{"same-token-retry", sameTokenRetry},
	{"non-atomic-check", nonAtomicCheck},
	{"lock-delay", lockDelay},
	{"partitioned-holder", partitionedHolder},
	{"failover", failoverScenario},
}

// Scenarios returns every scenario, the default (the chapter's) first.
func Scenarios() []Scenario {
	out := make([]Scenario, len(scenarioMakers))
	for i, m := range scenarioMakers {
		out[i] = m.make()
	}
	return out
}

// ScenarioByID returns the scenario with the given id, or false, building
// only that one (the lab's command line names one).
func ScenarioByID(id string) (Scenario, bool) {
	for _, m := range scenarioMakers {
		if m.id == id {
			return m.make(), true
		}
	}
	return Scenario{}, false
}
