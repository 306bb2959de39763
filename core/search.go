package core

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
)

// DefaultMaxHeld is the bound on the messages held up at once that a
// search to closure is run with (SearchOptions.MaxHeld) by make prove and
// the page: the most for which every row's search closes within minutes.
const DefaultMaxHeld = 2

// SearchOptions says what a counterexample search explores and looks for.
type SearchOptions struct {
	Strategy Strategy
	// MaxDepth is the most actions a run may have, unless Closure.
	MaxDepth int
	// Closure searches until no state is left unexplored, whatever the
	// length of the runs (MaxDepth is then not read): with nothing found,
	// no run of any length over the alphabet has the goal. It ends only
	// where the state key is finite (see stateKey), or when the goal is
	// found.
	Closure bool
	// Clients is how many clients act: 2 (A and B; 0 means 2) or 3 (A, B
	// and C).
	Clients int
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
	// MaxHeld, if above 0, is the most messages held up at once: a held
	// action is tried only while fewer are. A message whose delivery can
	// no longer change anything (see world.live) is not counted. A search
	// to closure needs it: with any number held at once the states have no
	// bound.
	MaxHeld int
	// Failover adds a failover where the row's lock service can fail
	// over (a replica takes over, or consensus elects a new leader), and a
	// sync where it has an asynchronous replica. They are not in the
	// default alphabet: the chapter's actions have none, and where the row
	// has a replica, sync makes the state key infinite (see stateKey), so a
	// search to closure there ends only when it finds its goal.
	Failover bool
	// Without leaves these kinds of action out of the alphabet (an
	// exercise that asks for a run without a pause or a crash).
	Without []ActionKind
}

// Search looks, breadth first, through every run of two clients (A and B,
// or three with C) over a small alphabet of actions, and finds the
// shortest one whose verdict is the goal: acquire (its reply delivered at
// once or held), write (to each resource, delivered at once or held), a
// read that shows the token (and, with Peek, one that does not), a check
// of one's own lease, pauses of 5 and 10 ticks, release, crash, 5 and 10
// ticks passing, the delivery of a held message, a restart of the lock
// service and a clock jump of 10; with Renew, renewals (delivered or
// held); with Partial, Redlock acquires that reach only some nodes; with
// Failover, a sync and a failover. Every lease asked for is 10 ticks. No
// action combines an acquire with an access to a resource. Runs that
// reach a state already seen (by its key, see stateKey) are not explored
// again, so a search that has explored every state it can reach has
// closed: with nothing found, no run of any length has the goal. It works
// in slices (Run), so a page can yield between them; it is pure and
// deterministic.
type Search struct {
	opts     SearchOptions
	frontier []*searchNode
	next     []*searchNode
	cursor   int     // next node of the frontier to expand
	seen     *keySet // the keys of the states explored or to explore
	states   int
	// renamings are the clients' renamings a state's key is the smallest
	// of (the first is none), and keyer writes it.
	renamings []renaming
	keyer     stateKey
	// keyOf is the key: key, but for a test that holds it to another.
	keyOf func(w *world) []byte
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
	closed      bool // the frontier is empty: every state reachable explored
	// first holds, per verdict (verdictRank), the first state reached with
	// it: the end of a shortest run that comes to it.
	first [4]*searchNode
}

type searchNode struct {
	w      *world // nil once expanded: only its path is kept
	parent *searchNode
	action Action
	depth  int
}

// SearchResult says where a search stands.
type SearchResult struct {
	Done bool
	// Closed: every state reachable was explored, so with nothing found no
	// run of any length has the goal.
	Closed  bool
	Found   bool
	Script  string  // the run found, as a script (see ParseScript)
	Length  int     // its actions
	Verdict Verdict // the run's verdict
	Harm    Harm    // how it corrupted its resource, if it did
	States  int     // distinct states explored
	Depth   int     // every run of up to this many actions has been explored
	// Worst is the worst verdict a run explored came to (the run found
	// included), and WorstScript the shortest such run, of WorstLength
	// actions: once Closed, the worst any run of any length comes to.
	Worst       Verdict
	WorstScript string
	WorstLength int
}

// NewSearch prepares a search. It fails on an unknown strategy or goal, on
// a depth below 1 (unless to closure), on a search to closure with no
// bound on the messages held, and on other than 2 or 3 clients.
func NewSearch(opts SearchOptions) (*Search, error) {
	if !opts.Strategy.Valid() {
		return nil, fmt.Errorf("%w: %q", errUnknownStrategy, opts.Strategy)
	}
	switch {
	case opts.Closure && opts.MaxHeld < 1:
		return nil, fmt.Errorf("search to closure with %d messages held at once: it needs 1 or more", opts.MaxHeld)
	case opts.MaxDepth < 1 && !opts.Closure:
		return nil, fmt.Errorf("search depth %d: it must be 1 or more", opts.MaxDepth)
	}
	switch opts.Clients {
	case 0:
		opts.Clients = 2
	case 2, 3:
	default:
		return nil, fmt.Errorf("search of %d clients: it searches 2 or 3", opts.Clients)
	}
	switch opts.Goal {
	case "":
		opts.Goal = Corrupted
	case Corrupted, AtRisk, Stuck:
	default:
		return nil, fmt.Errorf("search goal %q: it is %s, %s or %s", opts.Goal, Corrupted, AtRisk, Stuck)
	}
	root := &searchNode{w: newWorld(searchScenario(opts), opts.Strategy)}
	s := &Search{opts: opts, frontier: []*searchNode{root}, seen: newKeySet(), states: 1}
	s.first[0] = root
	s.plain, s.held = searchAlphabet(root.w, opts)
	s.keyer = newStateKey(opts.Strategy, s.plain)
	s.renamings = renamings(root.w.clients)
	s.keyOf = s.key
	s.seen.add(s.keyOf(root.w))
	return s, nil
}

// renaming is a permutation of the clients: the key writes client
// order[i] in i-th place, and each name as names maps it.
type renaming struct {
	names [][2]string // each client's name, and the name it is written as
	order []int
}

// renamings are the permutations of clients that keep each client's
// discipline (a client counting from replies is no mirror of one counting
// from requests), the identity first.
func renamings(clients []ClientView) []renaming {
	n := len(clients)
	var out []renaming
	var perms func(p []int, used int)
	perms = func(p []int, used int) {
		if len(p) == n {
			r := renaming{order: slices.Clone(p)}
			for i, j := range p {
				if clients[i].Discipline != clients[j].Discipline {
					return
				}
				r.names = append(r.names, [2]string{clients[j].Name, clients[i].Name})
			}
			out = append(out, r)
			return
		}
		for j := range n {
			if used&(1<<j) == 0 {
				perms(append(p, j), used|1<<j)
			}
		}
	}
	perms(make([]int, 0, n), 0)
	return out
}

// key is w's key: the smallest of its renamings' (see stateKey), in one of
// the search's two buffers, valid until the next call.
func (s *Search) key(w *world) []byte {
	s.keyer.of(w)
	s.keys[0] = s.keyer.appendTo(s.keys[0][:0], s.renamings[0])
	for _, r := range s.renamings[1:] {
		s.keys[1] = s.keyer.appendTo(s.keys[1][:0], r)
		if bytes.Compare(s.keys[1], s.keys[0]) < 0 {
			s.keys[0], s.keys[1] = s.keys[1], s.keys[0]
		}
	}
	return s.keys[0]
}

func searchScenario(opts SearchOptions) Scenario {
	sc := Scenario{ID: "search", Resources: []string{Row42}, Clients: []string{"A", "B"}}
	if opts.Clients == 3 {
		sc.Clients = append(sc.Clients, "C")
	}
	if opts.TwoResources {
		sc.Resources = append(sc.Resources, Row43)
	}
	if opts.FromReply {
		sc.FromReply = []string{"A"}
	}
	return sc
}

// Run expands up to budget more states (tries every action from each) and
// reports whether the search is over (found, every run up to MaxDepth
// explored, or closed). A state's expansion takes about the same time
// however many new states it finds, so a budget bounds a slice's time.
func (s *Search) Run(budget int) bool {
	for budget > 0 && !s.done {
		if s.cursor == len(s.frontier) {
			s.depth++
			s.frontier, s.next, s.cursor = s.next, nil, 0
			switch {
			case len(s.frontier) == 0:
				s.done, s.closed = true, true
			case !s.opts.Closure && s.depth >= s.opts.MaxDepth:
				s.done = true
			}
			continue
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
			var child *searchNode
			if v := verdictRank(w.Verdict(w.stuck())); s.first[v] == nil {
				child = &searchNode{parent: n, action: a, depth: n.depth + 1}
				s.first[v] = child
			}
			if s.broken(w) {
				if child == nil {
					child = &searchNode{parent: n, action: a, depth: n.depth + 1}
				}
				child.w, s.found, s.done = w, child, true
				s.depth = n.depth + 1
				return true
			}
			if !s.seen.add(s.keyOf(w)) {
				s.free = append(s.free, w)
				continue
			}
			if child == nil {
				child = &searchNode{parent: n, action: a, depth: n.depth + 1}
			}
			if !s.opts.Closure && child.depth >= s.opts.MaxDepth {
				s.free = append(s.free, w) // at the depth: never expanded
			} else {
				child.w = w
			}
			s.states++
			s.next = append(s.next, child)
		}
		budget--
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

// verdicts are the verdicts from the best to the worst (Verdict's order).
var verdicts = [4]Verdict{Safe, AtRisk, Stuck, Corrupted}

// verdictRank is v's place in verdicts.
func verdictRank(v Verdict) int {
	switch v {
	case AtRisk:
		return 1
	case Stuck:
		return 2
	case Corrupted:
		return 3
	}
	return 0
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
	for _, client := range w.clients {
		c := client.Name
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
	if opts.Failover {
		if opts.Strategy.Replica() {
			plain = append(plain, Action{Kind: ActSync})
		}
		if opts.Strategy.Replica() || opts.Strategy.Durable() {
			plain = append(plain, Action{Kind: ActFailover})
		}
	}
	without := func(a Action) bool { return slices.Contains(opts.Without, a.Kind) }
	return slices.DeleteFunc(plain, without), slices.DeleteFunc(held, without)
}

// Alphabet is every action the search tries, in its order: the plain
// actions, and those it also tries held up (with Hold set to a message id
// when tried). Between them it tries the delivery of each held message.
func (s *Search) Alphabet() (plain, held []Action) {
	return slices.Clone(s.plain), slices.Clone(s.held)
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
	if s.opts.MaxHeld > 0 {
		live := 0
		for _, m := range n.w.network {
			if n.w.live(m) {
				live++
			}
		}
		if live >= s.opts.MaxHeld {
			s.scratch = out
			return out
		}
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
	r := SearchResult{Done: s.done, Closed: s.closed, States: s.states, Depth: s.depth}
	for v := len(s.first) - 1; v >= 0; v-- {
		if n := s.first[v]; n != nil {
			r.Worst, r.WorstLength = verdicts[v], n.depth
			r.WorstScript = s.script(n)
			break
		}
	}
	if s.found == nil {
		return r
	}
	w := s.found.w
	r.Found, r.Script, r.Length, r.Harm = true, s.script(s.found), s.found.depth, w.harm
	r.Verdict = w.Verdict(w.stuck())
	return r
}

// script is the run that ends in n, as a script.
func (s *Search) script(n *searchNode) string {
	sc := searchScenario(s.opts)
	for ; n.parent != nil; n = n.parent {
		sc.Steps = append(sc.Steps, Step{Action: n.action})
	}
	slices.Reverse(sc.Steps)
	return sc.Script()
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
