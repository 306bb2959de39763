package core

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
)

// SearchOptions says what a counterexample search explores and looks for.
type SearchOptions struct {
	Strategy Strategy
	// MaxDepth is the most actions a run may have.
	MaxDepth int
	// Goal is the verdict looked for: Corrupted ("" means it too); AtRisk,
	// a run at risk or corrupted (a late write landed); or Stuck.
	Goal Verdict
	// TwoResources adds row-43, which clients can write and read too.
	TwoResources bool
	// Peek adds reads that do not show the token (ActPeek). Without it,
	// every read shows the holder's token, as a client of a fenced
	// resource should.
	Peek bool
	// Renew adds renewals, delivered at once or held (a partition between
	// the client and the lock service).
	Renew bool
	// Partial adds, under Redlock, acquires that reach only nodes 1–3 or
	// only nodes 3–5 (a partition): the algorithm's own cases, a restart
	// of node 3 or a jump of its clock, need them. With one node it adds
	// nothing.
	Partial bool
	// FromReply makes A count its lease from when a reply arrives
	// (FromReply) rather than from its request; B still counts from its
	// request. Under Redlock the algorithm counts from the request
	// whatever the client would (Strategy.CountsFromRequest).
	FromReply bool
	// Without leaves these kinds of action out of the alphabet (an
	// exercise that asks for a run without a pause or a crash).
	Without []ActionKind
}

// Search looks, breadth first, through every run of two clients (A and B)
// over a small alphabet of actions, and finds the shortest one whose
// verdict is the goal: acquire (its reply delivered at once or held), write
// (to each resource, delivered at once or held), a read that shows the
// token (and, with Peek, one that does not), a check of one's own lease,
// pauses of 5 and 10 ticks, release, crash, 5 and 10 ticks passing, the
// delivery of a held message, a restart of the lock service and a clock
// jump of 10; with Renew, renewals (delivered or held); with Partial,
// Redlock acquires that reach only some nodes. Every lease asked for is
// 10 ticks. No action combines an acquire with an access to a resource.
// Runs that reach a state already seen are not explored again. It works in
// slices (Run), so a page can yield between them; it is pure and
// deterministic.
type Search struct {
	opts     SearchOptions
	frontier []*searchNode
	next     []*searchNode
	cursor   int // next node of the frontier to expand
	seen     map[string]bool
	states   int
	// The alphabet: the plain actions and the held ones (Hold set per
	// depth), built once; scratch holds one state's actions, and keys the
	// two buffers a state's key is written into.
	plain, held []Action
	ids         []string
	scratch     []Action
	keys        [2][]byte
	depth       int // depth completed
	found       *searchNode
	free        []*world // worlds no longer needed, whose memory copies reuse
	done        bool
}

type searchNode struct {
	w      *world // nil once expanded: only its path is kept
	parent *searchNode
	action Action
	depth  int
}

// SearchResult says where a search stands.
type SearchResult struct {
	Done    bool
	Found   bool
	Script  string  // the run found, as a script (see ParseScript)
	Length  int     // its actions
	Verdict Verdict // the run's verdict
	Harm    Harm    // how it corrupted its resource, if it did
	States  int     // distinct states explored
	Depth   int     // every run of up to this many actions has been explored
}

// NewSearch prepares a search. It fails on an unknown strategy or a depth
// below 1.
func NewSearch(opts SearchOptions) (*Search, error) {
	if !opts.Strategy.Valid() {
		return nil, fmt.Errorf("%w: %q", errUnknownStrategy, opts.Strategy)
	}
	if opts.MaxDepth < 1 {
		return nil, fmt.Errorf("search depth %d: it must be 1 or more", opts.MaxDepth)
	}
	switch opts.Goal {
	case "":
		opts.Goal = Corrupted
	case Corrupted, AtRisk, Stuck:
	default:
		return nil, fmt.Errorf("search goal %q: it is %s, %s or %s", opts.Goal, Corrupted, AtRisk, Stuck)
	}
	root := &searchNode{w: newWorld(searchScenario(opts), opts.Strategy)}
	s := &Search{opts: opts, frontier: []*searchNode{root}, seen: map[string]bool{}, states: 1}
	s.seen[string(s.key(root.w))] = true
	s.plain, s.held = searchAlphabet(root.w, opts)
	return s, nil
}

func searchScenario(opts SearchOptions) Scenario {
	sc := Scenario{ID: "search", Resources: []string{Row42}, Clients: []string{"A", "B"}}
	if opts.TwoResources {
		sc.Resources = append(sc.Resources, Row43)
	}
	if opts.FromReply {
		sc.FromReply = []string{"A"}
	}
	return sc
}

// Run explores up to budget more states and reports whether the search is
// over (found, or every run up to MaxDepth explored).
func (s *Search) Run(budget int) bool {
	for budget > 0 && !s.done {
		if s.cursor == len(s.frontier) {
			s.depth++
			if len(s.next) == 0 || s.depth >= s.opts.MaxDepth {
				s.done = true
				break
			}
			s.frontier, s.next, s.cursor = s.next, nil, 0
		}
		n := s.frontier[s.cursor]
		s.frontier[s.cursor] = nil
		s.cursor++
		for _, a := range s.alphabet(n) {
			w := n.w.cloneInto(s.spare())
			if _, err := w.step(a); err != nil {
				s.free = append(s.free, w)
				continue // not a move this state allows
			}
			if s.broken(w) {
				s.found, s.done = &searchNode{w: w, parent: n, action: a, depth: n.depth + 1}, true
				s.depth = n.depth + 1
				return true
			}
			k := s.key(w)
			if s.seen[string(k)] { // no allocation for the lookup
				s.free = append(s.free, w)
				continue
			}
			child := &searchNode{w: w, parent: n, action: a, depth: n.depth + 1}
			s.seen[string(k)] = true
			s.states++
			budget--
			s.next = append(s.next, child)
		}
		// Its children have their own worlds; the path needs only its
		// action.
		s.free = append(s.free, n.w)
		n.w = nil
	}
	return s.done
}

// spare is a world no longer needed, for a copy (nil for none).
func (s *Search) spare() *world {
	if len(s.free) == 0 {
		return nil
	}
	w := s.free[len(s.free)-1]
	s.free = s.free[:len(s.free)-1]
	return w
}

// broken reports whether a run in state w has the verdict looked for.
func (s *Search) broken(w *world) bool {
	switch s.opts.Goal {
	case Corrupted:
		return w.harm != ""
	case AtRisk:
		return w.late
	}
	return w.stuck()
}

// searchAlphabet is every action the search tries, in its order: each
// client's plain actions first, then time, restarts and jumps; then (per
// state) the deliveries; then the held variants, so that among runs of one
// length the plainest is found.
func searchAlphabet(w *world, opts SearchOptions) (plain, held []Action) {
	for _, c := range []string{"A", "B"} {
		acquires := []Action{{Kind: ActAcquire, Client: c, Lease: BookLease}}
		if opts.Partial && len(w.nodes) > 1 {
			acquires = append(acquires,
				Action{Kind: ActAcquire, Client: c, Lease: BookLease, Nodes: []int{1, 2, 3}},
				Action{Kind: ActAcquire, Client: c, Lease: BookLease, Nodes: []int{3, 4, 5}})
		}
		plain = append(plain, acquires...)
		held = append(held, acquires...)
		if opts.Renew {
			plain = append(plain, Action{Kind: ActRenew, Client: c, Lease: BookLease})
			held = append(held, Action{Kind: ActRenew, Client: c, Lease: BookLease})
		}
		for _, r := range w.resources {
			res := ""
			if r.Name != Row42 {
				res = r.Name
			}
			plain = append(plain,
				Action{Kind: ActWrite, Client: c, Value: c, Resource: res},
				Action{Kind: ActRead, Client: c, Resource: res},
			)
			if opts.Peek {
				plain = append(plain, Action{Kind: ActPeek, Client: c, Resource: res})
			}
			held = append(held, Action{Kind: ActWrite, Client: c, Value: c, Resource: res})
		}
		plain = append(plain,
			Action{Kind: ActCheck, Client: c},
			Action{Kind: ActPause, Client: c, Ticks: 5},
			Action{Kind: ActPause, Client: c, Ticks: BookLease},
			Action{Kind: ActRelease, Client: c},
			Action{Kind: ActCrash, Client: c},
		)
	}
	plain = append(plain,
		Action{Kind: ActTick, Ticks: 5},
		Action{Kind: ActTick, Ticks: BookLease},
		Action{Kind: ActRestart},
		Action{Kind: ActJump, Ticks: BookLease},
	)
	without := func(a Action) bool { return slices.Contains(opts.Without, a.Kind) }
	return slices.DeleteFunc(plain, without), slices.DeleteFunc(held, without)
}

// alphabet is every action the search tries from n, in searchAlphabet's
// order, in a slice reused from state to state. A crashed client does
// nothing, so its actions are left out.
func (s *Search) alphabet(n *searchNode) []Action {
	for len(s.ids) <= n.depth+1 {
		s.ids = append(s.ids, "m"+strconv.Itoa(len(s.ids)))
	}
	id := s.ids[n.depth+1]
	out := s.scratch[:0]
	acts := func(a Action) bool { return a.Client == "" || n.w.client(a.Client).State != Crashed }
	for _, a := range s.plain {
		if acts(a) {
			out = append(out, a)
		}
	}
	for _, m := range n.w.network {
		out = append(out, Action{Kind: ActDeliver, Message: m.ID})
	}
	for _, a := range s.held {
		if acts(a) {
			a.Hold = id
			out = append(out, a)
		}
	}
	s.scratch = out
	return out
}

// Result says where the search stands, with the run found as a script.
func (s *Search) Result() SearchResult {
	r := SearchResult{Done: s.done, States: s.states, Depth: s.depth}
	if s.found == nil {
		return r
	}
	var path []Action
	for n := s.found; n.parent != nil; n = n.parent {
		path = append(path, n.action)
	}
	slices.Reverse(path)
	sc := searchScenario(s.opts)
	for _, a := range path {
		sc.Steps = append(sc.Steps, Step{Action: a})
	}
	w := s.found.w
	r.Found, r.Script, r.Length, r.Harm = true, ScriptOf(sc), len(sc.Steps), w.harm
	r.Verdict = w.Verdict(w.stuck())
	return r
}

// clone copies w, so that a step on the copy leaves w as it was.
func (w *world) clone() *world { return w.cloneInto(nil) }

// cloneInto copies w into c, a world no longer needed, and returns it: as
// clone, but in c's memory where it fits (a search steps millions of
// copies and keeps few). c must share no slice with a world still in use
// but those never changed in place (the ledger's holders, backups,
// versions); nil makes a new world.
func (w *world) cloneInto(c *world) *world {
	if c == nil || len(c.nodes) != len(w.nodes) || len(c.resources) != len(w.resources) {
		c = &world{}
		// One allocation for all nodes, and one for all resources.
		nodes := make([]LockService, len(w.nodes))
		c.nodes = make([]*LockService, len(w.nodes))
		for i := range nodes {
			c.nodes[i] = &nodes[i]
		}
		resources := make([]Resource, len(w.resources))
		c.resources = make([]*Resource, len(w.resources))
		for i := range resources {
			c.resources[i] = &resources[i]
		}
	}
	mine := *c
	*c = *w
	c.nodes, c.resources = mine.nodes, mine.resources
	for i, n := range w.nodes {
		*c.nodes[i] = *n
	}
	for i, r := range w.resources {
		*c.resources[i] = *r
	}
	c.nodeGrant = append(mine.nodeGrant[:0], w.nodeGrant...)
	c.written = append(mine.written[:0], w.written...)
	c.backups = append(mine.backups[:0], w.backups...) // a backup is never changed, only replaced
	c.backupGrant = append(mine.backupGrant[:0], w.backupGrant...)
	c.clients = append(mine.clients[:0], w.clients...)
	c.network = append(mine.network[:0], w.network...)
	c.Ledger = w.Ledger.cloneInto(mine.Ledger)
	return c
}

// key names w's state for the search: what decides every future of the
// run, and nothing else, so that states that behave alike are explored
// once. It reduces the state in four ways, each sound for the goals the
// search looks for:
//
//   - times are counted from now, and a lease that has ended is only
//     "ended"; a held reply is only "late" once its lease has ended by the
//     careful client's reckoning, and a held write's sending time is
//     dropped (nothing reads it);
//   - a version (a client's, a held write's or a held reply's) is only
//     "the row's" or "older" (or none): a version was read from the row,
//     or produced there, and the row's only grows, so only equality
//     decides anything, and an older version never matches again;
//   - grants are renamed by rank among the grants the state still
//     mentions, with the newest issued last: only their order and equality
//     decide anything, and a new grant is always the newest;
//   - what no future reads is left out: the data and write counters of
//     resources, an ended lease's holder and token, whether a client is
//     idle, running or paused (a paused client wakes when it acts, and the
//     search has no resume), the holders of grants no node holds, message
//     ids and the order of held messages, and the verdict so far (a state
//     with the verdict looked for ends the search);
//   - clients are symmetric: the state and its mirror (A and B swapped)
//     have one key, the smaller of the two, unless they count their
//     leases differently (SearchOptions.FromReply).
//
// It writes the key into one of the search's two buffers and returns it:
// valid until the next call.
func (s *Search) key(w *world) []byte {
	s.keys[0] = w.appendKey(s.keys[0][:0], false)
	if len(w.clients) != 2 || w.clients[0].Discipline != w.clients[1].Discipline {
		return s.keys[0] // clients that reckon differently are not mirrors
	}
	s.keys[1] = w.appendKey(s.keys[1][:0], true)
	if bytes.Compare(s.keys[1], s.keys[0]) < 0 {
		return s.keys[1]
	}
	return s.keys[0]
}

// appendKey appends the key to b, with the two clients swapped when mirror
// is set.
func (w *world) appendKey(b []byte, mirror bool) []byte {
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
