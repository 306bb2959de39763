package core

import "fmt"

// Check verifies, frame by frame, the invariants every run must keep, and
// returns the first violation (nil if there is none):
//
//   - a fenced resource never applies a write whose token is below the
//     maxToken it had before the write;
//   - a lock service whose state is durable never issues a token twice:
//     its tokens strictly increase;
//   - a running client that believes it holds a grant other than the one
//     in force believes in a grant that has ended at the service (expired,
//     released, or forgotten by a restart): the service never lends the
//     lock while an earlier lease is still in force;
//   - once destroyed, a run stays destroyed, and only a lock without TTL
//     gets stuck.
//
// Paused and crashed clients are exempt from the third: believing a lease
// that ended while you were stopped is exactly what the chapter is about.
func Check(frames []Frame) error {
	type grant struct {
		expiry int
		ended  bool
	}
	grants := map[int]*grant{}
	var lastToken int64
	for i, f := range frames {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("step %d: "+format, append([]any{f.Step}, args...)...)
		}
		ev := f.Event
		if i > 0 {
			prev := frames[i-1]
			if ev.Write.Applied() && f.Resource.Fenced && ev.Token < prev.Resource.MaxToken {
				return fail("fenced resource applied token %d below maxToken %d", ev.Token, prev.Resource.MaxToken)
			}
			if prev.Outcome == Destroyed && f.Outcome != Destroyed {
				return fail("outcome went from destroyed to %s", f.Outcome)
			}
		}
		if f.Outcome == Stuck && f.Lock.TTL {
			return fail("stuck although the lock has a TTL")
		}
		granted := ev.Grant != 0 && ev.Kind == ActAcquire && ev.Token != 0
		if granted && f.Lock.Durable {
			if ev.Token <= lastToken {
				return fail("durable service issued token %d after %d", ev.Token, lastToken)
			}
			lastToken = ev.Token
		}
		if granted {
			grants[ev.Grant] = &grant{expiry: Never}
		}
		if g := grants[f.Lock.Grant]; g != nil {
			g.expiry = f.Lock.Expiry
		}
		switch ev.Result {
		case ResultReleased:
			if g := grants[ev.Grant]; g != nil {
				g.ended = true
			}
		case ResultLost:
			for _, g := range grants {
				g.ended = true
			}
		}
		for _, c := range f.Clients {
			if c.State != Running || c.Token == 0 || c.Grant == f.Lock.Grant {
				continue
			}
			g := grants[c.Grant]
			if g == nil {
				return fail("%s believes in grant %d the service never made", c.Name, c.Grant)
			}
			if !g.ended && (g.expiry == Never || f.Clock < g.expiry) {
				return fail("grant %d of running %s is still in force, yet the service shows grant %d", c.Grant, c.Name, f.Lock.Grant)
			}
		}
	}
	return nil
}
