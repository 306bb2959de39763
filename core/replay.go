package core

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// errUnknownStrategy: Replay was given a strategy not in Strategies.
var errUnknownStrategy = errors.New("unknown strategy")

// Replay plays sc under strategy st from the initial state and returns one
// frame for the initial state followed by one per step. It is a pure
// function of its arguments: the same scenario and strategy always give the
// same frames. A scenario that asks for something impossible (a crashed
// client acting, time overflowing) gives a *StepError and no frames.
func Replay(sc Scenario, st Strategy) ([]Frame, error) {
	if !st.Valid() {
		return nil, fmt.Errorf("%w: %q", errUnknownStrategy, st)
	}
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	w := newWorld(sc, st)
	frames := make([]Frame, 0, len(sc.Steps)+1)
	frames = append(frames, w.frame(1, Event{}, sc.startNote(st)))
	for i, step := range sc.Steps {
		ev, err := w.step(step.Action)
		if err != nil {
			return nil, &StepError{Scenario: sc.ID, Step: i + 2, Err: err}
		}
		frames = append(frames, w.frame(i+2, ev, step.note(ev.Result, st)))
	}
	return frames, nil
}

// world is the state Replay steps through: the lock service's nodes, the
// resources, the clients' own views, what is held up in the network, and the
// model's bookkeeping of grants.
type world struct {
	st        Strategy
	now       int // the clients' clock: true time
	nodes     []*LockService
	nodeGrant []int // the grant each node's current (or last) record belongs to
	resources []*Resource
	clients   []ClientView
	network   []Message
	restarts  int
	sent      int   // the writes sent so far
	written   []int // per resource: the grant its current value was written under
	// backups, per node: its last backup (nil while none), and the grant
	// its record then belonged to.
	backups     []*LockService
	backupGrant []int
	// hasReplica: the faulty node (the one node, or Redlock's node 3) is
	// a primary with an asynchronous replica (Strategy.Replica), not yet
	// promoted. replica is the replica's copy of that node's state as of
	// the last sync, by its own clock, the clients' (it never jumps);
	// replicaGrant the grant its record belongs to; syncedAt the clients'
	// clock at the last sync (0 before: both began empty).
	hasReplica   bool
	replica      LockService
	replicaGrant int
	syncedAt     int
	// failedOver: the service has failed over (a replica promoted, or a
	// new leader elected). It does so once at most.
	failedOver bool
	// Ledger: the grants, and what reached the resources under each.
	Ledger
}

func newWorld(sc Scenario, st Strategy) *world {
	w := &world{st: st}
	w.Ledger.init(len(sc.Resources))
	for range st.Nodes() {
		n := st.newNode()
		if st.TTL() {
			n.SetLockDelay(sc.LockDelay)
		}
		w.nodes = append(w.nodes, n)
		w.nodeGrant = append(w.nodeGrant, 0)
	}
	w.backups = make([]*LockService, len(w.nodes))
	w.backupGrant = make([]int, len(w.nodes))
	if st.Replica() {
		w.hasReplica, w.replica = true, *w.nodes[w.faulty()]
	}
	for _, name := range sc.Resources {
		r := newUnfencedResource(name)
		switch {
		case st.Fenced() && sc.NonAtomic:
			r = newCheckThenApplyResource(name)
		case st.Fenced():
			r = NewResource(name)
		case st.Versioned() && sc.NonAtomic:
			r = newCheckThenApplyVersionedResource(name)
		case st.Versioned():
			r = newVersionedResource(name)
		}
		w.resources = append(w.resources, r)
		w.written = append(w.written, 0)
	}
	for _, name := range sc.Clients {
		d := FromRequest
		if slices.Contains(sc.FromReply, name) && !st.CountsFromRequest() {
			d = FromReply
		}
		c := ClientView{Name: name, State: Idle, Discipline: d}
		if st.Versioned() {
			c.Versions = make([]int64, len(sc.Resources))
		}
		w.clients = append(w.clients, c)
	}
	return w
}

func (w *world) client(name string) *ClientView {
	for i := range w.clients {
		if w.clients[i].Name == name {
			return &w.clients[i]
		}
	}
	return nil
}

func (w *world) resource(name string) (int, *Resource) {
	if name == "" {
		return 0, w.resources[0]
	}
	for i, r := range w.resources {
		if r.Name == name {
			return i, r
		}
	}
	return 0, w.resources[0]
}

// faulty is the node a clock jump or a restart strikes.
func (w *world) faulty() int {
	if len(w.nodes) == 1 {
		return 0
	}
	return faultyNode - 1
}

// inForce returns the grant held by a quorum of nodes, each by its own
// clock, and its token; 0 when none is.
func (w *world) inForce() (int, int64) {
	for i, n := range w.nodes {
		if h, _ := n.Holder(); h == "" {
			continue
		}
		g, count := w.nodeGrant[i], 0
		for j, m := range w.nodes {
			if h, _ := m.Holder(); h != "" && w.nodeGrant[j] == g {
				count++
			}
		}
		if count >= w.st.Quorum() {
			return g, w.token(g) // a quorum is a majority: no other grant has one
		}
	}
	return 0, 0
}

// token returns the fencing token of grant g while some node still holds
// it (0 without tokens).
func (w *world) token(g int) int64 {
	if !w.st.Tokens() {
		return 0
	}
	for i, n := range w.nodes {
		if _, tok := n.Holder(); w.nodeGrant[i] == g && tok != 0 {
			return tok
		}
	}
	return 0
}

// step performs one action: the handler of its kind does the work, and
// step notes whose lease ran out while time passed.
func (w *world) step(a Action) (Event, error) {
	ev := Event{Kind: a.Kind, Client: a.Client, Lease: a.Lease, Value: a.Value, Ticks: a.Ticks}
	before, _ := w.inForce()
	var err error
	switch {
	case a.Kind.ByClient():
		err = w.byClient(a, &ev)
	case w.st.Lockless() && a.Kind != ActTick && a.Kind != ActDeliver:
		// A restart, backup, restore or clock jump of a lock service
		// the row does not have.
		ev.Result = ResultNoService
	default:
		err = handlers[a.Kind](w, a, &ev)
	}
	if err != nil {
		return ev, err
	}
	if after, _ := w.inForce(); before != 0 && after == 0 && (a.Kind == ActTick || a.Kind == ActPause || a.Kind == ActJump) {
		ev.Expired = w.holders[before]
		ev.Result = ResultExpires
	}
	return ev, nil
}

// handlers does each kind of action; byClient does those a client performs
// through clientHandlers.
var handlers = map[ActionKind]func(*world, Action, *Event) error{
	ActTick: func(w *world, a Action, ev *Event) error {
		ev.Result = ResultPasses
		return w.advance(a.Ticks)
	},
	ActJump: func(w *world, a Action, ev *Event) error {
		k := w.faulty()
		ev.Node, ev.Result = k+1, ResultJumped
		return w.nodes[k].Tick(a.Ticks)
	},
	ActRestart: func(w *world, a Action, ev *Event) error {
		k := w.faulty()
		n := w.nodes[k]
		n.Restart()
		w.restarts++
		ev.Node, ev.Result = k+1, ResultKept
		if !n.Durable() {
			w.nodeGrant[k] = 0
			ev.Result = ResultLost
		}
		return nil
	},
	ActBackup: func(w *world, a Action, ev *Event) error {
		k := w.faulty()
		b := w.nodes[k].Snapshot()
		w.backups[k], w.backupGrant[k] = &b, w.nodeGrant[k]
		ev.Node, ev.Result = k+1, ResultBackedUp
		return nil
	},
	ActRestore: func(w *world, a Action, ev *Event) error {
		k := w.faulty()
		if w.backups[k] == nil {
			return ErrNoBackup
		}
		w.nodes[k].Restore(*w.backups[k])
		w.nodeGrant[k] = w.backupGrant[k]
		ev.Node, ev.Result = k+1, ResultRestored
		return nil
	},
	ActDeliver:  (*world).deliver,
	ActSync:     (*world).sync,
	ActFailover: (*world).failover,
}

var clientHandlers = map[ActionKind]func(*world, *ClientView, Action, *Event) error{
	ActAcquire: (*world).acquire,
	ActRenew:   (*world).renew,
	ActRelease: (*world).release,
	ActWrite:   (*world).write,
	ActRead:    (*world).read,
	ActPeek:    (*world).peek,
	ActCheck: func(w *world, c *ClientView, a Action, ev *Event) error {
		ev.Token, ev.Grant = c.Token, c.Grant
		switch {
		case !c.Holds() || w.st.Lockless():
			// Without a lock service there is no lock, and no lease, to
			// check: the client keeps the versions it read.
			ev.Result = ResultNoLock
		case c.leaseValid(w.now):
			ev.Result = ResultValid
		default:
			ev.Result = ResultExpired
			c.forget()
		}
		return nil
	},
}

// byClient performs an action of a client: pause, resume and crash change
// the client itself; anything else is done by a running client, so a paused
// one wakes up first, with the beliefs it had when it stopped.
func (w *world) byClient(a Action, ev *Event) error {
	c := w.client(a.Client)
	if c.State == Crashed {
		return errClientCrashed
	}
	switch a.Kind {
	case ActPause:
		if err := w.advance(a.Ticks); err != nil {
			return err
		}
		c.State, ev.Result = Paused, ResultPaused
		return nil
	case ActResume:
		if c.State != Paused {
			return errClientNotPaused
		}
		c.State, ev.Resumed, ev.Result = Running, true, ResultResumed
		return nil
	case ActCrash:
		ev.Result = ResultCrashed
		if g, _ := w.inForce(); g != 0 && w.holders[g] == c.Name && !w.st.TTL() {
			ev.Result = ResultStuck
		}
		c.State = Crashed
		c.forget()
		return nil
	}
	ev.Resumed = c.State == Paused
	c.State = Running
	return clientHandlers[a.Kind](w, c, a, ev)
}

// sync brings the faulty node's asynchronous replica up to date: it
// copies the primary's holder, lease and token counter as they are now.
// A service replicated by consensus has nothing to bring up to date: a
// grant is acknowledged once a majority of its members has it.
func (w *world) sync(a Action, ev *Event) error {
	k := w.faulty()
	ev.Node = k + 1
	switch {
	case w.st.Durable():
		ev.Result = ResultInSync
		return nil
	case !w.hasReplica:
		return ErrFailedOver
	}
	w.replica.catchUp(*w.nodes[k])
	w.replicaGrant, w.syncedAt = w.nodeGrant[k], w.now
	ev.Result = ResultSynced
	return nil
}

// failover fails the service over. The faulty node's primary dies and its
// replica takes over with only what it had at its last sync: a grant, a
// lease or tokens issued since are gone, and the counter goes back to the
// replica's (ResultRolledBack; ResultPromoted where the replica had
// everything). Its clock is the replica's own, the clients'. A service
// replicated by consensus elects a new leader instead, whose clock is the
// clients': nothing acknowledged is lost, and the lease in force restarts
// at its full length plus ElectionTimeout (LockService.leaderChange).
func (w *world) failover(a Action, ev *Event) error {
	k := w.faulty()
	ev.Node = k + 1
	if w.failedOver {
		return ErrFailedOver
	}
	n := w.nodes[k]
	if w.st.Durable() {
		if err := n.leaderChange(w.now); err != nil {
			return err
		}
		w.failedOver, ev.Result = true, ResultLeaderChanged
		return nil
	}
	ev.Result = ResultPromoted
	if w.replicaBehind() {
		ev.Result = ResultRolledBack
	}
	*n = w.replica
	w.nodeGrant[k] = w.replicaGrant
	w.hasReplica, w.replica, w.replicaGrant, w.failedOver = false, LockService{}, 0, true
	return nil
}

// replicaBehind reports whether the primary has changed since the
// replica last caught up: its state differs, or it holds another grant
// that happens to look the same (a grant after a restart, with the
// counter gone back to the same token).
func (w *world) replicaBehind() bool {
	k := w.faulty()
	return !w.replica.sameState(*w.nodes[k]) || w.replicaGrant != w.nodeGrant[k]
}

// advance lets d ticks pass on every clock, or on none if one would
// overflow.
func (w *world) advance(d int) error {
	if d < 0 {
		return errNegativeTick
	}
	if d > math.MaxInt-w.now {
		return errClockOverflow
	}
	for _, n := range w.nodes {
		if d > math.MaxInt-n.Now() {
			return errClockOverflow
		}
	}
	for _, n := range w.nodes {
		n.Tick(d)
	}
	if w.hasReplica {
		w.replica.Tick(d) // its clock is the clients': it never overflows before theirs
	}
	w.now += d
	return nil
}

// reaches reports whether an acquire that names nodes reaches node k
// (0-based). With one node, it always does.
func (w *world) reaches(a Action, k int) bool {
	return len(w.nodes) == 1 || len(a.Nodes) == 0 || slices.Contains(a.Nodes, k+1)
}

// acquire asks every reachable node for the lock. With a quorum the service
// has made a grant; without one, the client gives back the nodes it got, as
// Redlock's client does. The client learns the answer now, or when a held
// reply is delivered. Without a lock service it reads the versions instead
// (readVersions).
func (w *world) acquire(c *ClientView, a Action, ev *Event) error {
	if w.st.Lockless() {
		return w.readVersions(c, a, ev)
	}
	var got []int
	var token int64
	refusal := ErrLockHeld
	for k, n := range w.nodes {
		if !w.reaches(a, k) {
			continue
		}
		tok, err := n.Acquire(c.Name, a.Lease)
		switch {
		case err == nil:
			got, token = append(got, k), tok
		case errors.Is(err, ErrLockDelay):
			refusal = err
		case !errors.Is(err, ErrLockHeld):
			return err
		}
	}
	ev.Nodes = len(got)
	if len(got) >= w.st.Quorum() {
		g := w.Grant(c.Name)
		for _, k := range got {
			w.nodeGrant[k] = g
		}
		if !w.st.Tokens() {
			token = 0
		}
		ev.Token, ev.Grant, ev.Result = token, w.grants, ResultGranted
	} else {
		for _, k := range got {
			w.nodes[k].Release(c.Name)
		}
		ev.Err, ev.Result = refusal, ResultRefused
	}
	reply := Message{ID: a.Hold, Kind: MsgReply, Client: c.Name, Token: ev.Token, Grant: ev.Grant, Lease: a.Lease, SentAt: w.now}
	if a.Hold != "" {
		w.network = append(w.network, reply)
		ev.Message, ev.Result = a.Hold, ResultHeld
		return nil
	}
	return w.hear(c, reply, ev)
}

// readVersions is an acquire without a lock service: there is nothing to
// grant, so the client reads every resource's version, as of now (an
// UPDATE … WHERE version = ? must know which version it expects). The
// read counts as a grant in the model's numbering (Ledger.ReadVersions).
// The client learns the versions now, or when a held reply is delivered.
func (w *world) readVersions(c *ClientView, a Action, ev *Event) error {
	rows := make([]int, len(w.resources))
	versions := make([]int64, len(w.resources))
	for i, r := range w.resources {
		rows[i], versions[i] = i, r.Version()
	}
	ev.Grant = w.ReadVersions(c.Name, rows...)
	reply := Message{ID: a.Hold, Kind: MsgReply, Client: c.Name, Grant: ev.Grant, Versions: versions, SentAt: w.now}
	if a.Hold != "" {
		w.network = append(w.network, reply)
		ev.Message, ev.Result = a.Hold, ResultHeld
		return nil
	}
	return w.hear(c, reply, ev)
}

// hear lets a client learn the answer to its acquire: it believes it holds
// the lock until the end of the lease by its own reckoning (see
// Discipline), unless by that reckoning the lease has already ended.
// Without a lock service the answer is the versions read: the client
// writes with them from now on, with no lease to run out.
func (w *world) hear(c *ClientView, m Message, ev *Event) error {
	switch {
	case c.State == Crashed:
		ev.Result = ResultDropped
		return nil
	case m.Grant == 0:
		ev.Result = ResultRefused
		return nil
	case w.st.Lockless():
		c.Grant, c.LeaseUntil, c.Versions = m.Grant, Never, slices.Clone(m.Versions)
		ev.Result = ResultVersions
		return nil
	}
	until, err := w.reckon(c, m.SentAt, m.Lease)
	if err != nil {
		return err
	}
	ev.LeaseEnd = until
	if (leaseSpan{until}).Ended(w.now) {
		ev.Result = ResultLateGrant
		return nil
	}
	c.Grant, c.Token, c.LeaseUntil = m.Grant, m.Token, until
	ev.Result = ResultGranted
	return nil
}

// reckon is where c's own reckoning puts the end of a lease of lease ticks
// it asked for at sentAt and hears of now (see Discipline): Never without
// TTL.
func (w *world) reckon(c *ClientView, sentAt, lease int) (int, error) {
	if !w.st.TTL() {
		return Never, nil
	}
	from := sentAt
	if c.Discipline == FromReply {
		from = w.now
	}
	span, err := leaseFrom(from, lease)
	return span.End, err
}

// renew extends the client's lease on the nodes that hold its grant; it
// holds with a quorum of them. Otherwise the client learns that it has lost
// the lock. A client that believes it holds nothing has nothing to renew.
func (w *world) renew(c *ClientView, a Action, ev *Event) error {
	ev.Token, ev.Grant = c.Token, c.Grant
	if w.st.Lockless() {
		ev.Result = ResultNoService // nothing to renew, and nothing is sent
		return nil
	}
	if !c.Holds() {
		ev.Result = ResultSkipped
		return nil
	}
	if a.Hold != "" {
		w.network = append(w.network, Message{ID: a.Hold, Kind: MsgRenew, Client: c.Name, Token: c.Token, Grant: c.Grant, Lease: a.Lease, SentAt: w.now})
		ev.Message, ev.Result = a.Hold, ResultHeld
		return nil
	}
	return w.renewGrant(c, c.Grant, a.Lease, w.now, ev)
}

// renewGrant lets the service decide a renewal of grant g for c, sent at
// sentAt, and tells c the answer: a renewed lease it counts from when it
// sent the request (or from now, if it counts from replies), or that it has
// lost the lock, if it still believed in g.
func (w *world) renewGrant(c *ClientView, g, lease, sentAt int, ev *Event) error {
	renewed := 0
	refusal := errNotHolder
	for k, n := range w.nodes {
		if w.nodeGrant[k] != g {
			continue
		}
		switch err := n.Renew(c.Name, lease); {
		case err == nil:
			renewed++
		case errors.Is(err, ErrLeaseExpired), errors.Is(err, errNotHolder):
			refusal = err
		default:
			return err
		}
	}
	ev.Nodes = renewed
	if renewed < w.st.Quorum() {
		ev.Err, ev.Result = refusal, ResultRefused
		if c.Grant == g {
			c.forget()
		}
		return nil
	}
	ev.Result = ResultRenewed
	if c.Grant != g {
		return nil
	}
	until, err := w.reckon(c, sentAt, lease)
	if err != nil {
		return err
	}
	c.LeaseUntil, ev.LeaseEnd = until, until
	return nil
}

// release gives the lock back on every node, where the client believes it
// holds it; what ends is the grant the service has for the client. The
// client believes nothing afterwards.
func (w *world) release(c *ClientView, a Action, ev *Event) error {
	ev.Token, ev.Grant = c.Token, c.Grant
	if w.st.Lockless() {
		ev.Result = ResultNoService // nothing held; the client keeps its versions
		return nil
	}
	if !c.Holds() {
		// A lock is given back with what its grant returned (Redis: the
		// holder's random value; etcd: its key), not by a client's name:
		// a client that holds nothing has nothing to send.
		ev.Result = ResultSkipped
		return nil
	}
	released := 0
	for k, n := range w.nodes {
		if h, tok := n.Holder(); h == c.Name && n.Release(c.Name) == nil {
			released++
			ev.Grant = w.nodeGrant[k]
			if w.st.Tokens() {
				ev.Token = tok
			}
		}
	}
	if released == 0 {
		ev.Err, ev.Result = errNotHolder, ResultRefused
	} else {
		ev.Result = ResultReleased
	}
	c.forget()
	return nil
}

// write sends the client's write with the token it believes it holds, or,
// to a versioned resource, with the version it last read or wrote there.
// A write applied at once tells its writer the version it produced; one
// held up is one its writer gave up waiting for, and tells it nothing.
func (w *world) write(c *ClientView, a Action, ev *Event) error {
	i, r := w.resource(a.Resource)
	ev.Resource, ev.Token, ev.Grant = r.Name, c.Token, c.Grant
	if !c.Holds() {
		ev.Result = ResultSkipped
		return nil
	}
	w.sent++
	m := Message{ID: a.Hold, Kind: MsgWrite, Client: c.Name, Resource: r.Name, Token: c.Token, Grant: c.Grant, Value: a.Value, SentAt: w.now, Sent: w.sent}
	if c.Versions != nil {
		m.Version = c.Versions[i]
	}
	ev.Sent, ev.PastOwnLease, ev.Version = m.Sent, w.pastOwnLease(c), m.Version
	switch {
	case a.Hold == "":
		w.land(i, m, ev)
		if ev.Write.Applied() && c.Versions != nil {
			c.setVersion(i, r.Version())
		}
	case r.Atomic():
		w.network = append(w.network, m)
		ev.Message, ev.Result = a.Hold, ResultHeld
	default:
		// A check-then-apply resource checks now and applies later.
		ev.Write = r.Check(m.carried(r))
		if ev.Write.Refused() {
			ev.Result = ResultRejected
			return nil
		}
		m.Kind = MsgApply
		w.network = append(w.network, m)
		ev.Message, ev.Result = a.Hold, ResultChecked
	}
	return nil
}

// read reads a resource showing the client's token: a fenced resource
// checks it (and refuses it as it would a write), and raises maxToken.
// Without a lock service it reads the resource's version with its data,
// which any client may do: the client writes there with that version from
// now on, and the read counts as a grant (Ledger.ReadVersions).
func (w *world) read(c *ClientView, a Action, ev *Event) error {
	i, r := w.resource(a.Resource)
	ev.Resource, ev.Token, ev.Grant = r.Name, c.Token, c.Grant
	if w.st.Lockless() {
		ev.Grant = w.ReadVersions(c.Name, i)
		c.Grant, c.LeaseUntil = ev.Grant, Never
		if c.Versions != nil {
			c.setVersion(i, r.Version())
		}
		ev.Version, ev.Write, ev.Result = r.Version(), r.Read(0), ResultAccepted
		return nil
	}
	if !c.Holds() {
		ev.Result = ResultSkipped
		return nil
	}
	ev.PastOwnLease = w.pastOwnLease(c)
	ev.Write = r.Read(c.Token)
	ev.Result = ResultAccepted
	if ev.Write.Refused() {
		ev.Result = ResultRejected
		return nil
	}
	w.Read(i, c.Grant)
	return nil
}

// peek reads a resource without showing a token: nothing is checked and
// nothing changes at the resource. A client reads to compute a write, so
// only a client that believes it holds the lock peeks. Without a lock
// service there is nothing to hold, and any client may read a value
// without its version; it writes with the version it had all the same.
func (w *world) peek(c *ClientView, a Action, ev *Event) error {
	i, r := w.resource(a.Resource)
	ev.Resource, ev.Grant = r.Name, c.Grant
	if !c.Holds() && !w.st.Lockless() {
		ev.Result = ResultSkipped
		return nil
	}
	ev.PastOwnLease = w.pastOwnLease(c)
	ev.Write, ev.Result = Accepted, ResultAccepted
	w.Read(i, c.Grant)
	return nil
}

// land hands a write to resource i (check and apply, or only the apply of a
// write checked before) and judges it. A write applied after the service
// has issued a newer grant than its own is late: it overwrites a newer
// holder's write (corrupted), or lands before any (at risk), and then every
// newer holder that has read the resource missed it. A write whose holder
// read the resource before a late write landed loses that write
// (corrupted).
func (w *world) land(i int, m Message, ev *Event) {
	r := w.resources[i]
	if m.Kind == MsgApply {
		ev.Write = r.Apply(m.carried(r), m.Value)
	} else {
		ev.Write = r.Write(m.carried(r), m.Value)
	}
	if ev.Write.Refused() {
		ev.Result = ResultRejected
		return
	}
	ev.Result = ResultAccepted
	ev.Replaced = w.holders[w.written[i]]
	w.written[i] = m.Grant
	l := w.Landed(i, m.Grant, m.Sent)
	ev.Harm, ev.Overwritten, ev.MissedBy, ev.Reordered = l.Harm, l.Overwritten, l.MissedBy, l.Reordered
	if l.Late {
		ev.Result, ev.Stale = ResultStale, BeforeNewHolder
		if ev.Harm == HarmOverwrite {
			ev.Stale = Overwrote
		}
	}
}

// deliver lets a held message arrive.
func (w *world) deliver(a Action, ev *Event) error {
	ev.Message = a.Message
	i := slices.IndexFunc(w.network, func(m Message) bool { return m.ID == a.Message })
	if i < 0 {
		// Held under this strategy only if it was sent: a client that
		// believed it held no lock never sent its write.
		ev.Result = ResultNothing
		return nil
	}
	m := w.network[i]
	w.network = slices.Delete(w.network, i, i+1)
	ev.Client, ev.Token, ev.Grant, ev.Value, ev.Lease, ev.Delivered, ev.Sent = m.Client, m.Token, m.Grant, m.Value, m.Lease, m.Kind, m.Sent
	ev.Version = m.Version
	if m.Kind == MsgRenew {
		c := w.client(m.Client)
		if c.State == Crashed {
			ev.Result = ResultDropped
			return nil
		}
		return w.renewGrant(c, m.Grant, m.Lease, m.SentAt, ev)
	}
	if m.Kind == MsgReply {
		return w.hear(w.client(m.Client), m, ev)
	}
	j, _ := w.resource(m.Resource)
	ev.Resource = m.Resource
	w.land(j, m, ev)
	return nil
}

func (w *world) frame(step int, ev Event, note string) Frame {
	g, token := w.inForce()
	lock := LockView{
		Holder: w.holders[g], Token: token, Grant: g, Issued: w.issued(),
		TTL: w.st.TTL(), Durable: w.st.Durable(), Tokens: w.st.Tokens(), Restarts: w.restarts,
		Lockless: w.st.Lockless(),
	}
	if len(w.nodes) > 0 {
		lock.LockDelay = w.nodes[0].LockDelay()
	}
	for k, n := range w.nodes {
		h, tok := n.Holder()
		v := NodeView{Clock: n.Now(), Holder: h, Expiry: n.Expiry()}
		if h != "" {
			v.Grant = w.nodeGrant[k]
			if w.st.Tokens() {
				v.Token = tok
			}
		}
		lock.Nodes = append(lock.Nodes, v)
	}
	if len(w.nodes) == 1 {
		lock.Expiry, lock.Now = lock.Nodes[0].Expiry, lock.Nodes[0].Clock
	}
	lock.FailedOver = w.failedOver
	if w.hasReplica {
		k := w.faulty()
		r := &w.replica
		v := ReplicaView{Node: k + 1, SyncedAt: w.syncedAt, Expiry: r.Expiry(), Behind: w.replicaBehind()}
		if h, tok := r.Holder(); h != "" {
			v.Holder, v.Grant = h, w.replicaGrant
			if w.st.Tokens() {
				v.Token = tok
			}
		}
		if w.st.Tokens() {
			v.Issued = r.issued
		}
		lock.Replica = &v
	}
	f := Frame{
		Step:    step,
		Clock:   w.now,
		Lock:    lock,
		Clients: slices.Clone(w.clients),
		Network: slices.Clone(w.network),
		Event:   ev,
		Note:    note,
	}
	// A frame is a snapshot of its own: no slice is shared with another.
	for i := range f.Clients {
		f.Clients[i].Versions = slices.Clone(f.Clients[i].Versions)
	}
	for i := range f.Network {
		f.Network[i].Versions = slices.Clone(f.Network[i].Versions)
	}
	for i, r := range w.resources {
		f.Resources = append(f.Resources, ResourceView{
			Name: r.Name, Fenced: r.Fenced(), Versioned: r.Versioned(), Version: r.Version(),
			Atomic: r.Atomic(), Data: r.Data(), MaxToken: r.MaxToken(),
			Rejected: r.Rejected(), Writes: r.Writes(), Grant: w.written[i], Writer: w.holders[w.written[i]],
		})
	}
	f.Verdict, f.Harm, f.Reordered = w.Verdict(w.stuck()), w.harm, w.reordered
	return f
}

// issued is the last token the service issued, by its counter as it now
// stands: 0 without tokens, or before the first grant, or after the
// counter was lost.
func (w *world) issued() int64 {
	if !w.st.Tokens() {
		return 0
	}
	return w.nodes[0].issued
}

// carried is the number a write brings to r: the version it expects at a
// versioned resource, its token elsewhere.
func (m Message) carried(r *Resource) int64 {
	if r.Versioned() {
		return m.Version
	}
	return m.Token
}

// pastOwnLease reports whether, by c's own clock and reckoning, the lease
// it believes it holds has ended.
func (w *world) pastOwnLease(c *ClientView) bool {
	return c.Holds() && !c.leaseValid(w.now)
}
