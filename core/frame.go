package core

// NodeView is one lock-service node as it reports itself, by its own clock.
type NodeView struct {
	Clock  int    // the node's own clock
	Holder string // "" when free (or the lease has expired by this clock)
	Token  int64  // the holder's fencing token; 0 when free or without tokens
	// Grant is the model's number of the grant the node holds the lock for
	// (0 when free): see LockView.Grant.
	Grant  int
	Expiry int // end of the current or most recent lease (see LockService.Expiry)
}

// LockView is what the lock service reports at a frame.
type LockView struct {
	// Holder is the client whose grant is in force: held by the service,
	// or under Redlock by a majority of its nodes, each by its own clock.
	// "" when none is.
	Holder string
	Token  int64 // the holder's token, 0 when free or without tokens
	// Issued is the service's token counter: the last token it issued as
	// far as it knows (0 without tokens, before its first grant, or after
	// a restart lost it; a restore puts back the backup's).
	Issued int64
	// Grant numbers the grant in force, counting every grant the service
	// ever made from 1 (0 when free). The service does not know this
	// number once it has forgotten its state, and Redlock's nodes never
	// share one; the model does, and uses it to tell two grants with the
	// same token apart and to judge which write is stale.
	Grant int
	// Expiry and Now are the single node's (or the replicated service's)
	// lease end and clock. Under Redlock they are 0: see Nodes.
	Expiry   int
	Now      int
	TTL      bool // grants expire
	Durable  bool // the service's state survives a restart
	Tokens   bool // grants carry fencing tokens
	Restarts int  // how many times a node has restarted
	// LockDelay is the service's lock-delay in ticks (0: none): after a
	// lease lapses without a release, no grant for that long.
	LockDelay int
	// Lockless: the row has no lock service (Strategy.Lockless). Nothing
	// is ever held or granted: Holder, Token and Grant stay empty, and
	// Nodes has none. The model numbers each client's read of a version
	// as a grant (see ClientView.Versions), which no node holds.
	Lockless bool
	Nodes    []NodeView // one per node: 1, Redlock's 5, or none
	// Replica is the asynchronous replica of the node a failover strikes
	// (the one node's, or Redlock's node 3's: Strategy.Replica), as of its
	// last sync; nil on a row without one, and once a failover has made
	// it the primary.
	Replica *ReplicaView
	// FailedOver: the service has failed over (ActFailover): its replica
	// is the primary, or, replicated by consensus, a new leader was
	// elected.
	FailedOver bool
}

// ReplicaView is an asynchronous replica's copy of its primary's state, as
// of its last sync, read by the replica's own clock (the clients').
type ReplicaView struct {
	Node int // the node it is the replica of (1-based)
	// Holder is the holder of the lease in force in its copy ("" when
	// free, or when the copied lease has ended), Token that grant's
	// token (0 without tokens) and Grant the model's number of it (see
	// LockView.Grant).
	Holder string
	Token  int64
	Grant  int
	Expiry int   // the end of the copied lease (see LockService.Expiry)
	Issued int64 // its copy of the token counter (0 without tokens)
	// SyncedAt is the clients' clock at its last sync (0 before the
	// first: primary and replica began empty).
	SyncedAt int
	// Behind: the primary has changed since the last sync (a grant, a
	// renewal, a release, a restart or a restore): a failover now loses
	// that change.
	Behind bool
}

// ResourceView is a resource at a frame.
type ResourceView struct {
	Name      string
	Fenced    bool
	Versioned bool // checks a version: the optimistic lock's compare-and-set
	Atomic    bool // checks and applies a write in one step
	Data      string
	MaxToken  int64
	// Version is a versioned resource's version: 1 for the empty row, one
	// more with each applied write (0 for a resource without one).
	Version  int64
	Rejected int
	Writes   int
	// Grant is the grant under which the current value was written, and
	// Writer the client it went to (0 and "" while nothing is written).
	// A value written under an older grant than the newest is a late
	// write's.
	Grant  int
	Writer string
}

// MessageKind is what a held message carries.
type MessageKind string

// Message kinds.
const (
	// MsgWrite: a write on its way to a resource.
	MsgWrite MessageKind = "write"
	// MsgReply: the lock service's reply to an acquire, on its way to the
	// client.
	MsgReply MessageKind = "reply"
	// MsgApply: a write a check-then-apply resource has checked and not
	// applied yet.
	MsgApply MessageKind = "apply"
	// MsgRenew: a client's renewal on its way to the lock service.
	MsgRenew MessageKind = "renew"
)

// Action is the kind of action that sent a message of kind m: an acquire
// a reply answers, a renewal, a write (an apply is a write's too); "" for
// a kind there is no such message of. A deliver's outcome is said as that
// action's: a refused delivered renewal is a lease lost.
func (m MessageKind) Action() ActionKind {
	switch m {
	case MsgReply:
		return ActAcquire
	case MsgRenew:
		return ActRenew
	case MsgWrite, MsgApply:
		return ActWrite
	}
	return ""
}

// Message is something held up on its way: a request or reply in the
// network, or a checked write waiting to be applied.
type Message struct {
	ID       string
	Kind     MessageKind
	Client   string // who sent the write, or who the reply is for
	Resource string // write, apply: where it goes
	Token    int64  // the write's token, or the token granted (0 if refused or without tokens)
	Grant    int    // the grant the write was made under, or the one granted (0 if refused)
	Value    string // write, apply
	Lease    int    // reply, renew: the lease asked for
	// Version is the version a write (write, apply) expects at a versioned
	// resource, 0 elsewhere.
	Version int64
	// Versions are, without a lock service, the resources' versions read
	// by the acquire a reply answers, one per resource in the run's order.
	// A message is never changed once sent: they are not shared with a
	// client's view but copied.
	Versions []int64
	SentAt   int // the clients' clock when the request was sent
	// Sent numbers a write (write, apply) among the run's writes, in the
	// order their clients sent them, from 1.
	Sent int
}

// Result sums up one event; notes, hooks and styles key on it.
type Result string

// Event results.
const (
	ResultGranted   Result = "granted"    // acquire granted; or a held grant reached its client
	ResultRefused   Result = "refused"    // acquire, renew or release refused; or a held refusal reached its client
	ResultLateGrant Result = "late-grant" // a held grant reached a careful client after its lease had ended: unused
	ResultRenewed   Result = "renewed"    // renew agreed
	ResultReleased  Result = "released"   // release agreed
	ResultHeld      Result = "held"       // the request or write is held up on its way
	ResultChecked   Result = "checked"    // a check-then-apply resource checked the write; the apply waits
	ResultSkipped   Result = "skipped"    // no lock believed held, so nothing was sent
	ResultAccepted  Result = "accepted"   // the resource applied the write, or let the fenced read through
	ResultStale     Result = "stale"      // the resource applied a write made under an older grant than the newest issued (see Event.Stale)
	ResultRejected  Result = "rejected"   // the resource refused the write or the fenced read
	ResultNothing   Result = "nothing"    // deliver of a message that was never sent
	ResultDropped   Result = "dropped"    // a reply delivered to a crashed client
	ResultValid     Result = "valid"      // check: the client's view says its lease holds
	ResultExpired   Result = "expired"    // check: the client sees its lease has run out
	ResultNoLock    Result = "no-lock"    // check: the client believes it holds nothing
	ResultPaused    Result = "paused"     // pause, no lease ran out
	ResultExpires   Result = "expires"    // pause, tick or clock jump during which the lease in force ran out
	ResultPasses    Result = "passes"     // tick, no lease ran out
	ResultJumped    Result = "jumped"     // clock jump, no lease ran out
	ResultResumed   Result = "resumed"    // resume
	ResultCrashed   Result = "crashed"    // crash
	ResultStuck     Result = "stuck"      // crash of the holder of a lock without TTL
	ResultKept      Result = "kept"       // restart of a replicated service
	ResultLost      Result = "lost"       // restart of a node that keeps its state in memory
	ResultBackedUp  Result = "backed-up"  // backup of the lock service's state
	ResultRestored  Result = "restored"   // the lock service restored from its last backup
	ResultSynced    Result = "synced"     // sync: the replica copied the primary's state
	ResultInSync    Result = "in-sync"    // sync of a service replicated by consensus: nothing to copy
	// ResultPromoted: a failover; the replica, now the primary, had
	// everything the primary had.
	ResultPromoted Result = "promoted"
	// ResultRolledBack: a failover; the replica, now the primary, lacked
	// what the primary had changed since the last sync (a grant, a lease,
	// tokens issued), which is gone.
	ResultRolledBack Result = "rolled-back"
	// ResultLeaderChanged: a failover of a service replicated by
	// consensus: a new leader, nothing acknowledged lost, the lease in
	// force restarted at its full length plus ElectionTimeout.
	ResultLeaderChanged Result = "leader-changed"
	// ResultVersions: an acquire without a lock service: the client read
	// every resource's version (held: the resource answered, the reply is
	// on its way); or a held reply with them reached it.
	ResultVersions Result = "versions"
	// ResultNoService: a renew, release, restart, backup, restore, sync,
	// failover or clock jump where there is no lock service: nothing
	// happens.
	ResultNoService Result = "no-service"
)

// StaleKind says where a late write landed: a write made under a grant
// older than the newest the lock service had issued, applied by a resource.
type StaleKind string

// Stale kinds.
const (
	// Overwrote: the resource had applied a write made under a newer grant,
	// and the late write overwrote it (HarmOverwrite: corrupted).
	Overwrote StaleKind = "overwrote"
	// BeforeNewHolder: no newer grant had written to the resource yet, so
	// the late write destroyed nothing there (at risk). A newer holder
	// that had already read the resource and writes after it loses it
	// (HarmLostUpdate, on that write).
	BeforeNewHolder StaleKind = "before-new-holder"
)

// Event is what happened in a frame's step. The initial frame has the zero
// Event (Kind "").
type Event struct {
	Kind   ActionKind
	Client string // who acted; for deliver, who sent the write or gets the reply
	// Resource is the resource a write or read went to.
	Resource string
	// Token: for acquire, the token granted (0 if refused or without
	// tokens); for renew and release, the holder's token; for write, read
	// and deliver, the token carried or granted.
	Token int64
	Grant int // the grant Token belongs to (see LockView.Grant)
	// Version: for a write, or the delivery of one, to a versioned
	// resource, the version it carried (the WHERE version = ? of its
	// UPDATE); for a read of one, the version read. 0 everywhere else.
	Version int64
	Lease   int // acquire, renew: the lease asked for
	// LeaseEnd is, where a client heard that it was granted or renewed the
	// lock, the end of that lease by the client's own reckoning (Never
	// without TTL); for a late grant, the end that had passed.
	LeaseEnd int
	Value    string // write
	Ticks    int    // pause, tick, jump: how much time passed (for jump, on one node's clock)
	Node     int    // jump, restart, backup, restore, sync, failover: the node (1-based)
	// Nodes is how many nodes agreed to an acquire or renew (Redlock needs
	// a majority; one node is all or nothing).
	Nodes int
	// Message is the id of the message held (acquire, write) or delivered.
	Message string
	// Delivered is the kind of the message a deliver let through.
	Delivered MessageKind
	// Err is the lock service's refusal of an acquire, renew or release
	// (ErrLockHeld, ErrLockDelay, errNotHolder, ErrLeaseExpired), nil when
	// it agreed.
	Err error
	// Write is what the resource did with a write, read or peek that
	// reached it ("" for everything else).
	Write WriteResult
	// Stale is set when the resource applied a late write: one made under
	// a grant older than the newest the lock service has issued.
	Stale StaleKind
	// Overwritten names, on a write that overwrote a newer holder's
	// (HarmOverwrite), the holder of the newest grant whose write was
	// there: whose value is destroyed.
	Overwritten string
	// MissedBy is set on a late write that landed after a newer holder had
	// read the resource (and not yet written it): the holder of the newest
	// such grant, whose write from that read would lose this one.
	MissedBy string
	// Harm is set on the write that corrupted its resource: the late write
	// that overwrote a newer holder's (HarmOverwrite), or the newer
	// holder's write computed from a read that missed a late write
	// (HarmLostUpdate).
	Harm Harm
	// Sent numbers a write that was sent (write) or arrived (deliver of a
	// write or an apply) among the run's writes, in the order their clients
	// sent them, from 1; 0 for everything else.
	Sent int
	// Reordered is set on a write applied after a write of the same grant
	// sent after it (see Landing.Reordered): fencing let it through, since
	// the token is the same. It overwrote that write unless another write
	// landed between them (Replaced says whose value it replaced).
	Reordered bool
	// Replaced names, on a write that was applied, the client whose value
	// it replaced ("" when the resource was empty).
	Replaced string
	// PastOwnLease is set on a write or read a client sent although, by
	// its own clock and reckoning, its lease had already ended: it acted on
	// what it believed without checking (a client checks only at a check
	// step). A client that checked just before would not have sent it; one
	// that checks and is then paused is no safer (check-then-write).
	PastOwnLease bool
	// Resumed: the client was paused and this action is the first thing it
	// does after waking up.
	Resumed bool
	// Expired names the holder whose lease ran out while this step's time
	// passed ("" if none did).
	Expired string
	Result  Result
}

// Frame is a plain snapshot of everything a viewer sees at one step.
type Frame struct {
	Step      int // 1-based; frame 1 is the initial state
	Clock     int // the clients' clock: true time (the lock service's may run ahead)
	Lock      LockView
	Clients   []ClientView   // in the scenario's order
	Resources []ResourceView // in the scenario's order
	Network   []Message      // held up, oldest first
	Event     Event
	// Note is the message id of the scenario's own words for this step, or
	// "" where the words are generated from the event.
	Note string
	// Verdict is the run's verdict as if it ended at this frame.
	Verdict Verdict
	// Harm is how the run was first corrupted, "" while it is not.
	Harm Harm
	// Reordered: some resource has applied a write over a later write of
	// the same grant (see Landing.Reordered). The verdict does not count
	// it: fencing does not order one grant's writes.
	Reordered bool
}

// Client returns the view of the named client, or false.
func (f Frame) Client(name string) (ClientView, bool) {
	for _, c := range f.Clients {
		if c.Name == name {
			return c, true
		}
	}
	return ClientView{}, false
}

// Resource returns the view of the named resource, or false.
func (f Frame) Resource(name string) (ResourceView, bool) {
	for _, r := range f.Resources {
		if r.Name == name {
			return r, true
		}
	}
	return ResourceView{}, false
}

// Outdated reports whether the named client believes it holds a grant that
// is not the grant in force: it would act on a lock it no longer has. This is
// the belief the chapter warns about. Without a lock service nobody holds
// anything, so nobody is outdated: a version read long ago is what the
// resource's check is for.
func (f Frame) Outdated(name string) bool {
	c, ok := f.Client(name)
	return ok && !f.Lock.Lockless && c.Grant != 0 && c.Grant != f.Lock.Grant
}

// TokenTwice names the clients that believe they hold a grant other than
// the one in force with the same token as it, in the run's order: a number
// the service issued twice (its counter went back in a restart, a restore
// or a failover), which a resource that checks tokens cannot tell apart.
// Without tokens it is empty.
func (f Frame) TokenTwice() []string {
	if f.Lock.Token == 0 {
		return nil
	}
	var out []string
	for _, c := range f.Clients {
		if c.Grant != 0 && c.Grant != f.Lock.Grant && c.Token == f.Lock.Token {
			out = append(out, c.Name)
		}
	}
	return out
}
