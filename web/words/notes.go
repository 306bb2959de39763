package words

import (
	"errors"
	"strings"

	"dlock/core"
)

// Note explains step (1-based) of a run: the scenario's own words where it
// has them, and otherwise words generated from the event and the frames
// before and after it, so every step of every run under every strategy has
// a true note in both languages.
func Note(l Lang, frames []core.Frame, step int) string { return unmarked(markedNote(l, frames, step)) }

// HeldNote is Note without what judges the run: the sentences that say
// its verdict, or what a step means for the data ("the data is safe",
// "nothing is destroyed now (at risk)"). Predict mode shows it until the
// reader has predicted the verdict, which those sentences would give away.
func HeldNote(l Lang, frames []core.Frame, step int) string {
	return strings.Join(strings.Fields(withheld(markedNote(l, frames, step))), " ")
}

// markedNote is the note of step, its judgement marked (marked).
func markedNote(l Lang, frames []core.Frame, step int) string {
	f := frames[step-1]
	if f.Note != "" {
		return marked(l, f.Note)
	}
	var prev core.Frame
	if step > 1 {
		prev = frames[step-2]
	}
	return eventNote(l, prev, f).marked()
}

// eventNote words what happened between prev and f.
func eventNote(l Lang, prev, f core.Frame) *noteWriter {
	n := &noteWriter{l: l, prev: prev, f: f, ev: f.Event}
	switch f.Event.Kind {
	case core.ActAcquire:
		n.acquire()
	case core.ActRenew:
		n.renew()
	case core.ActRelease:
		n.release()
	case core.ActWrite:
		n.write()
	case core.ActRead:
		n.read()
	case core.ActPeek:
		n.peek()
	case core.ActCheck:
		n.check()
	case core.ActPause:
		n.pause()
	case core.ActResume:
		n.say("gen.resume", n.ev.Client)
	case core.ActCrash:
		n.crash()
	case core.ActTick:
		n.tick()
	case core.ActJump:
		n.jump()
	case core.ActDeliver:
		n.deliver()
	case core.ActRestart:
		n.restart()
	case core.ActBackup:
		n.backup()
	case core.ActRestore:
		n.restore()
	case core.ActSync:
		n.sync()
	case core.ActFailover:
		n.failover()
	}
	return n
}

// noteWriter builds a note sentence by sentence.
type noteWriter struct {
	l     Lang
	prev  core.Frame
	f     core.Frame
	ev    core.Event
	parts []string
	keys  []string // the catalogue keys said, in order
}

func (n *noteWriter) say(key string, args ...any) {
	n.parts = append(n.parts, marked(n.l, key, args...))
	n.keys = append(n.keys, key)
}

// String is the note: its sentences, in order. Japanese sentences end in
// "。" and need no space between them.
func (n *noteWriter) String() string { return unmarked(n.marked()) }

// marked is the note, its judgement marked (see marked).
func (n *noteWriter) marked() string {
	sep := " "
	if n.l == Japanese {
		sep = ""
	}
	return strings.Join(n.parts, sep)
}

func (n *noteWriter) redlock() bool { return len(n.f.Lock.Nodes) > 1 }

// lockless reports whether the row has no lock service.
func (n *noteWriter) lockless() bool { return n.f.Lock.Lockless }

// noService words an action on a lock service the row does not have.
func (n *noteWriter) noService() bool {
	if n.ev.Result != core.ResultNoService {
		return false
	}
	switch n.ev.Kind {
	case core.ActRenew, core.ActRelease:
		n.say("gen.no-service."+string(n.ev.Kind), n.ev.Client)
	case core.ActJump:
		n.say("gen.no-service.jump", n.ev.Ticks)
	default:
		n.say("gen.no-service." + string(n.ev.Kind))
	}
	return true
}

// client is the view, in this frame, of the event's client.
func (n *noteWriter) client() core.ClientView {
	c, _ := n.f.Client(n.ev.Client)
	return c
}

func (n *noteWriter) acquire() {
	ev, lock := n.ev, n.f.Lock
	switch {
	case n.lockless() && ev.Result == core.ResultHeld:
		n.say("gen.acquire.versions.held", ev.Client, versionsRead(n.l, n.f, n.heldVersions()))
	case n.lockless():
		n.say("gen.acquire.versions", ev.Client, versionsRead(n.l, n.f, n.client().Versions))
	case ev.Result == core.ResultHeld && ev.Grant == 0:
		n.say("gen.acquire.held.refused", ev.Client)
	case ev.Result == core.ResultHeld && n.redlock():
		n.say("gen.acquire.held.majority", ev.Client, ev.Nodes)
	case ev.Result == core.ResultHeld && !lock.TTL:
		n.say("gen.acquire.held.no-ttl", ev.Client, ev.Token)
	case ev.Result == core.ResultHeld:
		n.say("gen.acquire.held", ev.Client, ev.Token, lock.Expiry)
	case ev.Result == core.ResultGranted && n.redlock():
		n.say("gen.acquire.granted.majority", ev.Client, ev.Nodes, n.client().LeaseUntil)
	case ev.Result == core.ResultGranted && !lock.TTL:
		n.say("gen.acquire.granted.no-ttl", ev.Client, ev.Token)
	case ev.Result == core.ResultGranted:
		n.say("gen.acquire.granted", ev.Client, ev.Token, lock.Expiry)
		n.reissued()
	case errors.Is(ev.Err, core.ErrLockDelay):
		n.say("gen.acquire.refused.lock-delay", ev.Client, n.f.Lock.LockDelay)
	case n.redlock():
		if ev.Nodes == 0 {
			n.say("gen.acquire.refused.majority.none", ev.Client)
		} else {
			n.say("gen.acquire.refused.majority", ev.Client, ev.Nodes)
		}
	case lock.Holder == ev.Client:
		n.say("gen.acquire.refused.self", ev.Client)
	case !lock.TTL && n.holderCrashed():
		n.say("gen.acquire.refused.stuck", ev.Client, lock.Holder)
	case !lock.TTL:
		n.say("gen.acquire.refused.no-ttl", ev.Client, lock.Holder)
	default:
		n.say("gen.acquire.refused", ev.Client, lock.Holder, lock.Expiry)
	}
}

// heldVersions are the versions carried by the reply this step held up.
func (n *noteWriter) heldVersions() []int64 {
	for _, m := range n.f.Network {
		if m.ID == n.ev.Message {
			return m.Versions
		}
	}
	return nil
}

// reissued says so where a token just granted is not new: a resource has
// already seen it or a larger one, because the service's counter went back
// (a restart lost it, or a restore put back an older one).
func (n *noteWriter) reissued() {
	for _, r := range n.prev.Resources {
		if n.ev.Token > 0 && r.MaxToken >= n.ev.Token {
			n.say("gen.acquire.reissued", n.ev.Token, r.Name, r.MaxToken)
			return
		}
	}
}

// holderCrashed reports whether the holder in force has crashed.
func (n *noteWriter) holderCrashed() bool {
	c, ok := n.f.Client(n.f.Lock.Holder)
	return ok && c.State == core.Crashed
}

// renew words a renewal decided now: sent now, or, delivered, sent earlier
// (its answer then follows the sentence that says it arrived).
func (n *noteWriter) renew() {
	ev := n.ev
	key := "gen.renew"
	if ev.Kind == core.ActDeliver {
		key = "gen.renew.delivered"
	}
	if n.noService() {
		return
	}
	switch {
	case ev.Result == core.ResultSkipped:
		n.say("gen.renew.skipped", ev.Client)
	case ev.Result == core.ResultHeld:
		n.say("gen.renew.held", ev.Client, ev.Message)
	case errors.Is(ev.Err, core.ErrLeaseExpired):
		n.say(key+".expired", ev.Client)
		if n.f.Lock.Tokens {
			n.say("gen.renew.new-token")
		}
	case ev.Err != nil:
		n.say(key+".refused", ev.Client)
	case !n.f.Lock.TTL && ev.Kind == core.ActDeliver:
		n.say(key + ".no-ttl")
	case !n.f.Lock.TTL:
		n.say(key+".no-ttl", ev.Client)
	case n.redlock():
		n.say("gen.renew.majority", ev.Client, ev.Nodes, n.client().LeaseUntil)
	default:
		n.say("gen.renew", ev.Client, n.f.Lock.Expiry, ev.Token)
	}
}

func (n *noteWriter) release() {
	ev := n.ev
	if n.noService() {
		return
	}
	switch {
	case ev.Result == core.ResultSkipped:
		n.say("gen.release.none", ev.Client)
		return
	case ev.Err != nil:
		n.say("gen.release.refused", ev.Client)
		return
	}
	n.say("gen.release", ev.Client)
	for _, m := range n.f.Network {
		if m.Client == ev.Client && m.Kind != core.MsgReply {
			n.say("gen.release.in-flight", ev.Client, m.ID)
			break
		}
	}
}

func (n *noteWriter) write() {
	ev := n.ev
	if ev.Resumed {
		n.say("gen.resumes", ev.Client)
	}
	res, _ := n.f.Resource(ev.Resource)
	switch {
	case ev.Result == core.ResultSkipped && res.Versioned:
		n.say("gen.write.skipped.version", ev.Client)
	case ev.Result == core.ResultSkipped:
		n.say("gen.write.skipped", ev.Client)
	case ev.Result == core.ResultHeld && res.Versioned && ev.Version != 0:
		n.say("gen.write.held.version", ev.Client, ev.Value, ev.Resource, ev.Version)
	case ev.Result == core.ResultHeld:
		n.say("gen.write.held", ev.Client, ev.Value, ev.Resource)
		n.pastLease()
	case ev.Result == core.ResultChecked && res.Versioned:
		n.say("gen.write.checked.version", ev.Client, ev.Value, ev.Version, ev.Resource)
	case ev.Result == core.ResultChecked:
		n.say("gen.write.checked", ev.Client, ev.Value, ev.Token, ev.Resource, n.maxBefore())
	case res.Versioned && ev.Version == 0:
		n.say("gen.write.sends.no-version", ev.Client, ev.Value, ev.Resource)
		n.landed()
	case res.Versioned:
		n.say("gen.write.sends.version", ev.Client, ev.Value, ev.Version, ev.Resource)
		n.landed()
	default:
		if ev.Token == 0 {
			n.say("gen.write.sends.no-token", ev.Client, ev.Value, ev.Resource)
		} else {
			n.say("gen.write.sends", ev.Client, ev.Value, ev.Token, ev.Resource)
		}
		n.pastLease()
		n.landed()
	}
}

// pastLease says, of a write a running client sent past its own lease, that
// it did not check: a client woken from a pause is the pause's story.
func (n *noteWriter) pastLease() {
	if !n.ev.PastOwnLease || n.ev.Resumed {
		return
	}
	c, _ := n.prev.Client(n.ev.Client)
	n.say("gen.write.past-lease", n.ev.Client, c.LeaseUntil)
	if n.redlock() {
		n.say("gen.write.past-lease.redlock")
	}
}

// maxBefore is the maxToken of the event's resource before the event.
func (n *noteWriter) maxBefore() int64 {
	r, _ := n.prev.Resource(n.ev.Resource)
	return r.MaxToken
}

// versionBefore is the version of the event's resource before the event.
func (n *noteWriter) versionBefore() int64 {
	r, _ := n.prev.Resource(n.ev.Resource)
	return r.Version
}

// landed words what the resource did with a write that reached it.
func (n *noteWriter) landed() {
	ev := n.ev
	res, _ := n.f.Resource(ev.Resource)
	if res.Versioned {
		n.landedVersion(res)
		return
	}
	max := n.maxBefore()
	switch {
	case ev.Result == core.ResultRejected && ev.Grant == n.f.Lock.Grant:
		n.say("gen.write.rejected.holder", ev.Token, max, ev.Resource)
	case ev.Result == core.ResultRejected:
		n.say("gen.write.rejected", ev.Token, max, ev.Resource)
	case ev.Result == core.ResultStale:
		how := "unfenced"
		switch {
		case res.Fenced && ev.Delivered == core.MsgApply:
			how = "split"
		case res.Fenced:
			how = "fenced"
		}
		switch {
		case ev.Stale == core.BeforeNewHolder && ev.MissedBy != "":
			n.say("gen.stale.after-read."+how, ev.Resource, ev.Client, ev.Token, max, ev.MissedBy)
		case ev.Stale == core.BeforeNewHolder && how == "fenced" && n.f.Lock.Token != 0 && n.f.Lock.Token < ev.Token:
			// The newer grant's token is the smaller: the counter went back.
			n.say("gen.stale.before-new-holder.fenced.token-back", ev.Resource, ev.Client, ev.Token, max, n.f.Lock.Token)
		default:
			n.say("gen.stale."+string(ev.Stale)+"."+how, ev.Resource, ev.Client, ev.Token, max)
		}
	case res.Fenced:
		n.say("gen.write.accepted.fenced", ev.Resource, res.MaxToken)
	default:
		n.say("gen.write.accepted", ev.Resource)
	}
	if ev.Harm == core.HarmLostUpdate {
		n.say("gen.write.lost-update", ev.Client, ev.Resource)
	}
	if ev.Reordered {
		n.reordered(res.Fenced)
	}
}

// landedVersion words what a versioned resource did with a write: applied
// it if it carried the row's version, refused it otherwise; or, checked
// earlier apart from the write, applied it without checking again.
func (n *noteWriter) landedVersion(res core.ResourceView) {
	ev := n.ev
	was := n.versionBefore()
	how := "version"
	if ev.Delivered == core.MsgApply {
		how = "version-split"
	}
	switch {
	case ev.Result == core.ResultRejected && ev.Version == 0:
		n.say("gen.write.rejected.no-version", ev.Resource, ev.Client)
	case ev.Result == core.ResultRejected:
		n.say("gen.write.rejected.version", ev.Resource, was, ev.Version, ev.Client)
		switch c := n.client(); {
		case c.State == core.Crashed:
		case ev.Kind == core.ActDeliver:
			// A write held up in the network is one its writer gave up
			// waiting for: it retries nothing, for it hears nothing.
			n.say("gen.write.given-up", ev.Client)
		default:
			n.say("gen.write.read-again", ev.Client)
		}
	case ev.Result == core.ResultStale && ev.Stale == core.Overwrote:
		n.say("gen.stale.overwrote."+how, ev.Resource, ev.Client, ev.Version, was, ev.Overwritten)
	case ev.Result == core.ResultStale && ev.MissedBy != "":
		n.say("gen.stale.after-read."+how, ev.Resource, ev.Client, ev.Version, was, ev.MissedBy)
	case ev.Result == core.ResultStale:
		n.say("gen.stale.before-new-holder."+how, ev.Resource, ev.Client, ev.Version, was)
	case how == "version-split":
		n.say("gen.write.applied.version-split", ev.Resource, ev.Version, was, res.Version)
	default:
		n.say("gen.write.accepted.version", ev.Resource, was, res.Version)
	}
	if ev.Harm == core.HarmLostUpdate {
		n.say("gen.write.lost-update", ev.Client, ev.Resource)
	}
	if ev.Reordered {
		n.say("gen.write.reordered.version", ev.Client, ev.Resource)
	}
}

// reordered words a write applied after a later write of its own grant:
// over it, or, where an older grant's late write landed between them, over
// that one. Where there are no tokens, no token is spoken of.
func (n *noteWriter) reordered(fenced bool) {
	ev := n.ev
	switch {
	case ev.Replaced != ev.Client:
		n.say("gen.write.reordered.between", ev.Client, ev.Resource, ev.Replaced)
	case fenced:
		n.say("gen.write.reordered", ev.Client, ev.Resource)
	case !n.f.Lock.Tokens:
		n.say("gen.write.reordered.no-token", ev.Client, ev.Resource)
	default:
		n.say("gen.write.reordered.unfenced", ev.Client, ev.Resource)
	}
}

// peek words a read that shows no token (or reads no version).
func (n *noteWriter) peek() {
	ev := n.ev
	if ev.Resumed {
		n.say("gen.resumes", ev.Client)
	}
	res, _ := n.f.Resource(ev.Resource)
	switch {
	case ev.Result == core.ResultSkipped:
		n.say("gen.read.skipped", ev.Client)
	case res.Versioned:
		n.say("gen.peek.version", ev.Client, ev.Resource)
	default:
		n.say("gen.peek", ev.Client, ev.Resource)
	}
}

func (n *noteWriter) read() {
	ev := n.ev
	if ev.Resumed {
		n.say("gen.resumes", ev.Client)
	}
	res, _ := n.f.Resource(ev.Resource)
	switch {
	case n.lockless():
		n.say("gen.read.version", ev.Client, ev.Version, ev.Resource)
	case ev.Result == core.ResultSkipped:
		n.say("gen.read.skipped", ev.Client)
	case ev.Result == core.ResultRejected:
		n.say("gen.read.rejected", ev.Client, ev.Token, ev.Resource, n.maxBefore())
	case res.Fenced:
		n.say("gen.read.fenced", ev.Client, ev.Token, ev.Resource)
	case ev.Token == 0:
		n.say("gen.read.unfenced.no-token", ev.Client, ev.Resource)
	default:
		n.say("gen.read.unfenced", ev.Client, ev.Token, ev.Resource)
	}
}

func (n *noteWriter) check() {
	ev, c := n.ev, n.client()
	if ev.Resumed {
		n.say("gen.resumes", ev.Client)
	}
	switch {
	case n.lockless():
		n.say("gen.check.no-service", ev.Client)
	case ev.Result == core.ResultNoLock:
		n.say("gen.check.none", ev.Client)
	case ev.Result == core.ResultExpired:
		before, _ := n.prev.Client(ev.Client)
		n.say("gen.check.expired", ev.Client, n.f.Clock, before.LeaseUntil)
	default:
		if c.LeaseUntil == core.Never {
			n.say("gen.check.forever", ev.Client)
		} else {
			n.say("gen.check.valid", ev.Client, n.f.Clock, c.LeaseUntil)
		}
		if n.f.Outdated(ev.Client) {
			n.say("gen.check.outdated", ev.Client)
		}
	}
}

func (n *noteWriter) pause() {
	ev, c := n.ev, n.client()
	n.say("gen.pause", ev.Client, ev.Ticks, n.f.Clock)
	switch {
	case ev.Expired != "":
		n.say("gen.lease-runs-out", ev.Expired)
		if c.Holds() {
			n.say("gen.pause.unaware", ev.Client)
		}
	case c.Holds() && !n.f.Lock.TTL && n.f.Lock.Holder == ev.Client:
		n.say("gen.pause.no-ttl", ev.Client)
	case c.Holds() && n.lockless():
		n.say("gen.pause.no-lease", ev.Client)
	}
}

func (n *noteWriter) crash() {
	ev, prev := n.ev, n.prev.Lock
	switch {
	case ev.Result == core.ResultStuck:
		n.say("gen.crash.stuck", ev.Client)
	case prev.Holder == ev.Client && n.redlock():
		n.say("gen.crash.holder.majority", ev.Client)
	case prev.Holder == ev.Client:
		n.say("gen.crash.holder", ev.Client, prev.Expiry)
	default:
		n.say("gen.crash", ev.Client)
	}
}

func (n *noteWriter) tick() {
	ev := n.ev
	n.say("gen.tick", ev.Ticks, n.f.Clock)
	switch {
	case ev.Expired != "":
		n.say("gen.lease-runs-out", ev.Expired)
	case n.f.Lock.Holder != "" && !n.f.Lock.TTL && n.holderCrashed():
		n.say("gen.tick.stuck", n.f.Lock.Holder)
	}
}

func (n *noteWriter) jump() {
	ev := n.ev
	if n.noService() {
		return
	}
	node := n.f.Lock.Nodes[ev.Node-1]
	switch {
	case n.redlock():
		n.say("gen.jump.node", ev.Node, ev.Ticks, node.Clock, n.f.Clock)
	case n.f.Lock.Durable:
		n.say("gen.jump.replicated", ev.Ticks, node.Clock, n.f.Clock)
	default:
		n.say("gen.jump", ev.Ticks, node.Clock, n.f.Clock)
	}
	if ev.Expired == "" {
		return
	}
	if n.redlock() {
		n.say("gen.jump.expires.majority", ev.Expired)
	} else {
		n.say("gen.jump.expires", ev.Expired)
	}
	if c, ok := n.f.Client(ev.Expired); ok && c.Holds() && c.State != core.Crashed {
		n.say("gen.jump.unaware", ev.Expired, c.LeaseUntil)
	}
}

// sentAt is when the message this step delivers was sent.
func (n *noteWriter) sentAt() int {
	for _, m := range n.prev.Network {
		if m.ID == n.ev.Message {
			return m.SentAt
		}
	}
	return 0
}

func (n *noteWriter) deliver() {
	ev := n.ev
	switch ev.Delivered {
	case core.MsgWrite:
		switch res, _ := n.f.Resource(ev.Resource); {
		case res.Versioned:
			n.say("gen.deliver.write.version", ev.Client, ev.Value, ev.Version, ev.Resource)
		case ev.Token == 0:
			n.say("gen.deliver.write.no-token", ev.Client, ev.Value, ev.Resource)
		default:
			n.say("gen.deliver.write", ev.Client, ev.Value, ev.Token, ev.Resource)
		}
		n.landed()
		return
	case core.MsgApply:
		if res, _ := n.f.Resource(ev.Resource); res.Versioned {
			n.say("gen.deliver.apply.version", ev.Client, ev.Value, ev.Version, ev.Resource)
		} else {
			n.say("gen.deliver.apply", ev.Client, ev.Value, ev.Token, ev.Resource)
		}
		n.landed()
		return
	case core.MsgRenew:
		n.say("gen.deliver.renew", ev.Client, n.f.Clock, n.sentAt())
		if ev.Result == core.ResultDropped {
			n.say("gen.reply.dropped", ev.Client)
			return
		}
		n.renew()
		return
	}
	c := n.client()
	sentAt := n.sentAt()
	switch ev.Result {
	case core.ResultNothing:
		if n.lockless() {
			n.say("gen.deliver.nothing.no-service", ev.Message)
		} else {
			n.say("gen.deliver.nothing", ev.Message)
		}
	case core.ResultVersions:
		n.say("gen.reply.versions", ev.Client, n.f.Clock, sentAt, versionsRead(n.l, n.f, c.Versions))
	case core.ResultDropped:
		n.say("gen.reply.dropped", ev.Client)
	case core.ResultRefused:
		n.say("gen.reply.refused", ev.Client, n.f.Clock)
	case core.ResultLateGrant:
		n.say("gen.reply.late", ev.Client, n.f.Clock, sentAt, ev.LeaseEnd)
	case core.ResultGranted:
		switch {
		case c.LeaseUntil == core.Never:
			n.say("gen.reply.granted.no-ttl", ev.Client, n.f.Clock)
		case c.Discipline == core.FromReply:
			n.say("gen.reply.granted.from-reply", ev.Client, n.f.Clock, c.LeaseUntil)
		default:
			n.say("gen.reply.granted", ev.Client, n.f.Clock, sentAt, c.LeaseUntil)
		}
		if n.f.Outdated(ev.Client) {
			n.say("gen.reply.outdated", ev.Client)
		}
	}
}

func (n *noteWriter) backup() {
	if n.noService() {
		return
	}
	if n.redlock() {
		n.say("gen.backup.node", n.ev.Node)
		return
	}
	n.say("gen.backup", n.f.Lock.Issued)
}

// restore words a restore from the last backup: what is forgotten, and the
// token counter going back where it does.
func (n *noteWriter) restore() {
	if n.noService() {
		return
	}
	if n.redlock() {
		n.say("gen.restore.node", n.ev.Node)
		return
	}
	n.say("gen.restore")
	if before, after := n.prev.Lock.Issued, n.f.Lock.Issued; after < before {
		n.say("gen.restore.counter", before, after, after+1)
		if n.f.Lock.Durable {
			n.say("gen.restore.replicated")
		}
	}
}

func (n *noteWriter) restart() {
	if n.noService() {
		return
	}
	switch {
	case n.redlock():
		n.say("gen.restart.node", n.ev.Node)
	case n.ev.Result == core.ResultKept:
		n.say("gen.restart.kept")
	case !n.f.Lock.TTL:
		n.say("gen.restart.lost.no-ttl")
	default:
		n.say("gen.restart.lost")
	}
}

// sync words a replica catching up with its primary, or, replicated by
// consensus, that there is none to.
func (n *noteWriter) sync() {
	switch {
	case n.noService():
	case n.ev.Result == core.ResultInSync:
		n.say("gen.sync.consensus")
	case n.redlock():
		n.say("gen.sync.node", n.ev.Node, n.f.Clock)
	default:
		n.say("gen.sync", n.f.Clock, n.f.Lock.Issued)
	}
}

// failover words a failover: a replica that takes over with what it had
// copied, and what was lost with the rest; or a new leader, which loses
// nothing acknowledged and restarts the lease in force.
func (n *noteWriter) failover() {
	if n.noService() {
		return
	}
	switch {
	case n.ev.Result == core.ResultLeaderChanged:
		n.leaderChange()
	case n.redlock():
		n.nodeFailover()
	default:
		n.replicaFailover()
	}
}

// replicaFailover words the one node's replica taking over.
func (n *noteWriter) replicaFailover() {
	before, after := n.prev.Lock, n.f.Lock
	if before.Replica != nil {
		n.say("gen.failover", before.Replica.SyncedAt)
	}
	if n.ev.Result == core.ResultPromoted {
		n.say("gen.failover.kept")
		return
	}
	said := false
	if before.Holder != "" && after.Grant != before.Grant {
		n.say("gen.failover.lost-holder", before.Holder)
		said = true
	}
	if after.Holder != "" && after.Grant != before.Grant {
		n.say("gen.failover.back-holder", after.Holder)
		said = true
	}
	if after.Tokens && after.Issued < before.Issued {
		n.say("gen.failover.counter", before.Issued, after.Issued, after.Issued+1)
		said = true
	}
	if !said {
		n.say("gen.failover.lost")
	}
}

// nodeFailover words Redlock's node failing over to its replica: whether
// the holder lost that node, and whether it still has a majority.
func (n *noteWriter) nodeFailover() {
	k := n.ev.Node
	synced := 0
	if r := n.prev.Lock.Replica; r != nil {
		synced = r.SyncedAt
	}
	n.say("gen.failover.node", k, synced)
	was, now := n.prev.Lock.Nodes[k-1], n.f.Lock.Nodes[k-1]
	if was.Holder == "" || now.Grant == was.Grant {
		if n.ev.Result == core.ResultPromoted {
			n.say("gen.failover.kept")
		} else {
			n.say("gen.failover.lost")
		}
		return
	}
	held := 0
	for _, node := range n.f.Lock.Nodes {
		if node.Grant == was.Grant {
			held++
		}
	}
	if n.f.Lock.Grant == was.Grant {
		n.say("gen.failover.node.lost", was.Holder, k, held)
	} else {
		n.say("gen.failover.node.lost.minority", was.Holder, k, held)
	}
}

// leaderChange words a new leader of a service replicated by consensus:
// nothing acknowledged lost, and the lease in force restarted in full.
func (n *noteWriter) leaderChange() {
	n.say("gen.failover.leader", core.ElectionTimeout)
	before, after := n.prev.Lock, n.f.Lock
	if after.Holder == "" || after.Expiry == core.Never {
		return
	}
	// Both ends on the clients' clock (the old leader's may have run
	// ahead of it).
	was := before.Expiry - (before.Now - n.prev.Clock)
	n.say("gen.failover.leader.lease", after.Holder, was, after.Expiry, after.Expiry-was)
	if c, _ := n.f.Client(after.Holder); c.Grant == after.Grant && c.LeaseUntil != core.Never {
		n.say("gen.failover.leader.reckoning", after.Holder, c.LeaseUntil)
	}
}

// versionsRead words the versions a client read, one per resource of f in
// its order: "row-42 (version 2)", and with more resources, each of them.
func versionsRead(l Lang, f core.Frame, versions []int64) string {
	var parts []string
	for i, v := range versions {
		if i < len(f.Resources) {
			parts = append(parts, T(l, "versions.one", f.Resources[i].Name, v))
		}
	}
	return strings.Join(parts, T(l, "versions.and"))
}
