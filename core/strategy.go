package core

// A Strategy is one way to build the lock: a row of the chapter's
// comparison table. Each row is a combination of three design choices, a
// Lease, a Service and a Check, so a new row is a new combination and not a
// new code path.
type Strategy string

// The rows, in the order of the chapter's table. No row is simply stronger
// than the one before: a lock without TTL never lets two clients hold it but
// is stuck forever when its holder crashes, a lease frees the lock after a
// crash at the price of letting an old holder believe it still holds it.
const (
	// NoTTL: a plain lock on one node; the resource does not check tokens.
	NoTTL Strategy = "no-ttl"
	// Lease: a lock with a lease (TTL) on one node, such as a naive Redis
	// lock; the resource does not check tokens.
	Lease Strategy = "lease"
	// Redlock: a lease held on a majority (3) of 5 independent nodes, each
	// with its own clock. The holder is identified by a random value, not a
	// token, and the resource does not check anything.
	Redlock Strategy = "redlock"
	// LeaseFencing: a lease and fencing tokens checked by the resource, on
	// one node that keeps its token counter in memory (a restart loses it).
	LeaseFencing Strategy = "lease-fencing"
	// ConsensusUnfenced: a lease on a lock service replicated by consensus
	// (an etcd or ZooKeeper lock used alone); the resource does not check
	// tokens.
	ConsensusUnfenced Strategy = "consensus-unfenced"
	// Consensus: a lease and fencing tokens on a lock service replicated by
	// consensus, whose counter survives restarts, checked by the resource.
	// The token is Chubby's lock sequencer, the lock znode's czxid in
	// ZooKeeper, the lock key's CreateRevision in etcd: numbers that never
	// go back and in whose order the lock is granted. Not ZooKeeper's
	// sequence number: it counts within the parent znode and starts again
	// at 0 when the parent is re-created (Curator's parents are container
	// nodes, deleted once empty), so a new holder can get a number below an
	// old holder's.
	Consensus Strategy = "consensus"
	// Optimistic: no lock at all, the chapter's database optimistic lock.
	// The resource keeps a version per row and applies a write only if it
	// carries the row's version, which it then increments (UPDATE … SET
	// version = version + 1 WHERE id = ? AND version = ?). A client's
	// acquire only reads the versions (there is nothing to grant), and it
	// writes with the version it last read, or that its own last write
	// produced. Nothing excludes anyone; a writer whose version is out of
	// date is refused and must read again.
	Optimistic Strategy = "optimistic"
)

// LeaseKind says whether grants expire.
type LeaseKind string

// Lease kinds.
const (
	NoLease  LeaseKind = "none" // a grant lasts until it is released
	TTLLease LeaseKind = "ttl"  // a grant expires after its lease
)

// ServiceKind says what the lock service runs on.
type ServiceKind string

// Service kinds.
const (
	// OneNode: a single node that keeps its state, token counter included,
	// in memory: a restart forgets it. It is a primary with an
	// asynchronous replica (one Redis as people deploy it for
	// availability, with Sentinel): the replica has the primary's state as
	// of its last sync, and takes over at a failover with only that.
	OneNode ServiceKind = "one-node"
	// Replicated: a service replicated by consensus (Raft, Paxos, ZAB): its
	// state survives a node's restart, and its clock is the leader's.
	Replicated ServiceKind = "replicated"
	// Majority: Redlock's 5 independent nodes with their own clocks; a
	// client holds the lock while a majority (3) of them hold it for it.
	// Its node 3, the one a restart or a failover strikes (FaultyNode),
	// is a primary with an asynchronous replica, as OneNode's node is.
	Majority ServiceKind = "majority"
	// NoService: there is no lock service. An acquire reads the
	// resources' versions and grants nothing; renew, release, restarts,
	// backups, restores and clock jumps have nothing to act on.
	NoService ServiceKind = "none"
)

// CheckKind says what the resource checks.
type CheckKind string

// Check kinds.
const (
	// Unchecked: the resource applies every write.
	Unchecked CheckKind = "unchecked"
	// Checked: the resource refuses a write whose token is below the largest
	// it has seen, atomically with applying it (a scenario may make the
	// check and the apply two steps: Scenario.NonAtomic).
	Checked CheckKind = "checked"
	// VersionChecked: the resource keeps a version per row, from 1, and
	// applies a write only if it carries the row's version, incrementing
	// it in the same atomic step (a compare-and-set; a scenario may split
	// it too: Scenario.NonAtomic).
	VersionChecked CheckKind = "version"
)

// Design is the combination of choices a Strategy stands for.
type Design struct {
	Lease   LeaseKind
	Service ServiceKind
	Check   CheckKind
}

var rows = []struct {
	id Strategy
	d  Design
}{
	{NoTTL, Design{NoLease, OneNode, Unchecked}},
	{Lease, Design{TTLLease, OneNode, Unchecked}},
	{Redlock, Design{TTLLease, Majority, Unchecked}},
	{LeaseFencing, Design{TTLLease, OneNode, Checked}},
	{ConsensusUnfenced, Design{TTLLease, Replicated, Unchecked}},
	{Consensus, Design{TTLLease, Replicated, Checked}},
	{Optimistic, Design{NoLease, NoService, VersionChecked}},
}

// Strategies lists every strategy in the table's order.
func Strategies() []Strategy {
	out := make([]Strategy, len(rows))
	for i, r := range rows {
		out[i] = r.id
	}
	return out
}

// Valid reports whether s is one of Strategies.
func (s Strategy) Valid() bool {
	_, ok := s.lookup()
	return ok
}

func (s Strategy) lookup() (Design, bool) {
	for _, r := range rows {
		if r.id == s {
			return r.d, true
		}
	}
	return Design{}, false
}

// Design returns the choices s combines (the zero Design for an invalid s).
func (s Strategy) Design() Design {
	d, _ := s.lookup()
	return d
}

// Fenced reports whether the resource checks fencing tokens.
func (s Strategy) Fenced() bool { return s.Design().Check == Checked }

// Versioned reports whether the resource keeps a version per row and
// applies only writes that carry it (a compare-and-set).
func (s Strategy) Versioned() bool { return s.Design().Check == VersionChecked }

// Checks reports whether the resource checks a write before applying it:
// a fencing token, or a version, which is fencing at the resource as well
// (the chapter: the version column of a database's optimistic lock is the
// resource's fencing itself).
func (s Strategy) Checks() bool { return s.Fenced() || s.Versioned() }

// Lockless reports whether the row has no lock service: an acquire only
// reads the resources' versions, and nobody is ever excluded.
func (s Strategy) Lockless() bool { return s.Design().Service == NoService }

// TTL reports whether grants expire.
func (s Strategy) TTL() bool { return s.Design().Lease == TTLLease }

// Durable reports whether the lock service's state, token counter included,
// survives a restart.
func (s Strategy) Durable() bool { return s.Design().Service == Replicated }

// Replica reports whether the node a failover strikes (FaultyNode: the
// one node, or Redlock's node 3) is a primary with an asynchronous
// replica. A service replicated by consensus has no such replica: a grant
// is acknowledged once a majority has it, and a failover elects a new
// leader among them. Without a lock service there is nothing to replicate.
func (s Strategy) Replica() bool {
	d := s.Design()
	return d.Service == OneNode || d.Service == Majority
}

// Tokens reports whether a grant comes with a fencing token. Redlock's
// holder is identified by a random value that only it knows, which orders
// nothing; without a lock service nothing is granted, and what orders the
// writes is the resource's own version.
func (s Strategy) Tokens() bool {
	d := s.Design()
	return d.Service == OneNode || d.Service == Replicated
}

// CountsFromRequest reports whether the row's client algorithm itself
// counts a lease from the first request it sent, whatever a scenario's
// clients would do: Redlock's does (step 3 of the algorithm: the validity
// is the TTL minus the time acquisition took, measured from before the
// first request), so a FromReply discipline does not apply under it.
func (s Strategy) CountsFromRequest() bool { return s.Design().Service == Majority }

// Nodes returns how many independent lock-service nodes a client asks: 5
// for Redlock, none without a lock service, 1 otherwise (a replicated
// service answers as one).
func (s Strategy) Nodes() int {
	switch s.Design().Service {
	case Majority:
		return redlockNodes
	case NoService:
		return 0
	}
	return 1
}

// Quorum returns how many nodes must grant the lock: a majority of Nodes.
func (s Strategy) Quorum() int { return s.Nodes()/2 + 1 }

// redlockNodes is how many independent nodes Redlock uses (Nodes).
const redlockNodes = 5

// faultyNode is the one of Redlock's nodes that faults strike (FaultyNode).
const faultyNode = 3

// FaultyNode returns the node (1-based) that a clock jump, a restart, a
// backup and restore, a sync and a failover strike: under Redlock node 3
// of its 5, the others running on; with one node that node; 0 without a
// lock service.
func (s Strategy) FaultyNode() int {
	if n := s.Nodes(); n <= 1 {
		return n
	}
	return faultyNode
}

// WithFencing returns the row that differs from s only in whether the
// resource checks tokens: the lock service stays the one shown. Where there
// is no such row it returns s itself: Redlock issues no token to check,
// the table has no fenced row for a lock without TTL, and without a lock
// service there is no token (see CanFence).
func (s Strategy) WithFencing(on bool) Strategy {
	d := s.Design()
	if on == (d.Check == Checked) {
		return s
	}
	want := Unchecked
	if on {
		want = Checked
	}
	for _, r := range rows {
		if r.d.Lease == d.Lease && r.d.Service == d.Service && r.d.Check == want {
			return r.id
		}
	}
	return s
}

// CanFence reports whether some row differs from s only in whether the
// resource checks tokens, so that fencing can be switched within its lock
// service.
func (s Strategy) CanFence() bool { return s.WithFencing(!s.Fenced()) != s }

// newNode returns a free lock-service node of this strategy.
func (s Strategy) newNode() *LockService {
	switch {
	case !s.TTL():
		return newWithoutTTL()
	case s.Durable():
		return newReplicated()
	}
	return New()
}
