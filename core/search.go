package core

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// SearchOptions says what a counterexample search explores and looks for.
type SearchOptions struct {
	Strategy Strategy
	// MaxDepth is the most actions a run may have.
	MaxDepth int
	// Stuck looks for a run that gets stuck instead of one that corrupts.
	Stuck bool
	// TwoResources adds row-43, which clients can write and read too.
	TwoResources bool
	// ReadsFirst gives every client the habit of showing its token to
	// every resource (a fenced read) right after it acquires the lock, and
	// lets it learn at once whether it got it (no reply is held up): the
	// discipline that closes the gap of a stale write landing before the
	// new holder's first. (A client that does not know it holds the lock
	// cannot show its token.)
	ReadsFirst bool
}

// Search looks, breadth first, through every run of two clients (A and B)
// over a small alphabet of actions, and finds the shortest one whose
// verdict is corrupted (or stuck): acquire (its reply delivered at once or
// held), write (to each resource, delivered at once or held), a fenced read,
// a check of one's own lease, pauses of 5 and 10 ticks, release, crash, 5
// and 10 ticks passing, the delivery of a held message, a restart of the
// lock service and a clock jump of 10. Runs that reach a state already seen
// are not explored again. It works in slices (Run), so a page can yield
// between them; it is pure and deterministic.
type Search struct {
	opts     SearchOptions
	frontier []*searchNode
	next     []*searchNode
	cursor   int // next node of the frontier to expand
	seen     map[string]bool
	states   int
	depth    int // depth completed
	found    *searchNode
	done     bool
}

type searchNode struct {
	w      *world
	parent *searchNode
	action Action
	depth  int
}

// SearchResult says where a search stands.
type SearchResult struct {
	Done   bool
	Found  bool
	Script string // the run found, as a script (see ParseScript)
	Length int    // its actions
	States int    // distinct states explored
	Depth  int    // every run of up to this many actions has been explored
}

// NewSearch prepares a search. It fails on an unknown strategy or a depth
// below 1.
func NewSearch(opts SearchOptions) (*Search, error) {
	if !opts.Strategy.Valid() {
		return nil, fmt.Errorf("%w: %q", ErrUnknownStrategy, opts.Strategy)
	}
	if opts.MaxDepth < 1 {
		return nil, fmt.Errorf("search depth %d: it must be 1 or more", opts.MaxDepth)
	}
	root := &searchNode{w: newWorld(searchScenario(opts), opts.Strategy)}
	s := &Search{opts: opts, frontier: []*searchNode{root}, seen: map[string]bool{root.w.key(): true}, states: 1}
	return s, nil
}

func searchScenario(opts SearchOptions) Scenario {
	sc := Scenario{ID: "search", Resources: []string{Row42}, Clients: []string{"A", "B"}}
	if opts.TwoResources {
		sc.Resources = append(sc.Resources, Row43)
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
		s.cursor++
		for _, a := range s.alphabet(n) {
			w := n.w.clone()
			if _, err := w.step(a); err != nil {
				continue // not a move this state allows
			}
			if s.opts.ReadsFirst && a.Kind == ActAcquire && a.Hold == "" {
				if c := w.client(a.Client); c.Holds() {
					for _, r := range w.resources {
						w.step(Action{Kind: ActRead, Client: a.Client, Resource: r.Name})
					}
				}
			}
			child := &searchNode{w: w, parent: n, action: a, depth: n.depth + 1}
			if s.broken(w) {
				s.found, s.done = child, true
				s.depth = child.depth
				return true
			}
			k := w.key()
			if s.seen[k] {
				continue
			}
			s.seen[k] = true
			s.states++
			budget--
			s.next = append(s.next, child)
		}
	}
	return s.done
}

// broken reports whether a run in state w has the verdict looked for.
func (s *Search) broken(w *world) bool {
	if !s.opts.Stuck {
		return w.stale
	}
	g, token := w.inForce()
	if g == 0 {
		return false
	}
	if c := w.client(w.holders[g]); c != nil && c.State == Crashed && !w.st.TTL() {
		return true
	}
	for _, r := range w.resources {
		if r.Fenced() && token != 0 && r.MaxToken() > token {
			return true
		}
	}
	return false
}

// alphabet is every action the search tries from n: each client's plain
// actions first, then time, restarts and jumps, then the deliveries and the
// held variants, so that among runs of one length the plainest is found.
func (s *Search) alphabet(n *searchNode) []Action {
	id := "m" + strconv.Itoa(n.depth+1)
	var out, held []Action
	for _, c := range []string{"A", "B"} {
		out = append(out, Action{Kind: ActAcquire, Client: c, Lease: BookLease})
		if !s.opts.ReadsFirst {
			held = append(held, Action{Kind: ActAcquire, Client: c, Lease: BookLease, Hold: id})
		}
		for _, r := range n.w.resources {
			res := ""
			if r.Name != Row42 {
				res = r.Name
			}
			out = append(out,
				Action{Kind: ActWrite, Client: c, Value: c, Resource: res},
				Action{Kind: ActRead, Client: c, Resource: res},
			)
			held = append(held, Action{Kind: ActWrite, Client: c, Value: c, Resource: res, Hold: id})
		}
		out = append(out,
			Action{Kind: ActCheck, Client: c},
			Action{Kind: ActPause, Client: c, Ticks: 5},
			Action{Kind: ActPause, Client: c, Ticks: BookLease},
			Action{Kind: ActRelease, Client: c},
			Action{Kind: ActCrash, Client: c},
		)
	}
	out = append(out,
		Action{Kind: ActTick, Ticks: 5},
		Action{Kind: ActTick, Ticks: BookLease},
		Action{Kind: ActRestart},
		Action{Kind: ActJump, Ticks: BookLease},
	)
	for _, m := range n.w.network {
		out = append(out, Action{Kind: ActDeliver, Message: m.ID})
	}
	return append(out, held...)
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
		if s.opts.ReadsFirst && a.Kind == ActAcquire && a.Hold == "" {
			for _, res := range sc.Resources {
				read := Action{Kind: ActRead, Client: a.Client}
				if res != Row42 {
					read.Resource = res
				}
				sc.Steps = append(sc.Steps, Step{Action: read})
			}
		}
	}
	r.Found, r.Script, r.Length = true, ScriptOf(sc), len(sc.Steps)
	return r
}

// clone copies w, so that a step on the copy leaves w as it was.
func (w *world) clone() *world {
	c := *w
	c.nodes = make([]*LockService, len(w.nodes))
	for i, n := range w.nodes {
		cp := *n
		c.nodes[i] = &cp
	}
	c.resources = make([]*Resource, len(w.resources))
	for i, r := range w.resources {
		cp := *r
		c.resources[i] = &cp
	}
	c.nodeGrant = slices.Clone(w.nodeGrant)
	c.newest = slices.Clone(w.newest)
	c.clients = slices.Clone(w.clients)
	c.network = slices.Clone(w.network)
	c.holders = maps.Clone(w.holders)
	return &c
}

// key names w's state for the search: what decides every future of the
// run. Times are counted from now, and a lease that has ended is only
// "ended": two states that differ in nothing else behave alike. What the
// resources hold (their data) and how many writes they counted do not
// decide anything and are left out.
func (w *world) key() string {
	b := make([]byte, 0, 256)
	num := func(n int64) { b = strconv.AppendInt(b, n, 10); b = append(b, ',') }
	str := func(s string) { b = append(b, s...); b = append(b, ',') }
	rel := func(t, now int) {
		switch {
		case t == Never:
			str("never")
		case t <= now:
			str("ended")
		default:
			num(int64(t - now))
		}
	}
	num(int64(w.grants))
	if w.stale {
		str("stale")
	}
	for i, n := range w.nodes {
		h, tok := n.Holder()
		b = append(b, '|')
		num(int64(n.Now() - w.now))
		str(h)
		num(tok)
		num(int64(w.nodeGrant[i]))
		rel(n.Expiry(), n.Now())
		num(n.issued)
		num(n.token)
	}
	for i, r := range w.resources {
		b = append(b, '|')
		num(r.MaxToken())
		num(int64(w.newest[i]))
	}
	for _, c := range w.clients {
		b = append(b, '|')
		str(string(c.State))
		num(int64(c.Grant))
		num(c.Token)
		rel(c.LeaseUntil, w.now)
	}
	for _, m := range w.network {
		b = append(b, '|')
		str(m.ID)
		str(string(m.Kind))
		str(m.Client)
		str(m.Resource)
		num(m.Token)
		num(int64(m.Grant))
		num(int64(m.Lease))
		num(int64(m.SentAt - w.now))
	}
	b = append(b, '|')
	for g := 1; g <= w.grants; g++ {
		str(w.holders[g])
	}
	return string(b)
}
