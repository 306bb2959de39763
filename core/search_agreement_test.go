package core

import (
	"bytes"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
)

// depthKeyed makes s key its states as the depth-bounded search did before
// the abstraction (appendDepthKey).
func depthKeyed(s *Search) *Search {
	s.keyOf = func(w *world) []byte {
		s.keys[0] = w.appendDepthKey(s.keys[0][:0], false)
		if len(s.renamings) == 1 {
			return s.keys[0] // clients that reckon differently are not mirrors
		}
		s.keys[1] = w.appendDepthKey(s.keys[1][:0], true)
		if bytes.Compare(s.keys[1], s.keys[0]) < 0 {
			return s.keys[1]
		}
		return s.keys[0]
	}
	s.seen = newKeySet()
	s.seen.add(s.keyOf(s.frontier[0].w))
	return s
}

// What a search tells, in numbers, to compare two searches.
type searchTold struct {
	found, length int // found: 1 or 0
	verdict       Verdict
	harm          Harm
	// first is, per verdict, the length of the shortest run explored that
	// came to it (0 for none).
	first [4]int
}

func tellOf(s *Search) searchTold {
	for !s.Run(10000) {
	}
	r := s.Result()
	out := searchTold{verdict: r.Verdict, harm: r.Harm}
	if r.Found {
		out.found, out.length = 1, r.Length
	}
	for v, n := range s.first {
		if n != nil {
			out.first[v] = n.depth
		}
	}
	return out
}

// closedRows are the searches to closure of each row (two clients, the
// default alphabet, DefaultMaxHeld held at most), made once for the tests
// that compare them with another checker.
var closedRows struct {
	sync.Mutex
	told map[Strategy]searchTold
}

func closedRow(t *testing.T, st Strategy) searchTold {
	closedRows.Lock()
	defer closedRows.Unlock()
	if told, ok := closedRows.told[st]; ok {
		return told
	}
	told := tellOf(mustNewSearch(t, SearchOptions{Strategy: st, Closure: true, MaxHeld: DefaultMaxHeld}))
	if closedRows.told == nil {
		closedRows.told = map[Strategy]searchTold{}
	}
	closedRows.told[st] = told
	return told
}

// worst is the worst verdict a search came to.
func (t searchTold) worst() Verdict {
	for v := len(t.first) - 1; v > 0; v-- {
		if t.first[v] != 0 {
			return verdicts[v]
		}
	}
	return Safe
}

// upTo is what a search that explored runs of up to depth actions would
// tell of t, a search's that may have gone further.
func (t searchTold) upTo(depth int) searchTold {
	if t.length > depth {
		t.found, t.length, t.verdict, t.harm = 0, 0, "", ""
	}
	for v, d := range t.first {
		if d > depth {
			t.first[v] = 0
		}
	}
	return t
}

// The abstraction (stateKey) is held to the key the depth-bounded search
// had before it (appendDepthKey), which merged only states alike in every
// number. For every row, over the default alphabet of two clients, with
// at most two messages held up at once: the search to closure and the
// depth-bounded search (to depth 8) agree on whether each goal is reached
// within 8 actions, on the shortest run's length (the first run to come to
// each verdict, and the corrupting run the search stops at, with its
// harm). With sync and failover too, the two depth-bounded searches agree
// up to 6 actions. And with no bound on the messages held, the
// abstraction's depth-bounded search agrees with the former one wherever
// it is cheap to run (every row but the two that nothing corrupts).
func TestSearchAbstractionAgreesWithTheDepthBoundedSearch(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("explores about 350,000 states with the former key, about 20 s")
	}
	if runtime.GOOS == "js" {
		t.Skip("the same Go code as natively, where make test runs it; under Node it would take minutes")
	}
	const depth, held = 8, DefaultMaxHeld
	for _, st := range Strategies() {
		t.Run(string(st), func(t *testing.T) {
			t.Parallel()
			closed := closedRow(t, st)
			bounded := tellOf(depthKeyed(mustNewSearch(t, SearchOptions{Strategy: st, MaxDepth: depth, MaxHeld: held})))
			if got := closed.upTo(depth); got != bounded {
				t.Errorf("%d held at most: to closure %+v, up to %d actions %+v; the depth-bounded search %+v", held, closed, depth, got, bounded)
			}
			if st.Replica() || st.Durable() {
				// With sync and failover: the replica, what a sync adds to
				// a lease it copies, the leader change's longer lease.
				// Looking for stuck, which only the rows that fence reach,
				// the others explore every run (to 6 actions: 7 takes
				// Redlock's former key 10 s).
				opts := SearchOptions{Strategy: st, MaxDepth: 6, MaxHeld: held, Failover: true, Goal: Stuck}
				abstract := tellOf(mustNewSearch(t, opts))
				former := tellOf(depthKeyed(mustNewSearch(t, opts)))
				if abstract != former {
					t.Errorf("with sync and failover, up to %d actions: the abstraction %+v, the former key %+v", opts.MaxDepth, abstract, former)
				}
			}
			if st == Consensus || st == Optimistic {
				return
			}
			abstract := tellOf(mustNewSearch(t, SearchOptions{Strategy: st, MaxDepth: depth}))
			former := tellOf(depthKeyed(mustNewSearch(t, SearchOptions{Strategy: st, MaxDepth: depth})))
			if abstract != former {
				t.Errorf("any number held: the abstraction %+v, the former key %+v", abstract, former)
			}
		})
	}
}

// appendDepthKey is the key the depth-bounded search had before the state
// key learnt the abstraction (stateKey): it writes token values, each
// node's clock offset from the clients', and every held message, so a
// search with it ends only at its depth. The agreement test holds the
// abstraction to it. It appends the key to b, with the two clients
// swapped when mirror is set.
func (w *world) appendDepthKey(b []byte, mirror bool) []byte {
	name := func(c string) string {
		if mirror && len(w.clients) == 2 {
			switch c {
			case w.clients[0].Name:
				return w.clients[1].Name
			case w.clients[1].Name:
				return w.clients[0].Name
			}
		}
		return c
	}
	// Ranks of the grants the state mentions.
	mentioned := []int{w.grants}
	for i, n := range w.nodes {
		if h, _ := n.Holder(); h != "" {
			mentioned = append(mentioned, w.nodeGrant[i])
		}
	}
	for i := range w.resources {
		mentioned = append(mentioned, w.newest[i])
		for _, m := range w.reads[i] {
			mentioned = append(mentioned, m.grant)
		}
	}
	for _, c := range w.clients {
		mentioned = append(mentioned, c.Grant)
	}
	for _, m := range w.network {
		mentioned = append(mentioned, m.Grant)
	}
	if h, _ := w.replica.Holder(); w.hasReplica && h != "" {
		mentioned = append(mentioned, w.replicaGrant)
	}
	slices.Sort(mentioned)
	mentioned = slices.Compact(mentioned)
	rank := func(g int) int64 {
		if g == 0 {
			return 0
		}
		r, _ := slices.BinarySearch(mentioned, g)
		if mentioned[0] == 0 {
			return int64(r)
		}
		return int64(r + 1)
	}

	num := func(n int64) { b = strconv.AppendInt(b, n, 10); b = append(b, ',') }
	str := func(s string) { b = append(b, s...); b = append(b, ',') }
	rel := func(t, now int) {
		switch {
		case t == Never:
			str("never")
		case leaseSpan{t}.Ended(now):
			str("ended")
		default:
			num(int64(t - now))
		}
	}
	num(rank(w.grants))
	for i, n := range w.nodes {
		b = append(b, '|')
		num(int64(n.Now() - w.now))
		num(n.issued)
		if n.delayed() {
			num(int64(n.delay - (n.clock - n.expiry)))
		}
		if h, tok := n.Holder(); h != "" {
			str(name(h))
			num(tok)
			num(rank(w.nodeGrant[i]))
			rel(n.Expiry(), n.Now())
			num(int64(n.lease)) // what a leader change restarts the lease at
			if c := w.client(w.holders[w.nodeGrant[i]]); c != nil && c.State == Crashed {
				str("crashed")
			}
		}
	}
	// The replica, what a failover would hand the service (its clock is
	// the clients', so its times are relative to now), and whether the
	// service has failed over, after which neither sync nor failover is a
	// move.
	if w.hasReplica {
		r := &w.replica
		b = append(b, '|', 'r')
		num(r.issued)
		if r.delayed() {
			num(int64(r.delay - (r.clock - r.expiry)))
		}
		if h, tok := r.Holder(); h != "" {
			str(name(h))
			num(tok)
			num(rank(w.replicaGrant))
			rel(r.Expiry(), r.Now())
			num(int64(r.lease))
		}
	}
	if w.failedOver {
		str("|failed-over")
	}
	for i, r := range w.resources {
		b = append(b, '|')
		num(r.MaxToken())
		num(rank(w.newest[i]))
		for _, m := range w.reads[i] {
			num(rank(m.grant))
			if m.missed {
				str("missed")
			}
		}
	}
	version := func(i int, v int64) byte {
		switch {
		case v == 0:
			return '-'
		case v == w.resources[i].Version():
			return '='
		}
		return '<'
	}
	clients := w.clients
	if mirror && len(clients) == 2 {
		clients = []ClientView{clients[1], clients[0]}
	}
	for _, c := range clients {
		b = append(b, '|')
		if c.State == Crashed {
			str("crashed")
		}
		num(rank(c.Grant))
		num(c.Token)
		rel(c.LeaseUntil, w.now)
		for i, v := range c.Versions {
			b = append(b, version(i, v))
		}
	}
	msgs := make([]string, 0, len(w.network))
	for _, m := range w.network {
		mb := []byte(string(m.Kind) + "," + name(m.Client) + "," + m.Resource + ",")
		mb = strconv.AppendInt(mb, m.Token, 10)
		mb = append(mb, ',')
		mb = strconv.AppendInt(mb, rank(m.Grant), 10)
		if m.Version != 0 {
			j, _ := w.resource(m.Resource)
			mb = append(mb, ',', version(j, m.Version))
		}
		for j, v := range m.Versions {
			mb = append(mb, version(j, v))
		}
		if m.Kind == MsgReply || m.Kind == MsgRenew {
			mb = append(mb, ',')
			// Where a client counting from its request puts the end (the
			// search's A may count from the reply; then this only keys
			// more finely than it must).
			if end, err := leaseFrom(m.SentAt, m.Lease); err != nil || end.Ended(w.now) {
				mb = append(mb, "late"...)
			} else {
				mb = strconv.AppendInt(mb, int64(end.End-w.now), 10)
			}
		}
		msgs = append(msgs, string(mb))
	}
	slices.Sort(msgs)
	for _, m := range msgs {
		b = append(b, '|')
		str(m)
	}
	return b
}
