package core

import (
	"fmt"
	"slices"
)

// Check verifies a run, frame by frame, with code of its own (it does not
// call Replay's judge), and returns the first violation, nil if none:
//
//   - lock service: no node lends the lock while an earlier grant is in
//     force by that node's own clock; a grant ends only when that clock
//     reaches its expiry, when its holder releases it, or when a node that
//     keeps its state in memory restarts, or when a node is restored from a
//     backup. The grant a frame says is in force
//     is the one a quorum of nodes holds;
//   - tokens: every grant's token is larger than the one before, as long as
//     the counter survives (on a replicated service always but through a
//     restore, which puts back the backup's counter; between restarts on a
//     single node), and the frame's counter is the last token issued;
//     without tokens, grants carry none;
//   - lock-delay: after a lease lapses without a release, its node grants
//     nothing until the delay has passed by its clock;
//   - clients believe only in grants the service made to them;
//   - writes: numbered in the order they are sent; a write that overwrites
//     a later-sent write of its own grant is marked reordered, and so is
//     the run from then on;
//   - resources: a fenced resource that checks atomically never applies a
//     token below its maxToken; maxToken changes only with an applied write
//     or a read that shows that token; a peek changes nothing;
//   - versions (see checkVersions): a versioned row starts at version 1
//     and goes up by one with each applied write and only then; it
//     applies a write only if the write carries its version (when it
//     checks atomically), and refuses only one that does not; a client
//     writes with the version it last read or produced, never one above
//     the row's;
//   - without a lock service, no node holds anything, and each read of
//     versions (an acquire, or a read) is the next grant;
//   - verdict: each frame's verdict and harm, and each write's stale kind
//     and harm, are the ones recomputed from the events, per resource:
//     corrupted once a write made under grant g was applied after a write
//     under a newer grant (overwrite), or once the holder of g' read, a
//     write under an older grant landed, and the holder of g' wrote (lost
//     update); otherwise stuck when a crashed client holds a lock without
//     TTL, or a fenced resource has seen a larger token than the holder's;
//     otherwise at risk once a write made under a grant older than the
//     newest issued was applied; otherwise safe.
func Check(frames []Frame) error {
	issued := 0                          // the newest grant made so far
	holderOf := map[int]string{}         // grant → the client it went to
	var lastToken int64                  // the last token issued since the counter was last lost
	var backupToken int64                // the last token issued when the last backup was taken
	newestWriter := map[string]int{}     // resource → newest grant that applied a write to it
	readers := map[string]map[int]bool{} // resource → grant that read it before writing → a late write landed since
	lapsed := map[int]int{}              // node → expiry of the lease that last lapsed there, while its delay may run
	newestSent := map[string]int{}       // resource → latest sending among the applied writes of its newest grant
	sent := 0                            // the writes sent so far
	var harm Harm                        // the run's first harm
	late := false                        // a write of an older grant landed after a newer grant
	reordered := false                   // a write overwrote a later write of its own grant
	for i, f := range frames {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("step %d: "+format, append([]any{f.Step}, args...)...)
		}
		ev := f.Event

		// Grants and their tokens. Without a lock service a read of
		// versions counts as one.
		readsVersions := f.Lock.Lockless && (ev.Kind == ActAcquire || ev.Kind == ActRead && ev.Result == ResultAccepted)
		if readsVersions && ev.Grant == 0 {
			return fail("a read of versions counts as no grant")
		}
		if ev.Kind == ActAcquire && ev.Grant != 0 || readsVersions {
			if ev.Grant != issued+1 {
				return fail("grant %d follows grant %d", ev.Grant, issued)
			}
			issued = ev.Grant
			holderOf[ev.Grant] = ev.Client
			switch {
			case !f.Lock.Tokens && ev.Token != 0:
				return fail("grant %d carries token %d, but this service issues none", ev.Grant, ev.Token)
			case f.Lock.Tokens && ev.Token <= lastToken:
				return fail("token %d issued after token %d while the counter survived", ev.Token, lastToken)
			}
			lastToken = ev.Token
		}
		if ev.Kind == ActRestart && ev.Result == ResultLost {
			if f.Lock.Durable {
				return fail("a replicated service lost its state in a restart")
			}
			lastToken = 0
		}
		switch ev.Kind {
		case ActBackup:
			backupToken = lastToken
		case ActRestore:
			lastToken = backupToken
		}

		// Versions, and the lock service's absence.
		if err := checkVersions(frames, i); err != nil {
			return fail("%v", err)
		}

		// The nodes: no grant displaced while in force.
		if err := checkNodes(frames, i, issued); err != nil {
			return fail("%v", err)
		}

		// Lock-delay.
		if i > 0 {
			for n, cur := range f.Lock.Nodes {
				prev := frames[i-1].Lock.Nodes[n]
				if (ev.Kind == ActRestart && ev.Result == ResultLost || ev.Kind == ActRestore) && ev.Node == n+1 {
					delete(lapsed, n)
				}
				if prev.Grant != 0 && cur.Grant != prev.Grant {
					if (LeaseSpan{prev.Expiry}).Ended(cur.Clock) && prev.Expiry != Never {
						lapsed[n] = prev.Expiry
					} else {
						delete(lapsed, n) // released, or forgotten in a restart
					}
				}
				if cur.Grant != 0 && cur.Grant != prev.Grant {
					if end, ok := lapsed[n]; ok && cur.Clock-end < f.Lock.LockDelay {
						return fail("node %d granted %d at t=%d, within its lock-delay of %d after a lease lapsed at %d", n+1, cur.Grant, cur.Clock, f.Lock.LockDelay, end)
					}
					delete(lapsed, n)
				}
			}
		}

		// Clients believe only in their own grants.
		for _, c := range f.Clients {
			if c.Grant != 0 && holderOf[c.Grant] != c.Name {
				return fail("%s believes in grant %d, which the service made to %q", c.Name, c.Grant, holderOf[c.Grant])
			}
		}

		// Resources.
		applied := false // a resource applied the event's write in this step
		if i > 0 {
			for j, r := range f.Resources {
				prev := frames[i-1].Resources[j]
				if r.MaxToken != prev.MaxToken {
					showed := ev.Resource == r.Name && ev.Token == r.MaxToken &&
						(ev.Kind == ActRead || (ev.Kind == ActWrite || ev.Kind == ActDeliver) && ev.Write.Applied())
					if !showed || r.MaxToken < prev.MaxToken {
						return fail("%s's maxToken went from %d to %d, and the event shows no such token", r.Name, prev.MaxToken, r.MaxToken)
					}
				}
				if r.Writes == prev.Writes {
					if r.Data != prev.Data || r.Grant != prev.Grant {
						return fail("%s changed its data without applying a write", r.Name)
					}
					continue
				}
				if applied || ev.Resource != r.Name || !ev.Write.Applied() || (ev.Kind != ActWrite && ev.Kind != ActDeliver) {
					return fail("%s applied a write the event does not show", r.Name)
				}
				applied = true
				if r.Grant != ev.Grant || r.Writer != holderOf[ev.Grant] {
					return fail("%s says its value was written under grant %d by %q, the event's is %d", r.Name, r.Grant, r.Writer, ev.Grant)
				}
				if ev.Replaced != prev.Writer {
					return fail("the write is said to replace %q's value, %s held %q's", ev.Replaced, r.Name, prev.Writer)
				}
				if r.Fenced && r.Atomic && ev.Token < prev.MaxToken {
					return fail("fenced resource %s applied token %d below maxToken %d", r.Name, ev.Token, prev.MaxToken)
				}
			}
		}

		// Writes are numbered in the order they are sent.
		switch {
		case ev.Kind == ActWrite && ev.Result != ResultSkipped:
			if sent++; ev.Sent != sent {
				return fail("a write numbered %d is write %d to be sent", ev.Sent, sent)
			}
		case ev.Kind == ActDeliver && (ev.Delivered == MsgWrite || ev.Delivered == MsgApply):
			if ev.Sent < 1 || ev.Sent > sent {
				return fail("a write numbered %d arrives, of %d sent", ev.Sent, sent)
			}
		case ev.Sent != 0:
			return fail("a %s carries the write number %d", ev.Kind, ev.Sent)
		}

		// The verdict, recomputed.
		res := ev.Resource
		read := func(res string) {
			if newestWriter[res] < ev.Grant {
				if readers[res] == nil {
					readers[res] = map[int]bool{}
				}
				readers[res][ev.Grant] = false // a read sees every write so far
			}
		}
		switch {
		case (ev.Kind == ActRead || ev.Kind == ActPeek) && ev.Write == Accepted:
			read(res)
		case readsVersions: // an acquire reads every resource
			for _, r := range f.Resources {
				read(r.Name)
			}
		}
		var kind StaleKind
		var evHarm Harm
		evReordered := false
		overwritten := ""
		if applied {
			missed, read := readers[res][ev.Grant]
			switch {
			case newestWriter[res] > ev.Grant:
				evHarm, overwritten = HarmOverwrite, holderOf[newestWriter[res]]
			case read && missed:
				evHarm = HarmLostUpdate
			}
			delete(readers[res], ev.Grant)
			if ev.Grant < issued {
				late = true
				kind = BeforeNewHolder
				if evHarm == HarmOverwrite {
					kind = Overwrote
				}
				newestReader := 0
				for g := range readers[res] {
					if g > ev.Grant {
						readers[res][g] = true
						newestReader = max(newestReader, g)
					}
				}
				if want := holderOf[newestReader]; ev.MissedBy != want {
					return fail("the late write is said to land after %q's read, recomputed %q", ev.MissedBy, want)
				}
			}
			switch {
			case ev.Grant > newestWriter[res]:
				newestWriter[res], newestSent[res] = ev.Grant, ev.Sent
			case ev.Grant == newestWriter[res] && ev.Sent < newestSent[res]:
				evReordered, reordered = true, true
			case ev.Grant == newestWriter[res]:
				newestSent[res] = ev.Sent
			}
			if harm == "" {
				harm = evHarm
			}
		}
		if ev.Reordered != evReordered || f.Reordered != reordered {
			return fail("the write is said reordered %v (the run %v), recomputed %v (%v)", ev.Reordered, f.Reordered, evReordered, reordered)
		}
		if ev.Overwritten != overwritten {
			return fail("the write is said to overwrite %q's value, recomputed %q", ev.Overwritten, overwritten)
		}
		if ev.Stale != kind || ev.Harm != evHarm {
			return fail("the write's stale kind and harm are %q and %q, recomputed %q and %q", ev.Stale, ev.Harm, kind, evHarm)
		}
		if f.Harm != harm {
			return fail("the run's harm is %q, recomputed %q", f.Harm, harm)
		}
		if want := recomputeVerdict(harm != "", late, f); f.Verdict != want {
			return fail("verdict %q, recomputed %q", f.Verdict, want)
		}
		if f.Lock.Tokens && f.Lock.Issued != lastToken {
			return fail("the service's counter reads %d, the last token issued is %d", f.Lock.Issued, lastToken)
		}
	}
	return nil
}

// checkNodes verifies frame i's nodes against frame i-1's: a grant a node
// held in force may give way only once it has ended. It also checks that
// the grant said to be in force is held by a quorum.
func checkNodes(frames []Frame, i, issued int) error {
	f := frames[i]
	held := map[int]int{}
	for n, cur := range f.Lock.Nodes {
		if cur.Grant > issued {
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
		ended := LeaseSpan{prev.Expiry}.Ended(cur.Clock)
		released := ev.Kind == ActRelease && ev.Result == ResultReleased && ev.Client == prev.Holder
		forgotten := (ev.Kind == ActRestart && ev.Result == ResultLost || ev.Kind == ActRestore) && ev.Node == n+1
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

// recomputeVerdict is Check's own reading of a frame's verdict.
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

// checkVersions verifies frame i's versions against frame i-1's: a
// versioned row starts at 1 and gains one with each applied write; one
// that checks atomically applies exactly the writes that carry its
// version, and any refuses exactly those that do not; clients write with
// the version they last read or produced, and none holds a version above
// the row's. Without a lock service, nothing is held at any node.
func checkVersions(frames []Frame, i int) error {
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
