package core

import (
	"errors"
	"fmt"
	"slices"
)

// checkRun verifies a run, frame by frame, with code of its own (it does not
// call Replay's judge), and returns the first violation, nil if none. It
// feeds every frame, in order, to one checker per invariant, each with
// the state it keeps of the run so far:
//
//   - grantCheck: grants and their tokens;
//   - versionCheck: versions, and the absence of a lock service;
//   - nodeCheck: the lock service's nodes;
//   - delayCheck: the lock-delay;
//   - beliefCheck: the clients' beliefs;
//   - resourceCheck: the resources;
//   - sendCheck: the order in which writes are sent;
//   - verdictCheck: each write's stale kind and harm, and each frame's
//     verdict and harm, recomputed;
//   - counterCheck: the service's token counter;
//   - replicaCheck: the replica, and what a failover keeps.
//
// Each checker's comment says what it holds.
func checkRun(frames []Frame) error {
	grants := newGrantCheck()
	return checkWith(frames,
		grants,
		versionCheck{},
		nodeCheck{grants},
		newDelayCheck(),
		beliefCheck{grants},
		resourceCheck{grants},
		&sendCheck{},
		newVerdictCheck(grants),
		counterCheck{grants},
		newReplicaCheck(),
	)
}

// A frameChecker holds one invariant of a run. Fed the run's frames in
// order, check(frames, i) looks at frame i (and the frames before it, and
// what it kept of them) and returns a violation, nil if none.
type frameChecker interface {
	check(frames []Frame, i int) error
}

// checkWith feeds every frame of a run to the checkers, in their order,
// and returns the first violation, with its step.
func checkWith(frames []Frame, checkers ...frameChecker) error {
	for i, f := range frames {
		for _, c := range checkers {
			if err := c.check(frames, i); err != nil {
				return fmt.Errorf("step %d: %w", f.Step, err)
			}
		}
	}
	return nil
}

// readsVersions reports whether f's event is, without a lock service, a
// read of the resources' versions: an acquire, or a read that was let
// through. Each counts as the next grant.
func readsVersions(f Frame) bool {
	ev := f.Event
	return f.Lock.Lockless && (ev.Kind == ActAcquire || ev.Kind == ActRead && ev.Result == ResultAccepted)
}

// grantCheck holds the grants and their tokens: grants are numbered in the
// order they are made, from 1 (without a lock service each read of
// versions is one); every grant's token is larger than the one before, as
// long as the counter survives (on a replicated service always but
// through a restore, which puts back the backup's counter; on a single
// node between restarts, and through a failover only as far as its
// replica had caught up); without tokens, grants carry none. The
// checkers after it learn from it which grants were made and to whom.
type grantCheck struct {
	issued      int            // the newest grant made so far
	holderOf    map[int]string // grant → the client it went to
	lastToken   int64          // the last token issued since the counter was last lost
	backupToken int64          // the last token issued when the last backup was taken
	syncedToken int64          // the last token issued when the replica last caught up
}

func newGrantCheck() *grantCheck { return &grantCheck{holderOf: map[int]string{}} }

func (c *grantCheck) check(frames []Frame, i int) error {
	f := frames[i]
	ev := f.Event
	reads := readsVersions(f)
	if reads && ev.Grant == 0 {
		return errors.New("a read of versions counts as no grant")
	}
	if ev.Kind == ActAcquire && ev.Grant != 0 || reads {
		if ev.Grant != c.issued+1 {
			return fmt.Errorf("grant %d follows grant %d", ev.Grant, c.issued)
		}
		c.issued = ev.Grant
		c.holderOf[ev.Grant] = ev.Client
		switch {
		case !f.Lock.Tokens && ev.Token != 0:
			return fmt.Errorf("grant %d carries token %d, but this service issues none", ev.Grant, ev.Token)
		case f.Lock.Tokens && ev.Token <= c.lastToken:
			return fmt.Errorf("token %d issued after token %d while the counter survived", ev.Token, c.lastToken)
		}
		c.lastToken = ev.Token
	}
	if ev.Kind == ActRestart && ev.Result == ResultLost {
		if f.Lock.Durable {
			return errors.New("a replicated service lost its state in a restart")
		}
		c.lastToken = 0
	}
	switch {
	case ev.Kind == ActBackup:
		c.backupToken = c.lastToken
	case ev.Kind == ActRestore:
		c.lastToken = c.backupToken
	case ev.Kind == ActSync && ev.Result == ResultSynced:
		c.syncedToken = c.lastToken
	case ev.Kind == ActFailover && (ev.Result == ResultPromoted || ev.Result == ResultRolledBack):
		if f.Lock.Durable {
			return errors.New("a service replicated by consensus failed over to a replica behind it")
		}
		c.lastToken = c.syncedToken
	}
	return nil
}

// nodeCheck holds the lock service's nodes: no node holds a grant that
// was never made; a grant a node holds ends only when that node's own
// clock reaches its expiry, when its holder releases it, or when the node
// forgets it (a node that keeps its state in memory restarts, the node is
// restored from a backup, or it fails over to a replica behind it); and
// the grant the frame says is in force is the one a quorum of nodes
// holds.
type nodeCheck struct{ grants *grantCheck }

func (c nodeCheck) check(frames []Frame, i int) error {
	f := frames[i]
	held := map[int]int{}
	for n, cur := range f.Lock.Nodes {
		if cur.Grant > c.grants.issued {
			return fmt.Errorf("node %d holds grant %d, which was never made", n+1, cur.Grant)
		}
		if cur.Grant != 0 {
			held[cur.Grant]++
		}
		if i == 0 || n >= len(frames[i-1].Lock.Nodes) {
			continue
		}
		prev := frames[i-1].Lock.Nodes[n]
		if prev.Grant == 0 || prev.Grant == cur.Grant {
			continue
		}
		ev := f.Event
		ended := leaseSpan{prev.Expiry}.Ended(cur.Clock)
		released := ev.Kind == ActRelease && ev.Result == ResultReleased && ev.Client == prev.Holder
		forgotten := (ev.Kind == ActRestart && ev.Result == ResultLost || ev.Kind == ActRestore ||
			ev.Kind == ActFailover && ev.Result == ResultRolledBack) && ev.Node == n+1
		if !ended && !released && !forgotten {
			return fmt.Errorf("node %d gave up grant %d of %s (in force until %d by its clock, now %d) for grant %d",
				n+1, prev.Grant, prev.Holder, prev.Expiry, cur.Clock, cur.Grant)
		}
	}
	quorum := len(f.Lock.Nodes)/2 + 1
	inForce := 0
	for g, count := range held {
		if count >= quorum {
			inForce = g
		}
	}
	if inForce != f.Lock.Grant {
		return fmt.Errorf("the lock shows grant %d in force, its nodes' quorum holds %d", f.Lock.Grant, inForce)
	}
	return nil
}

// delayCheck holds the lock-delay: after a lease lapses at a node without
// a release, that node grants nothing until the delay has passed by its
// own clock. A restart that forgets the lease, a restore, or a failover,
// which gives the node another clock, is not held to it.
type delayCheck struct {
	lapsed map[int]int // node → expiry of the lease that last lapsed there, while its delay may run
}

func newDelayCheck() *delayCheck { return &delayCheck{lapsed: map[int]int{}} }

func (c *delayCheck) check(frames []Frame, i int) error {
	if i == 0 {
		return nil
	}
	f := frames[i]
	ev := f.Event
	for n, cur := range f.Lock.Nodes {
		prev := frames[i-1].Lock.Nodes[n]
		if (ev.Kind == ActRestart && ev.Result == ResultLost || ev.Kind == ActRestore ||
			ev.Kind == ActFailover && ev.Result != ResultNoService) && ev.Node == n+1 {
			delete(c.lapsed, n)
		}
		if prev.Grant != 0 && cur.Grant != prev.Grant {
			if (leaseSpan{prev.Expiry}).Ended(cur.Clock) && prev.Expiry != Never {
				c.lapsed[n] = prev.Expiry
			} else {
				delete(c.lapsed, n) // released, or forgotten in a restart
			}
		}
		if cur.Grant != 0 && cur.Grant != prev.Grant {
			if end, ok := c.lapsed[n]; ok && cur.Clock-end < f.Lock.LockDelay {
				return fmt.Errorf("node %d granted %d at t=%d, within its lock-delay of %d after a lease lapsed at %d", n+1, cur.Grant, cur.Clock, f.Lock.LockDelay, end)
			}
			delete(c.lapsed, n)
		}
	}
	return nil
}

// beliefCheck holds the clients' beliefs: a client believes only in a
// grant the service made to it.
type beliefCheck struct{ grants *grantCheck }

func (c beliefCheck) check(frames []Frame, i int) error {
	for _, cl := range frames[i].Clients {
		if cl.Grant != 0 && c.grants.holderOf[cl.Grant] != cl.Name {
			return fmt.Errorf("%s believes in grant %d, which the service made to %q", cl.Name, cl.Grant, c.grants.holderOf[cl.Grant])
		}
	}
	return nil
}

// resourceCheck holds the resources: a resource changes its data only by
// applying the write the frame's event shows, under that event's grant,
// over the value it held; a fenced resource that checks atomically never
// applies a token below its maxToken; maxToken changes only with an
// applied write or a read that shows that token, and never goes down; a
// peek changes nothing.
type resourceCheck struct{ grants *grantCheck }

func (c resourceCheck) check(frames []Frame, i int) error {
	if i == 0 {
		return nil
	}
	ev := frames[i].Event
	applied := false // a resource applied the event's write in this step
	for j, r := range frames[i].Resources {
		prev := frames[i-1].Resources[j]
		if r.MaxToken != prev.MaxToken {
			showed := ev.Resource == r.Name && ev.Token == r.MaxToken &&
				(ev.Kind == ActRead || (ev.Kind == ActWrite || ev.Kind == ActDeliver) && ev.Write.Applied())
			if !showed || r.MaxToken < prev.MaxToken {
				return fmt.Errorf("%s's maxToken went from %d to %d, and the event shows no such token", r.Name, prev.MaxToken, r.MaxToken)
			}
		}
		if r.Writes == prev.Writes {
			if r.Data != prev.Data || r.Grant != prev.Grant {
				return fmt.Errorf("%s changed its data without applying a write", r.Name)
			}
			continue
		}
		if applied || ev.Resource != r.Name || !ev.Write.Applied() || (ev.Kind != ActWrite && ev.Kind != ActDeliver) {
			return fmt.Errorf("%s applied a write the event does not show", r.Name)
		}
		applied = true
		if r.Grant != ev.Grant || r.Writer != c.grants.holderOf[ev.Grant] {
			return fmt.Errorf("%s says its value was written under grant %d by %q, the event's is %d", r.Name, r.Grant, r.Writer, ev.Grant)
		}
		if ev.Replaced != prev.Writer {
			return fmt.Errorf("the write is said to replace %q's value, %s held %q's", ev.Replaced, r.Name, prev.Writer)
		}
		if r.Fenced && r.Atomic && ev.Token < prev.MaxToken {
			return fmt.Errorf("fenced resource %s applied token %d below maxToken %d", r.Name, ev.Token, prev.MaxToken)
		}
	}
	return nil
}

// sendCheck holds the writes' numbers: a write is numbered in the order
// it is sent, from 1; a write that arrives (or is applied after its
// check) is one that was sent; nothing else carries a number.
type sendCheck struct {
	sent int // the writes sent so far
}

func (c *sendCheck) check(frames []Frame, i int) error {
	ev := frames[i].Event
	switch {
	case ev.Kind == ActWrite && ev.Result != ResultSkipped:
		if c.sent++; ev.Sent != c.sent {
			return fmt.Errorf("a write numbered %d is write %d to be sent", ev.Sent, c.sent)
		}
	case ev.Kind == ActDeliver && (ev.Delivered == MsgWrite || ev.Delivered == MsgApply):
		if ev.Sent < 1 || ev.Sent > c.sent {
			return fmt.Errorf("a write numbered %d arrives, of %d sent", ev.Sent, c.sent)
		}
	case ev.Sent != 0:
		return fmt.Errorf("a %s carries the write number %d", ev.Kind, ev.Sent)
	}
	return nil
}

// verdictCheck holds the judgement: each write's stale kind, harm, the
// holder it overwrote and the reader it landed after, whether it is
// reordered, and each frame's verdict and harm, are the ones it recomputes
// from the events, per resource. A run is corrupted once a write made
// under grant g was applied after a write under a newer grant (overwrite),
// or once the holder of g' read, a write under an older grant landed, and
// the holder of g' wrote (lost update); otherwise stuck when a crashed
// client holds a lock without TTL, or a fenced resource has seen a larger
// token than the holder's; otherwise at risk once a write made under a
// grant older than the newest issued was applied; otherwise safe. A write
// that overwrites a later-sent write of its own grant is reordered, and
// so is the run from then on.
type verdictCheck struct {
	grants       *grantCheck
	newestWriter map[string]int          // resource → newest grant that applied a write to it
	newestSent   map[string]int          // resource → latest sending among the applied writes of its newest grant
	readers      map[string]map[int]bool // resource → grant that read it before writing → a late write landed since
	harm         Harm                    // the run's first harm
	late         bool                    // a write of an older grant landed after a newer grant
	reordered    bool                    // a write overwrote a later write of its own grant
}

func newVerdictCheck(grants *grantCheck) *verdictCheck {
	return &verdictCheck{grants: grants, newestWriter: map[string]int{}, newestSent: map[string]int{}, readers: map[string]map[int]bool{}}
}

// appliedWrite reports whether a resource applied a write in frame i.
func appliedWrite(frames []Frame, i int) bool {
	if i == 0 {
		return false
	}
	for j, r := range frames[i].Resources {
		if r.Writes != frames[i-1].Resources[j].Writes {
			return true
		}
	}
	return false
}

func (c *verdictCheck) check(frames []Frame, i int) error {
	f := frames[i]
	ev := f.Event
	res := ev.Resource
	read := func(res string) {
		if c.newestWriter[res] < ev.Grant {
			if c.readers[res] == nil {
				c.readers[res] = map[int]bool{}
			}
			c.readers[res][ev.Grant] = false // a read sees every write so far
		}
	}
	switch {
	case (ev.Kind == ActRead || ev.Kind == ActPeek) && ev.Write == Accepted:
		read(res)
	case readsVersions(f): // an acquire reads every resource
		for _, r := range f.Resources {
			read(r.Name)
		}
	}
	var kind StaleKind
	var evHarm Harm
	evReordered := false
	overwritten := ""
	if appliedWrite(frames, i) {
		missed, read := c.readers[res][ev.Grant]
		switch {
		case c.newestWriter[res] > ev.Grant:
			evHarm, overwritten = HarmOverwrite, c.grants.holderOf[c.newestWriter[res]]
		case read && missed:
			evHarm = HarmLostUpdate
		}
		delete(c.readers[res], ev.Grant)
		if ev.Grant < c.grants.issued {
			c.late = true
			kind = BeforeNewHolder
			if evHarm == HarmOverwrite {
				kind = Overwrote
			}
			newestReader := 0
			for g := range c.readers[res] {
				if g > ev.Grant {
					c.readers[res][g] = true
					newestReader = max(newestReader, g)
				}
			}
			if want := c.grants.holderOf[newestReader]; ev.MissedBy != want {
				return fmt.Errorf("the late write is said to land after %q's read, recomputed %q", ev.MissedBy, want)
			}
		}
		switch {
		case ev.Grant > c.newestWriter[res]:
			c.newestWriter[res], c.newestSent[res] = ev.Grant, ev.Sent
		case ev.Grant == c.newestWriter[res] && ev.Sent < c.newestSent[res]:
			evReordered, c.reordered = true, true
		case ev.Grant == c.newestWriter[res]:
			c.newestSent[res] = ev.Sent
		}
		if c.harm == "" {
			c.harm = evHarm
		}
	}
	if ev.Reordered != evReordered || f.Reordered != c.reordered {
		return fmt.Errorf("the write is said reordered %v (the run %v), recomputed %v (%v)", ev.Reordered, f.Reordered, evReordered, c.reordered)
	}
	if ev.Overwritten != overwritten {
		return fmt.Errorf("the write is said to overwrite %q's value, recomputed %q", ev.Overwritten, overwritten)
	}
	if ev.Stale != kind || ev.Harm != evHarm {
		return fmt.Errorf("the write's stale kind and harm are %q and %q, recomputed %q and %q", ev.Stale, ev.Harm, kind, evHarm)
	}
	if f.Harm != c.harm {
		return fmt.Errorf("the run's harm is %q, recomputed %q", f.Harm, c.harm)
	}
	if want := recomputeVerdict(c.harm != "", c.late, f); f.Verdict != want {
		return fmt.Errorf("verdict %q, recomputed %q", f.Verdict, want)
	}
	return nil
}

// recomputeVerdict is checkRun's own reading of a frame's verdict.
func recomputeVerdict(harmed, late bool, f Frame) Verdict {
	if harmed {
		return Corrupted
	}
	if f.Lock.Grant != 0 {
		for _, c := range f.Clients {
			if c.Name == f.Lock.Holder && c.State == Crashed && !f.Lock.TTL {
				return Stuck
			}
		}
		for _, r := range f.Resources {
			if f.Lock.Token > 0 && r.Fenced && f.Lock.Token < r.MaxToken {
				return Stuck
			}
		}
	}
	if late {
		return AtRisk
	}
	return Safe
}

// counterCheck holds the service's token counter: where grants carry
// tokens, the frame's counter is the last token issued (since a restart
// lost it, or as a restore put it back).
type counterCheck struct{ grants *grantCheck }

func (c counterCheck) check(frames []Frame, i int) error {
	if l := frames[i].Lock; l.Tokens && l.Issued != c.grants.lastToken {
		return fmt.Errorf("the service's counter reads %d, the last token issued is %d", l.Issued, c.grants.lastToken)
	}
	return nil
}

// versionCheck holds the versions, and the absence of a lock service: a
// versioned row starts at version 1 and gains one with each applied write
// and only then; one that checks atomically applies only a write that
// carries its version, and any refuses only one that does not; a client
// writes with the version it last read or produced, its versions change
// only by its own reads and writes, a reply reaching it, or its crash, and
// none is above the row's. A resource without versions shows none. Without
// a lock service, nothing is held at any node, and a held reply carries
// the versions the acquire read.
type versionCheck struct{}

func (versionCheck) check(frames []Frame, i int) error {
	f, ev := frames[i], frames[i].Event
	if f.Lock.Lockless && (len(f.Lock.Nodes) != 0 || f.Lock.Grant != 0 || f.Lock.Holder != "" || f.Lock.Token != 0) {
		return fmt.Errorf("there is no lock service, yet the lock shows %+v", f.Lock)
	}
	versioned := false
	at := -1 // the resource of the event
	for j, r := range f.Resources {
		versioned = versioned || r.Versioned
		if r.Name == ev.Resource {
			at = j
		}
		switch {
		case !r.Versioned && r.Version != 0:
			return fmt.Errorf("%s keeps no version, yet shows version %d", r.Name, r.Version)
		case r.Versioned && r.MaxToken != 0:
			return fmt.Errorf("versioned %s shows maxToken %d", r.Name, r.MaxToken)
		case r.Versioned && i == 0 && r.Version != 1:
			return fmt.Errorf("versioned %s starts at version %d, not 1", r.Name, r.Version)
		}
	}
	for _, c := range f.Clients {
		if versioned != (c.Versions != nil) || c.Versions != nil && len(c.Versions) != len(f.Resources) {
			return fmt.Errorf("%s holds versions %v beside resources %v", c.Name, c.Versions, f.Resources)
		}
		for j, v := range c.Versions {
			if v < 0 || v > f.Resources[j].Version {
				return fmt.Errorf("%s writes to %s with version %d, above the row's %d", c.Name, f.Resources[j].Name, v, f.Resources[j].Version)
			}
		}
	}
	if i == 0 || !versioned {
		return nil
	}
	prev := frames[i-1]
	for j, r := range f.Resources {
		was := prev.Resources[j]
		if !r.Versioned {
			continue
		}
		switch applied := r.Writes != was.Writes; {
		case applied && r.Version != was.Version+1, !applied && r.Version != was.Version:
			return fmt.Errorf("%s went from version %d to %d with %d writes applied", r.Name, was.Version, r.Version, r.Writes-was.Writes)
		case applied && r.Atomic && ev.Version != was.Version:
			return fmt.Errorf("%s applied a write carrying version %d at version %d", r.Name, ev.Version, was.Version)
		}
		if j != at {
			continue
		}
		switch ev.Result {
		case ResultRejected:
			if ev.Write != RejectedVersion || ev.Version == was.Version {
				return fmt.Errorf("%s refused (%s) a write carrying version %d at version %d", r.Name, ev.Write, ev.Version, was.Version)
			}
		case ResultChecked:
			if ev.Version != was.Version {
				return fmt.Errorf("%s passed the check of version %d at version %d", r.Name, ev.Version, was.Version)
			}
		}
	}
	// Each client's versions change only by its own reads and writes, a
	// reply reaching it, or a crash.
	for k, c := range f.Clients {
		before := prev.Clients[k].Versions
		want := before
		mine := ev.Client == c.Name
		switch {
		case !mine:
		case ev.Kind == ActCrash:
			want = make([]int64, len(before))
		case ev.Result == ResultVersions && ev.Kind == ActAcquire:
			want = nil
			for _, r := range f.Resources {
				want = append(want, r.Version)
			}
		case ev.Result == ResultVersions && ev.Kind == ActDeliver:
			for _, m := range prev.Network {
				if m.ID == ev.Message {
					want = m.Versions
				}
			}
		case ev.Kind == ActRead && f.Lock.Lockless && at >= 0:
			if ev.Version != f.Resources[at].Version {
				return fmt.Errorf("%s read version %d of %s, which is at %d", c.Name, ev.Version, ev.Resource, f.Resources[at].Version)
			}
			want = slices.Clone(before)
			want[at] = f.Resources[at].Version
		case ev.Kind == ActWrite && at >= 0 && ev.Result != ResultSkipped:
			if ev.Version != before[at] {
				return fmt.Errorf("%s wrote to %s with version %d, having %d", c.Name, ev.Resource, ev.Version, before[at])
			}
			if ev.Message == "" && ev.Write.Applied() {
				want = slices.Clone(before)
				want[at] = f.Resources[at].Version
			}
		}
		if !slices.Equal(c.Versions, want) {
			return fmt.Errorf("%s holds versions %v after %s, want %v", c.Name, c.Versions, ev.Kind, want)
		}
	}
	if ev.Kind == ActAcquire && ev.Result == ResultHeld && f.Lock.Lockless {
		var want []int64
		for _, r := range f.Resources {
			want = append(want, r.Version)
		}
		for _, m := range f.Network {
			if m.ID == ev.Message && !slices.Equal(m.Versions, want) {
				return fmt.Errorf("the held reply %s carries versions %v, the rows are at %v", m.ID, m.Versions, want)
			}
		}
	}
	return nil
}

// replicaCheck holds the asynchronous replica and the failover: a sync
// makes the replica a copy of its node as it stands, and the replica
// keeps that copy (its counter, its lease's end) until the next sync; the
// service fails over once at most, and after it no replica is left. A
// failover to the replica leaves its node with what the replica had: the
// grant of the last sync while its lease holds, that lease's end, and
// the clients' clock. A failover of a service replicated by consensus
// keeps the grant in force, and restarts its lease at the length last
// asked for plus ElectionTimeout, on the clients' clock.
type replicaCheck struct {
	synced     NodeView    // the node as the last sync copied it
	syncedOf   int64       // the counter it copied
	leases     map[int]int // grant → the length last asked for it
	failedOver bool        // a failover happened
}

func newReplicaCheck() *replicaCheck { return &replicaCheck{leases: map[int]int{}} }

func (c *replicaCheck) check(frames []Frame, i int) error {
	f := frames[i]
	ev, lock := f.Event, f.Lock
	switch {
	case ev.Kind == ActAcquire && ev.Grant != 0 && !lock.Lockless, ev.Result == ResultRenewed:
		c.leases[ev.Grant] = max(ev.Lease, 1)
	}
	if lock.FailedOver != (c.failedOver || ev.Kind == ActFailover && ev.Result != ResultNoService) {
		return fmt.Errorf("the service says failed over %v, the events say %v", lock.FailedOver, c.failedOver)
	}
	r := lock.Replica
	switch {
	case r != nil && lock.FailedOver:
		return errors.New("a replica is left after the failover")
	case r != nil && (r.Node < 1 || r.Node > len(lock.Nodes)):
		return fmt.Errorf("the replica of node %d, of %d", r.Node, len(lock.Nodes))
	case r != nil && i == 0:
		c.synced = lock.Nodes[r.Node-1]
		c.syncedOf = lock.Issued
	}
	if i == 0 {
		return nil
	}
	prev := frames[i-1].Lock
	switch ev.Kind {
	case ActSync:
		if ev.Result != ResultSynced {
			break
		}
		if r == nil || r.SyncedAt != f.Clock || r.Behind {
			return fmt.Errorf("a sync at t=%d leaves the replica %+v", f.Clock, r)
		}
		c.synced, c.syncedOf = lock.Nodes[r.Node-1], lock.Issued
	case ActFailover:
		if ev.Result == ResultNoService {
			break
		}
		if c.failedOver {
			return errors.New("the service failed over twice")
		}
		c.failedOver = true
		n := lock.Nodes[ev.Node-1]
		if n.Clock != f.Clock {
			return fmt.Errorf("the node that took over reads t=%d, the clients' clock t=%d", n.Clock, f.Clock)
		}
		switch ev.Result {
		case ResultLeaderChanged:
			before := prev.Nodes[ev.Node-1]
			if n.Grant != before.Grant {
				return fmt.Errorf("a new leader holds grant %d, the old one held %d", n.Grant, before.Grant)
			}
			if n.Grant != 0 && n.Expiry != Never && n.Expiry != f.Clock+c.leases[n.Grant]+ElectionTimeout {
				return fmt.Errorf("a new leader ends grant %d's lease at t=%d, not t=%d+%d+%d", n.Grant, n.Expiry, f.Clock, c.leases[n.Grant], ElectionTimeout)
			}
		case ResultPromoted, ResultRolledBack:
			if prev.Replica == nil {
				return errors.New("a failover to a replica, where there was none")
			}
			if want := c.copied(f.Clock); n.Grant != want || c.synced.Grant != 0 && n.Expiry != c.synced.Expiry {
				return fmt.Errorf("the replica took over with grant %d until t=%d; it had copied grant %d until t=%d", n.Grant, n.Expiry, c.synced.Grant, c.synced.Expiry)
			}
			if (ev.Result == ResultRolledBack) != prev.Replica.Behind {
				return fmt.Errorf("a failover %s, where the replica was behind: %v", ev.Result, prev.Replica.Behind)
			}
		default:
			return fmt.Errorf("a failover ended %q", ev.Result)
		}
	}
	if r != nil && (r.Grant != c.copied(f.Clock) || c.synced.Grant != 0 && r.Expiry != c.synced.Expiry || lock.Tokens && r.Issued != c.syncedOf) {
		return fmt.Errorf("the replica shows grant %d until t=%d and counter %d; its last sync copied grant %d until t=%d and counter %d",
			r.Grant, r.Expiry, r.Issued, c.synced.Grant, c.synced.Expiry, c.syncedOf)
	}
	return nil
}

// copied is the grant the replica's copy holds at the clients' clock now:
// the one its node held when it was copied, while that lease holds.
func (c *replicaCheck) copied(now int) int {
	if c.synced.Grant != 0 && (leaseSpan{c.synced.Expiry}).InForce(now) {
		return c.synced.Grant
	}
	return 0
}
