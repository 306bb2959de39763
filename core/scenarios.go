package core

// BookLease is the lease, in ticks, the chapter's demo grants.
const BookLease = 10

func acquire(c string) Action      { return Action{Kind: ActAcquire, Client: c, Lease: BookLease} }
func write(c, v string) Action     { return Action{Kind: ActWrite, Client: c, Value: v} }
func pause(c string, t int) Action { return Action{Kind: ActPause, Client: c, Ticks: t} }
func tick(t int) Action            { return Action{Kind: ActTick, Ticks: t} }
func check(c string) Action        { return Action{Kind: ActCheck, Client: c} }
func renew(c string) Action        { return Action{Kind: ActRenew, Client: c, Lease: BookLease} }
func crash(c string) Action        { return Action{Kind: ActCrash, Client: c} }

// Steps, and their notes, shared by several scenarios.

func aAcquires() Step {
	return Step{Action: acquire("A"), Note: "note.a-acquires",
		Notes: map[string]string{"@no-ttl": "note.a-acquires.no-ttl"}}
}

func aWrites() Step { return Step{Action: write("A", "A-value"), Note: "note.a-writes"} }

func bAcquires() Step {
	return Step{Action: acquire("B"), Note: "note.b-acquires",
		Notes: map[string]string{ResultRefused: "note.b-refused"}}
}

func bWrites() Step {
	return Step{Action: write("B", "B-value"), Note: "note.b-writes",
		Notes: map[string]string{ResultSkipped: "note.b-skips"}}
}

// GCPause is the chapter's scenario: A takes the lock and writes, stops in a
// GC pause long enough for its lease to expire, B takes the lock with a newer
// token and writes, and A wakes up and writes with its old token.
func GCPause() Scenario {
	return Scenario{
		ID: "gc-pause", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "gc-pause.title", Shows: "gc-pause.shows", Start: "gc-pause.start",
		Contrast: [2]Strategy{LeaseFencing, Lease},
		Steps: []Step{
			{Action: acquire("A"), Note: "gc-pause.a-acquires",
				Notes: map[string]string{"@no-ttl": "note.a-acquires.no-ttl"}},
			{Action: write("A", "A-value"), Note: "gc-pause.a-writes"},
			{Action: pause("A", BookLease), Note: "gc-pause.a-pauses",
				Notes: map[string]string{ResultPaused: "gc-pause.a-pauses.no-ttl"}},
			{Action: acquire("B"), Note: "gc-pause.b-acquires",
				Notes: map[string]string{ResultRefused: "note.b-refused"}},
			{Action: write("B", "B-value"), Note: "gc-pause.b-writes",
				Notes: map[string]string{ResultSkipped: "note.b-skips"}},
			{Action: write("A", "A-STALE"), Note: "gc-pause.a-writes-late",
				Notes: map[string]string{
					ResultRejected: "gc-pause.a-writes-late.refused",
					ResultDestroys: "gc-pause.a-writes-late.destroys",
					ResultAccepted: "gc-pause.a-writes-late.holder",
				}},
		},
	}
}

// CheckThenWrite: A checks that its lease is still valid, then pauses before
// the write. The client's check cannot see the pause coming; only the
// resource's check helps.
func CheckThenWrite() Scenario {
	return Scenario{
		ID: "check-then-write", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "check-then-write.title", Shows: "check-then-write.shows", Start: "check-then-write.start",
		Contrast: [2]Strategy{LeaseFencing, Lease},
		Steps: []Step{
			aAcquires(),
			{Action: tick(4), Note: "check-then-write.a-works"},
			{Action: check("A"), Note: "check-then-write.a-checks",
				Notes: map[string]string{"@no-ttl": "check-then-write.a-checks.no-ttl"}},
			{Action: pause("A", 8), Note: "check-then-write.a-pauses",
				Notes: map[string]string{ResultPaused: "check-then-write.a-pauses.no-ttl"}},
			bAcquires(),
			bWrites(),
			{Action: write("A", "A-value"), Note: "check-then-write.a-writes",
				Notes: map[string]string{
					ResultRejected: "check-then-write.a-writes.refused",
					ResultDestroys: "check-then-write.a-writes.destroys",
					ResultAccepted: "check-then-write.a-writes.holder",
				}},
		},
	}
}

// DelayedWrite: A's write leaves while its lease is valid and is held in the
// network until after B, the next holder, has written.
func DelayedWrite() Scenario {
	return Scenario{
		ID: "delayed-write", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "delayed-write.title", Shows: "delayed-write.shows", Start: "delayed-write.start",
		Contrast: [2]Strategy{LeaseFencing, Lease},
		Steps: []Step{
			aAcquires(),
			{Action: Action{Kind: ActWrite, Client: "A", Value: "A-value", Hold: "w1"}, Note: "delayed-write.a-sends"},
			{Action: tick(BookLease), Note: "delayed-write.time-passes",
				Notes: map[string]string{ResultPasses: "delayed-write.time-passes.no-ttl"}},
			bAcquires(),
			bWrites(),
			{Action: Action{Kind: ActDeliver, Message: "w1"}, Note: "delayed-write.arrives",
				Notes: map[string]string{
					ResultRejected: "delayed-write.arrives.refused",
					ResultDestroys: "delayed-write.arrives.destroys",
					ResultAccepted: "delayed-write.arrives.holder",
				}},
		},
	}
}

// SlowGrant: the reply to A's acquire arrives after the lease it grants has
// already expired. A measures its lease from the reply, so its own check
// passes.
func SlowGrant() Scenario {
	return Scenario{
		ID: "slow-grant", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "slow-grant.title", Shows: "slow-grant.shows", Start: "slow-grant.start",
		Contrast: [2]Strategy{LeaseFencing, Lease},
		Steps: []Step{
			{Action: Action{Kind: ActAcquire, Client: "A", Lease: BookLease, Hold: "g1"}, Note: "slow-grant.a-asks",
				Notes: map[string]string{"@no-ttl": "slow-grant.a-asks.no-ttl"}},
			{Action: tick(BookLease), Note: "slow-grant.time-passes",
				Notes: map[string]string{ResultPasses: "slow-grant.time-passes.no-ttl"}},
			bAcquires(),
			bWrites(),
			{Action: tick(2), Note: "slow-grant.more-time"},
			{Action: Action{Kind: ActDeliver, Message: "g1"}, Note: "slow-grant.reply-arrives",
				Notes: map[string]string{"@no-ttl": "slow-grant.reply-arrives.no-ttl"}},
			{Action: check("A"), Note: "slow-grant.a-checks",
				Notes: map[string]string{"@no-ttl": "slow-grant.a-checks.no-ttl"}},
			{Action: write("A", "A-value"), Note: "slow-grant.a-writes",
				Notes: map[string]string{
					ResultRejected: "slow-grant.a-writes.refused",
					ResultDestroys: "slow-grant.a-writes.destroys",
					ResultAccepted: "slow-grant.a-writes.holder",
				}},
		},
	}
}

// CrashNoTTL: the holder crashes. Without a TTL nobody can ever take the lock
// again; with a lease, B takes it after expiry.
func CrashNoTTL() Scenario {
	return Scenario{
		ID: "crash-no-ttl", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "crash-no-ttl.title", Shows: "crash-no-ttl.shows", Start: "note.start",
		Contrast: [2]Strategy{Lease, NoTTL},
		Steps: []Step{
			aAcquires(),
			aWrites(),
			{Action: crash("A"), Note: "crash-no-ttl.a-crashes",
				Notes: map[string]string{ResultStuck: "note.a-crashes.stuck"}},
			{Action: tick(BookLease), Note: "crash-no-ttl.time-passes",
				Notes: map[string]string{ResultPasses: "note.still-crashed-holder"}},
			{Action: acquire("B"), Note: "note.b-acquires",
				Notes: map[string]string{ResultRefused: "note.b-refused-forever"}},
			bWrites(),
		},
	}
}

// Heartbeat: A renews on time, so B cannot take the lock and the token does
// not change; then A crashes, renewals stop, the lease expires and B gets
// the next token.
func Heartbeat() Scenario {
	return Scenario{
		ID: "heartbeat", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "heartbeat.title", Shows: "heartbeat.shows", Start: "heartbeat.start",
		Contrast: [2]Strategy{LeaseFencing, NoTTL},
		Steps: []Step{
			aAcquires(),
			{Action: write("A", "A-1"), Note: "heartbeat.a-writes"},
			{Action: tick(6), Note: "heartbeat.time-passes"},
			{Action: renew("A"), Note: "heartbeat.a-renews",
				Notes: map[string]string{"@no-ttl": "heartbeat.renew.no-ttl"}},
			{Action: acquire("B"), Note: "note.b-refused"},
			{Action: tick(6), Note: "heartbeat.time-passes-again"},
			{Action: renew("A"), Note: "heartbeat.a-renews-again",
				Notes: map[string]string{"@no-ttl": "heartbeat.renew.no-ttl"}},
			{Action: write("A", "A-2"), Note: "heartbeat.a-writes-again"},
			{Action: crash("A"), Note: "heartbeat.a-crashes",
				Notes: map[string]string{ResultStuck: "note.a-crashes.stuck"}},
			{Action: tick(BookLease), Note: "heartbeat.lease-runs-out",
				Notes: map[string]string{ResultPasses: "note.still-crashed-holder"}},
			{Action: acquire("B"), Note: "heartbeat.b-acquires",
				Notes: map[string]string{ResultRefused: "note.b-refused-forever"}},
			bWrites(),
		},
	}
}

// CounterReset: the lock service restarts while A is paused. A single node
// forgets its counter and issues token 1 again, equal to A's, so the fenced
// resource lets both holders write; a replicated counter keeps increasing.
func CounterReset() Scenario {
	return Scenario{
		ID: "counter-reset", Resource: "row-42", Clients: []string{"A", "B"},
		Title: "counter-reset.title", Shows: "counter-reset.shows", Start: "note.start",
		Contrast: [2]Strategy{Consensus, LeaseFencing},
		Steps: []Step{
			aAcquires(),
			aWrites(),
			{Action: pause("A", BookLease), Note: "counter-reset.a-pauses",
				Notes: map[string]string{ResultPaused: "counter-reset.a-pauses.no-ttl"}},
			{Action: Action{Kind: ActRestart}, Note: "counter-reset.restart",
				Notes: map[string]string{ResultKept: "counter-reset.restart.kept"}},
			{Action: acquire("B"), Note: "counter-reset.b-acquires",
				Notes: map[string]string{"@consensus": "counter-reset.b-acquires.consensus"}},
			{Action: write("B", "B-value"), Note: "counter-reset.b-writes",
				Notes: map[string]string{
					"@consensus":     "counter-reset.b-writes.consensus",
					"@lease-fencing": "counter-reset.b-writes.fenced",
				}},
			{Action: write("A", "A-STALE"), Note: "counter-reset.a-writes-late",
				Notes: map[string]string{
					ResultRejected:                    "counter-reset.a-writes-late.refused",
					ResultDestroys:                    "counter-reset.a-writes-late.destroys",
					ResultDestroys + "@lease-fencing": "counter-reset.a-writes-late.destroys-fenced",
				}},
		},
	}
}

// scenarioMakers builds each scenario, the default (the chapter's) first.
// Every call builds a fresh value, so a caller may change what it gets.
var scenarioMakers = []struct {
	id   string
	make func() Scenario
}{
	{"gc-pause", GCPause},
	{"check-then-write", CheckThenWrite},
	{"delayed-write", DelayedWrite},
	{"slow-grant", SlowGrant},
	{"crash-no-ttl", CrashNoTTL},
	{"heartbeat", Heartbeat},
	{"counter-reset", CounterReset},
}

// Scenarios returns every scenario, the default (the chapter's) first.
func Scenarios() []Scenario {
	out := make([]Scenario, len(scenarioMakers))
	for i, m := range scenarioMakers {
		out[i] = m.make()
	}
	return out
}

// ScenarioByID returns the scenario with the given id, or false. It builds
// only that one: the page asks on every render.
func ScenarioByID(id string) (Scenario, bool) {
	for _, m := range scenarioMakers {
		if m.id == id {
			return m.make(), true
		}
	}
	return Scenario{}, false
}
