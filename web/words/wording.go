package words

import (
	"slices"
	"strings"

	"dlock/core"
	"dlock/web/state"
)

// ActionText is the monospace label of a frame's event: the action as a
// call or a short line, with what it returned. Each kind of action is
// worded by the part that decides its group's words.
func ActionText(l Lang, f core.Frame) string {
	ev := f.Event
	switch {
	case ev.Result == core.ResultNoService:
		return noServiceText(l, ev)
	case ev.Kind == "":
		return T(l, "action.initial")
	}
	switch ev.Kind {
	case core.ActAcquire, core.ActRenew, core.ActRelease:
		return lockCallText(l, f)
	case core.ActWrite, core.ActRead, core.ActPeek:
		return accessText(l, f)
	case core.ActCheck, core.ActPause, core.ActResume, core.ActCrash:
		return clientText(l, f)
	case core.ActTick, core.ActJump:
		return timeText(l, f)
	case core.ActDeliver:
		return deliveryText(l, f)
	case core.ActRestart, core.ActBackup, core.ActRestore, core.ActSync, core.ActFailover:
		return serviceText(l, f)
	}
	return string(ev.Kind)
}

// noServiceText is an action on a lock service where there is none: it
// does nothing (a clock jump says by how much it would have).
func noServiceText(l Lang, ev core.Event) string {
	if ev.Kind == core.ActJump {
		return T(l, "action.no-service.jump", ev.Ticks)
	}
	return T(l, "action.no-service."+string(ev.Kind))
}

// The parts below each decide the words of one group of actions: which
// message of the catalogue, and what it is told.

// lockCallText is a call to the lock service (acquire, renew, release) and
// its answer: granted with a token, refused, held up on its way, until
// when a renewal extends the lease; without a lock service, an acquire is
// a read of the versions.
func lockCallText(l Lang, f core.Frame) string {
	ev := f.Event
	var key string
	switch ev.Kind {
	case core.ActAcquire:
		if f.Lock.Lockless {
			return versionsText(l, f, ev)
		}
		return acquireText(l, ev)
	case core.ActRelease:
		key = "action.release"
		if ev.Err != nil {
			key = "action.release.refused"
		}
		return T(l, key)
	}
	switch { // a renewal
	case ev.Result == core.ResultSkipped:
		key = "action.renew.skipped"
	case ev.Result == core.ResultHeld:
		key = "action.renew.held"
	case ev.Err != nil:
		key = "action.renew.refused"
	case !f.Lock.TTL:
		key = "action.renew.never"
	case len(f.Lock.Nodes) > 1:
		return T(l, "action.renew.nodes", ev.Nodes)
	default:
		return T(l, "action.renew", f.Lock.Expiry)
	}
	return T(l, key)
}

// accessText is an access to a resource (write, read, peek): the write as
// a call with its token or version, or not sent at all, held up or checked
// and waiting; a read with the token it shows, or none, or the version it
// reads where there is no lock service.
func accessText(l Lang, f core.Frame) string {
	ev := f.Event
	var key string
	switch ev.Kind {
	case core.ActWrite:
		switch {
		case ev.Result == core.ResultSkipped && f.Lock.Lockless:
			key = "action.write.skipped.version"
		case ev.Result == core.ResultSkipped:
			key = "action.write.skipped"
		case ev.Result == core.ResultHeld, ev.Result == core.ResultChecked:
			return T(l, "action.write."+string(ev.Result), writeCall(l, ev))
		default:
			return writeCall(l, ev)
		}
	case core.ActRead:
		switch {
		case f.Lock.Lockless:
			return T(l, "action.read.version", ev.Resource, ev.Version)
		case ev.Result == core.ResultSkipped:
			key = "action.read.skipped"
		case ev.Token == 0:
			return T(l, "action.read.no-token", ev.Resource)
		default:
			return T(l, "action.read", ev.Token, ev.Resource)
		}
	default: // a peek
		switch {
		case ev.Result == core.ResultSkipped:
			key = "action.read.skipped"
		case f.Lock.Lockless:
			return T(l, "action.peek.version", ev.Resource)
		default:
			return T(l, "action.peek", ev.Resource)
		}
	}
	return T(l, key)
}

// clientText is what a client does on its own (check, pause, resume,
// crash): what its own view of its lease says, how long it stops and
// whether a lease ran out meanwhile.
func clientText(l Lang, f core.Frame) string {
	ev := f.Event
	key := "action." + string(ev.Kind)
	switch ev.Kind {
	case core.ActCheck:
		c, _ := f.Client(ev.Client)
		switch {
		case ev.Result == core.ResultNoLock:
			key = "action.check.none"
		case ev.Result == core.ResultExpired:
			key = "action.check.expired"
		case c.LeaseUntil == core.Never:
			key = "action.check.forever"
		default:
			return T(l, "action.check.valid", f.Clock, c.LeaseUntil)
		}
	case core.ActPause:
		if ev.Expired != "" {
			key = "action.pause.expires"
		}
		return T(l, key, ev.Ticks)
	}
	return T(l, key)
}

// timeText is time passing (tick) or a clock jumping (jump): how much,
// whether a lease ran out meanwhile, and whose clock jumped.
func timeText(l Lang, f core.Frame) string {
	ev := f.Event
	key := "action.jump"
	switch {
	case ev.Kind == core.ActTick:
		key = "action.tick"
		if ev.Expired != "" {
			key = "action.tick.expires"
		}
	case len(f.Lock.Nodes) > 1:
		return T(l, "action.jump.node", ev.Node, ev.Ticks)
	case f.Lock.Durable:
		key = "action.jump.replicated"
	}
	return T(l, key, ev.Ticks)
}

// deliveryText is a held message let through: a write or a checked apply
// reaching its resource, a renewal reaching the lock service, or an
// acquire's answer reaching its client (a grant, with its token or none, a
// refusal, or the versions read); or nothing, where nothing was held.
func deliveryText(l Lang, f core.Frame) string {
	ev := f.Event
	var key string
	switch {
	case ev.Result == core.ResultNothing:
		key = "action.deliver.nothing"
	case ev.Delivered == core.MsgWrite:
		return T(l, "action.deliver.write", writeCall(l, ev))
	case ev.Delivered == core.MsgApply:
		return T(l, "action.deliver.apply", writeCall(l, ev))
	case ev.Delivered == core.MsgRenew && ev.Err != nil:
		key = "action.deliver.renew.refused"
	case ev.Delivered == core.MsgRenew && ev.Result == core.ResultRenewed:
		key = "action.deliver.renew"
	case ev.Delivered == core.MsgRenew:
		key = "action.deliver.renew.dropped"
	case ev.Result == core.ResultVersions:
		c, _ := f.Client(ev.Client)
		return T(l, "action.deliver.versions", versionsList(l, f, c.Versions))
	case ev.Grant == 0:
		key = "action.deliver.refused"
	case ev.Token == 0:
		key = "action.deliver.grant-no-token"
	default:
		return T(l, "action.deliver.grant", ev.Token)
	}
	return T(l, key)
}

// serviceText is what befalls the lock service (restart, backup, restore,
// sync, failover): under Redlock, which of its nodes; otherwise what the
// service kept or lost, the token counter it is left with, and, where
// consensus elects a new leader, until when the lease in force now runs.
func serviceText(l Lang, f core.Frame) string {
	ev := f.Event
	if len(f.Lock.Nodes) > 1 {
		return T(l, "action."+string(ev.Kind)+".node", ev.Node)
	}
	var key string
	switch ev.Kind {
	case core.ActBackup:
		key = "action.backup"
	case core.ActRestart:
		key = "action.restart.lost"
		if ev.Result == core.ResultKept {
			key = "action.restart.kept"
		}
	default: // a restore, a sync or a failover
		switch {
		case ev.Result == core.ResultInSync:
			key = "action.sync.consensus"
		case ev.Result == core.ResultLeaderChanged && f.Lock.Holder != "" && f.Lock.Expiry != core.Never:
			return T(l, "action.failover.leader", f.Lock.Expiry)
		case ev.Result == core.ResultLeaderChanged:
			key = "action.failover.leader.none"
		default: // and the token counter it leaves
			return T(l, "action."+string(ev.Kind), f.Lock.Issued)
		}
	}
	return T(l, key)
}

// acquireText is an acquire and the lock service's answer: granted with
// its token (or none, where the service issues none), refused, or held up
// on its way.
func acquireText(l Lang, ev core.Event) string {
	key := "action.acquire"
	switch {
	case ev.Err != nil:
		key += ".refused"
	case ev.Token == 0:
		key += ".no-token"
	}
	if ev.Result == core.ResultHeld {
		key += ".held"
	}
	if ev.Err != nil || ev.Token == 0 {
		return T(l, key)
	}
	return T(l, key, ev.Token)
}

// versionsText is an acquire where there is no lock service: a read of the
// versions, or its reply held up.
func versionsText(l Lang, f core.Frame, ev core.Event) string {
	if ev.Result == core.ResultHeld {
		return T(l, "action.acquire.versions.held")
	}
	c, _ := f.Client(ev.Client)
	return T(l, "action.acquire.versions", versionsList(l, f, c.Versions))
}

// versionsList is the versions a client read, short, in f's resources'
// order: "version 2" for one resource, "row-42 version 2, row-43 version
// 1" for more.
func versionsList(l Lang, f core.Frame, versions []int64) string {
	if len(versions) == 1 {
		return T(l, "action.version", versions[0])
	}
	var parts []string
	for i, v := range versions {
		if i < len(f.Resources) {
			parts = append(parts, f.Resources[i].Name+" "+T(l, "action.version", v))
		}
	}
	return strings.Join(parts, ", ")
}

// writeCall is a write as a call: Write(token 1, "A-value"), or to a
// versioned resource Write(version 2, "A-value"), with the resource when it
// is not the chapter's.
func writeCall(l Lang, ev core.Event) string {
	var s string
	switch {
	case ev.Version != 0:
		s = T(l, "action.write.version", ev.Version, ev.Value)
	case ev.Token == 0:
		s = T(l, "action.write.no-token", ev.Value)
	default:
		s = T(l, "action.write", ev.Token, ev.Value)
	}
	if ev.Resource != "" && ev.Resource != core.Row42 {
		s += " → " + ev.Resource
	}
	return s
}

// ResultWords are the words of the action line's result tag.
func ResultWords(l Lang, ev core.Event) string {
	switch ev.Result {
	case core.ResultAccepted:
		switch {
		case ev.Harm == core.HarmLostUpdate:
			return T(l, "result.lost-update")
		case ev.Write == core.AcceptedStale && ev.Version != 0:
			return T(l, "result.stale-version")
		case ev.Write == core.AcceptedStale:
			return T(l, "result.stale-token")
		case ev.Reordered && ev.Replaced != ev.Client:
			return T(l, "result.reordered.after")
		case ev.Reordered:
			return T(l, "result.reordered")
		}
		return T(l, "result.accepted")
	case core.ResultStale:
		if ev.Version != 0 {
			return T(l, "result.stale."+string(ev.Stale)+".version")
		}
		return T(l, "result.stale."+string(ev.Stale))
	case core.ResultRejected:
		switch ev.Write {
		case core.RejectedNoToken:
			return T(l, "result.noToken")
		case core.RejectedVersion:
			return T(l, "result.rejected.version")
		}
		return T(l, "result.rejected")
	case core.ResultRefused, core.ResultHeld, core.ResultChecked, core.ResultSkipped, core.ResultValid,
		core.ResultExpired, core.ResultStuck, core.ResultLost, core.ResultDropped, core.ResultLateGrant, core.ResultRestored,
		core.ResultNoService, core.ResultSynced, core.ResultInSync, core.ResultPromoted, core.ResultRolledBack,
		core.ResultLeaderChanged:
		return T(l, "result."+string(ev.Result))
	}
	return ""
}

func ClientStateText(l Lang, s core.ClientState) string {
	return T(l, "client."+string(s))
}

// BeliefText says what a client of f believes it holds and until when its
// own view says the lease runs; where resources keep versions, the versions
// it writes with.
func BeliefText(l Lang, f core.Frame, c core.ClientView) string {
	switch {
	case c.Versions != nil && slices.ContainsFunc(c.Versions, func(v int64) bool { return v != 0 }):
		return T(l, "client.versions", versionsList(l, f, c.Versions))
	case c.Versions != nil && f.Lock.Lockless:
		return T(l, "client.versions.none")
	case !c.Holds():
		return T(l, "client.holdsNone")
	case c.Token == 0 && c.LeaseUntil == core.Never:
		return T(l, "client.holds-lock.forever")
	case c.Token == 0:
		return T(l, "client.holds-lock.until", c.LeaseUntil)
	case c.LeaseUntil == core.Never:
		return T(l, "client.holds.forever", c.Token)
	}
	return T(l, "client.holds.until", c.Token, c.LeaseUntil)
}

// MessageText describes a message held up on its way in f.
func MessageText(l Lang, f core.Frame, m core.Message) string {
	switch {
	case m.Kind == core.MsgWrite && m.Version != 0:
		return T(l, "network.write.version", m.ID, m.Client, m.Resource, m.Version, m.Value, m.SentAt)
	case m.Kind == core.MsgApply && m.Version != 0:
		return T(l, "network.apply.version", m.ID, m.Client, m.Resource, m.Version, m.Value, m.SentAt)
	case m.Kind == core.MsgReply && f.Lock.Lockless:
		return T(l, "network.versions", m.ID, m.Client, versionsList(l, f, m.Versions), m.SentAt)
	case m.Kind == core.MsgWrite && m.Token == 0:
		return T(l, "network.write.no-token", m.ID, m.Client, m.Resource, m.Value, m.SentAt)
	case m.Kind == core.MsgWrite:
		return T(l, "network.write", m.ID, m.Client, m.Resource, m.Token, m.Value, m.SentAt)
	case m.Kind == core.MsgApply:
		return T(l, "network.apply", m.ID, m.Client, m.Resource, m.Token, m.Value, m.SentAt)
	case m.Kind == core.MsgRenew:
		return T(l, "network.renew", m.ID, m.Client, m.SentAt)
	case m.Grant == 0:
		return T(l, "network.refusal", m.ID, m.Client, m.SentAt)
	case m.Token == 0:
		return T(l, "network.grant-no-token", m.ID, m.Client, m.SentAt)
	}
	return T(l, "network.grant", m.ID, m.Client, m.Token, m.SentAt)
}

// CellNotes are the small notes under a matrix cell: what happened in its
// run that its verdict does not count, or that the model draws more simply
// than a real service, each a sentence in l.
func CellNotes(l Lang, frames []core.Frame) []string {
	if len(frames) == 0 {
		return nil
	}
	var notes []string
	if reordered(frames) {
		notes = append(notes, T(l, "matrix.note.reordered"))
	}
	for _, f := range frames {
		if f.Event.Kind == core.ActJump && f.Lock.Durable {
			notes = append(notes, T(l, "matrix.note.fast-clock"))
			break
		}
	}
	for _, f := range frames {
		if ev := f.Event; len(f.Lock.Nodes) > 1 && ev.Kind == core.ActWrite && ev.PastOwnLease && !ev.Resumed {
			notes = append(notes, T(l, "matrix.note.past-validity", ev.Client))
			break
		}
	}
	return notes
}

// reordered reports whether the run frames is marked ↺: one holder's own
// writes were applied out of order, and its verdict, which does not count
// that, is not corrupted (where it is, the verdict says more than ↺).
func reordered(frames []core.Frame) bool {
	if len(frames) == 0 {
		return false
	}
	last := frames[len(frames)-1]
	return last.Reordered && last.Verdict != core.Corrupted
}

// BadgeText words the outcome badge's value at step of total.
func BadgeText(l Lang, value string, step, total int) string {
	switch {
	case value == "running" && total == 1:
		return T(l, "badge.empty")
	case value == "running":
		return T(l, "badge.step", step)
	}
	return T(l, "badge."+value)
}

// Announcement is what the live region says of one run (frames, replayed
// under st) after a change of step or mode. In the demo view the book's two
// rows are named by the fencing switch.
func Announcement(l Lang, view state.View, st core.Strategy, frames []core.Frame, step int) string {
	f := frames[step-1]
	action := ActionText(l, f)
	if f.Event.Client != "" {
		action = f.Event.Client + ": " + action
	}
	if words := ResultWords(l, f.Event); words != "" {
		action += " — " + words
	}
	mode := T(l, "strategy."+string(st))
	if view == state.ViewDemo && state.IsBookRow(st) {
		mode = T(l, "announce.fencing."+state.OnOff(st.Fenced()))
	}
	return T(l, "announce", step, len(frames), mode, action, Note(l, frames, step))
}

// SearchHow says how the run a search found under st came to its verdict
// v (with harm h): how it corrupted, or why it is at risk or stuck.
func SearchHow(l Lang, st core.Strategy, v core.Verdict, h core.Harm) string {
	switch {
	case h != "":
		return T(l, "search.how."+string(h))
	case v == core.AtRisk && st.Lockless():
		return T(l, "search.how.at-risk.no-lock")
	}
	return T(l, "search.how."+string(v))
}
