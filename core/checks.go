package core

import "fmt"

// Check verifies a run, frame by frame, with code of its own (it does not
// call Replay's judge), and returns the first violation, nil if none:
//
//   - lock service: no node lends the lock while an earlier grant is in
//     force by that node's own clock; a grant ends only when that clock
//     reaches its expiry, when its holder releases it, or when a node that
//     keeps its state in memory restarts. The grant a frame says is in force
//     is the one a quorum of nodes holds;
//   - tokens: every grant's token is larger than the one before, as long as
//     the counter survives (always on a replicated service, between restarts
//     on a single node); without tokens, grants carry none;
//   - clients believe only in grants the service made to them;
//   - resources: a fenced resource that checks atomically never applies a
//     token below its maxToken;
//   - verdict: each frame's verdict, and each write's stale kind, are the
//     ones recomputed from the events: corrupted once a write made under a
//     grant older than the newest issued was applied; otherwise stuck when
//     a crashed client holds a lock without TTL, or a fenced resource has
//     seen a larger token than the holder's; otherwise safe.
func Check(frames []Frame) error {
	issued := 0                      // the newest grant made so far
	holderOf := map[int]string{}     // grant → the client it went to
	var lastToken int64              // the last token issued since the counter was last lost
	newestWriter := map[string]int{} // resource → newest grant that applied a write to it
	stale := false
	for i, f := range frames {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("step %d: "+format, append([]any{f.Step}, args...)...)
		}
		ev := f.Event

		// Grants and their tokens.
		if ev.Kind == ActAcquire && ev.Grant != 0 {
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

		// The nodes: no grant displaced while in force.
		if err := checkNodes(frames, i, issued); err != nil {
			return fail("%v", err)
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
				if r.Writes == prev.Writes {
					if r.Data != prev.Data {
						return fail("%s changed its data without applying a write", r.Name)
					}
					continue
				}
				if applied || ev.Resource != r.Name || !ev.Write.Applied() || (ev.Kind != ActWrite && ev.Kind != ActDeliver) {
					return fail("%s applied a write the event does not show", r.Name)
				}
				applied = true
				if r.Fenced && r.Atomic && ev.Token < prev.MaxToken {
					return fail("fenced resource %s applied token %d below maxToken %d", r.Name, ev.Token, prev.MaxToken)
				}
			}
		}

		// The verdict, recomputed.
		var kind StaleKind
		if applied {
			if ev.Grant < issued {
				kind = BeforeNewHolder
				if newestWriter[ev.Resource] > ev.Grant {
					kind = Overwrote
				}
				stale = true
			}
			newestWriter[ev.Resource] = max(newestWriter[ev.Resource], ev.Grant)
		}
		if ev.Stale != kind {
			return fail("the write's stale kind is %q, recomputed %q", ev.Stale, kind)
		}
		if want := recomputeVerdict(stale, f); f.Verdict != want {
			return fail("verdict %q, recomputed %q", f.Verdict, want)
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
		ended := prev.Expiry != Never && cur.Clock >= prev.Expiry
		released := ev.Kind == ActRelease && ev.Result == ResultReleased && ev.Client == prev.Holder
		forgotten := ev.Kind == ActRestart && ev.Result == ResultLost && ev.Node == n+1
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
func recomputeVerdict(stale bool, f Frame) Verdict {
	if stale {
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
	return Safe
}
