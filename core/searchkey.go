package core

import (
	"bytes"
	"slices"
	"strconv"
)

// tokenKeying is how the search's key writes fencing tokens.
type tokenKeying int

const (
	// tokensIgnored: no resource checks a token, so no rule compares two
	// (an unfenced resource applies any write, and only a fenced one makes
	// a run stuck): the key leaves tokens out.
	tokensIgnored tokenKeying = iota
	// tokensByOrder: the counter never goes back, so every token alive is
	// at most the counter and every new one is larger than all of them:
	// only their order decides anything, and the key writes ranks.
	tokensByOrder
	// tokensByValue: the counter can go back (a restart of a node that
	// keeps it in memory, a restore), and the next tokens count up from
	// where it went back to: each token alive will be compared with those,
	// so its value decides which new token equals it. The key writes
	// values, and is not finite.
	tokensByValue
)

// tokenKeyingFor is how a search of st over alphabet must key tokens: by
// value if an action of the alphabet can take the counter back (a restore,
// a restart of a node that keeps it in memory, a failover to a replica
// that copied an older one).
func tokenKeyingFor(st Strategy, alphabet []Action) tokenKeying {
	if !st.Fenced() {
		return tokensIgnored
	}
	for _, a := range alphabet {
		if a.Kind == ActRestore || a.Kind == ActRestart && !st.Durable() || a.Kind == ActFailover && st.Replica() {
			return tokensByValue
		}
	}
	return tokensByOrder
}

// newStateKey makes the key of a search of st over alphabet.
func newStateKey(st Strategy, alphabet []Action) stateKey {
	return stateKey{
		tokens: tokenKeyingFor(st, alphabet),
		syncs:  st.Replica() && st.TTL() && slices.ContainsFunc(alphabet, func(a Action) bool { return a.Kind == ActSync }),
	}
}

// stateKey writes the search's key of a state: what decides the state's
// futures under the model, and nothing else, so that states with one key
// are explored once. Two states with one key can take the same actions,
// and each action leads them to states with one key again (or, where it
// delivers a message the key leaves out, to a state with the key they
// had); and they agree on every goal the search looks for (harm, a late
// write, stuck). So the shortest run to a goal is as long from either,
// and a search that has explored every key reachable has explored every
// future of every run: with no goal found, no run of any length reaches
// one.
//
// The argument, rule by rule. A rule of the model reads a number in one of
// four ways, and the key keeps exactly what each can tell apart:
//
//   - Grants (the ledger's numbering) are only compared, for order and
//     equality, with 0 for none: a write is late if its grant is below the
//     newest issued, and overwrites if below the resource's newest; a read
//     mark answers the write of its own grant; a renewal renews the nodes
//     that hold its grant; a client holds a lock if its grant is not 0. A
//     new grant is always the newest. So the key writes each grant's rank
//     among the grants some rule can still compare (the newest issued,
//     each node's held grant, each resource's newest, each client's, each
//     live held message's), and leaves out a read mark whose grant no
//     client holds or will hear of: no write or read under it can come.
//   - Tokens are compared with each other, and with 1 (below it is "no
//     token"); the counter steps up by one per grant, and a restart of a
//     node that keeps it in memory sets it to 0. See tokenKeying: where no
//     resource checks tokens nothing compares them; where the counter never
//     goes back, ranks among the tokens alive (the counter among them, the
//     largest) are exact; where it can go back, values are.
//   - Times are compared only within one clock: a node's lease with that
//     node's clock (in force, lock-delay), a client's belief and a held
//     reply's lease with the clients' clock. No rule compares a node's
//     clock with the clients' (only the frames show both), so each time is
//     written relative to its own clock, and the offset between clocks,
//     which every jump makes larger, is left out (but see the replica
//     below). Every lease asked for is the search's (10 ticks), a leader
//     change restarts one at that plus ElectionTimeout, and time only
//     moves forward, so what is left of a lease is 1 to 11 ticks, or it
//     has ended, for good: "ended" is all the key says of it. A restart
//     that forgets a node's lease leaves its expiry at 0, ended at any
//     clock (clocks start at 0 and grow). A node's lease length is read
//     only by a leader change, and is always the search's.
//   - The replica (where the faulty node is a primary with an
//     asynchronous replica, until the failover) is read only by a
//     failover, which makes it that node: it is keyed as a node is, its
//     counter, and its holder in force with the grant, token and lease
//     left, by its own clock, which is the clients' (a jump does not move
//     it). A sync copies the primary's lease end, a time on the primary's
//     clock, and the replica reads it by its own: what is left of it there
//     is what is left on the primary plus how far the primary's clock is
//     ahead of the clients'. That offset is the one number here that
//     compares two clocks, so where the alphabet has sync (and leases
//     end), the key writes it (stateKey.syncs); every jump adds a lease to
//     it, so that key is not finite (a lease copied with an offset of 20
//     lasts 10 ticks longer on the replica than one copied with 10, so no
//     cap keeps the futures). Without sync the replica never changes from
//     what it began with (nothing held, no token issued). Whether the
//     service has failed over is keyed: it fails over once at most. When
//     it last synced is only for the page.
//   - Versions (the optimistic row) are only compared for equality with
//     the row's, which only grows: the key says whether a version is the
//     row's, an older one (never equal again), or none.
//
// What no rule reads is left out: values; the resources' counts and which
// grant's value each holds; message ids and the order of held messages (a
// delivery names its message); who sent a held write (the ledger judges
// it by its grant); write numbers (they decide only whether a write is
// reordered, which no goal looks for); the holder, token and expiry of a
// node whose lease has ended (a renewal is refused whoever held it, and
// nothing else reads them, but a lock-delay, keyed while it runs); whether
// a client is idle, running or paused (a paused client wakes when it acts,
// and the search has no resume); what a crashed client believed (it
// forgot); and the verdict so far (it only grows, and the search judges
// each state as it reaches it). So is a held message whose delivery can
// change nothing (world.live): a refused reply, a reply its client will
// drop (crashed) or find ended (counting from its request), a crashed
// client's renewal, and a write the resource will refuse whenever it comes
// (its token below maxToken, which never falls, or its version older than
// the row's).
//
// What makes the key finite is a bound on the messages held up at once
// (SearchOptions.MaxHeld), which the model itself does not have: a client
// may hold up as many writes as it likes, and after every jump or restart
// another held acquire can be granted, each held reply with a grant of its
// own. With the bound, grants and tokens alive are a bounded number,
// times and versions take a few values each, and so does the key. The
// bound counts only live messages, so the key decides which held actions
// the alphabet offers.
//
// Two absolute limits are read by the model and not by the key: a clock
// or a token counter about to overflow an int stops the action. Reaching
// either takes more than 10^17 actions; "any length" means any length
// short of that.
//
// Clients are symmetric: the key of a state is the smallest of its keys
// under every renaming of the clients, unless they count their leases
// differently (SearchOptions.FromReply).
type stateKey struct {
	tokens tokenKeying
	// syncs: the alphabet has sync, under a row whose leases end and
	// whose faulty node has a replica: the key writes how far that node's
	// clock is ahead of the clients'.
	syncs bool
	w     *world // the state being keyed
	b     []byte // the key being written
	// names maps a client's name to the one it is written as (a renaming
	// of the clients).
	names [][2]string
	// writers are the grants a client may still write or read under (a
	// client's, a live reply's or held write's), and 0; others the other
	// grants a rule compares for equality (a node's in force, a live
	// renewal's); tokensAlive the tokens a rule can still compare (as
	// ints, whose sort the page has already: a token is at most the
	// counter, far below 2^31 in any search). All
	// sorted, for ranks, and the same under every renaming.
	writers     []int
	others      []int
	tokensAlive []int
	// Scratch for sorting the held messages.
	spans  [][2]int
	sorted []byte
}

// of makes k key w: it collects the grants and tokens a future can still
// compare.
func (k *stateKey) of(w *world) {
	k.w = w
	writers := append(k.writers[:0], 0)
	others := k.others[:0]
	t := append(k.tokensAlive[:0], 0)
	for i, n := range w.nodes {
		if h, tok := n.Holder(); h != "" {
			others = append(others, w.nodeGrant[i])
			t = append(t, int(tok))
		}
		t = append(t, int(n.issued))
	}
	if w.hasReplica {
		if h, tok := w.replica.Holder(); h != "" {
			others = append(others, w.replicaGrant)
			t = append(t, int(tok))
		}
		t = append(t, int(w.replica.issued))
	}
	for _, r := range w.resources {
		t = append(t, int(r.MaxToken()))
	}
	for _, c := range w.clients {
		writers = append(writers, c.Grant)
		t = append(t, int(c.Token))
	}
	for _, m := range w.network {
		if !w.live(m) {
			continue
		}
		t = append(t, int(m.Token))
		if m.Kind == MsgRenew {
			others = append(others, m.Grant)
		} else {
			writers = append(writers, m.Grant) // a reply's client will write under it
		}
	}
	slices.Sort(writers)
	k.writers = slices.Compact(writers)
	kept := others[:0]
	for _, g := range others {
		if _, ok := slices.BinarySearch(k.writers, g); !ok {
			kept = append(kept, g)
		}
	}
	others = kept
	slices.Sort(others)
	k.others = slices.Compact(others)
	slices.Sort(t)
	k.tokensAlive = slices.Compact(t)
}

// appendTo appends the key of the state k was made of (see of) to b, with
// the clients renamed by r.
func (k *stateKey) appendTo(b []byte, r renaming) []byte {
	k.b, k.names = b, r.names
	k.lockService()
	k.resources()
	k.clients(r.order)
	k.network()
	return k.b
}

// live reports whether delivering m can still change anything.
func (w *world) live(m Message) bool {
	switch m.Kind {
	case MsgReply:
		c := w.client(m.Client)
		if c.State == Crashed || m.Grant == 0 {
			return false
		}
		if w.st.Lockless() || !w.st.TTL() || c.Discipline == FromReply {
			return true
		}
		end, err := leaseFrom(m.SentAt, m.Lease)
		return err == nil && !end.Ended(w.now)
	case MsgRenew:
		return w.client(m.Client).State != Crashed
	case MsgWrite:
		_, r := w.resource(m.Resource)
		switch {
		case !r.Atomic() || !r.Fenced() && !r.Versioned():
			return true
		case r.Versioned():
			return m.Version == r.Version()
		}
		return m.Token >= 1 && m.Token >= r.MaxToken()
	}
	return true // an apply is applied whatever it carries
}

func (k *stateKey) num(n int64) {
	k.b = strconv.AppendInt(k.b, n, 10)
	k.b = append(k.b, ',')
}

func (k *stateKey) str(s string) {
	k.b = append(k.b, s...)
	k.b = append(k.b, ',')
}

func (k *stateKey) name(c string) {
	for _, n := range k.names {
		if n[0] == c {
			c = n[1]
			break
		}
	}
	k.str(c)
}

// grant writes a grant g some client may still write or read under (or
// 0): its rank among those.
func (k *stateKey) grant(g int) {
	r, _ := slices.BinarySearch(k.writers, g)
	k.num(int64(r))
}

// since writes where a grant g no client will write under again falls
// among those they will (a resource's newest, the newest issued): the rank
// of the largest not above it, and '+' if g is above it. A grant above 0
// and below every one a client holds is as good as 0: every write and
// read to come is under a larger grant.
func (k *stateKey) since(g int) {
	r, found := slices.BinarySearch(k.writers, g)
	if !found {
		r--
		if r > 0 {
			k.b = append(k.b, '+')
		}
	}
	k.num(int64(r))
}

// label writes a grant only compared for equality (a node's in force, a
// renewal's): its rank among those clients may write under if it is one,
// else its rank among the others, after '#'.
func (k *stateKey) label(g int) {
	if r, ok := slices.BinarySearch(k.writers, g); ok {
		k.num(int64(r))
		return
	}
	r, _ := slices.BinarySearch(k.others, g)
	k.b = append(k.b, '#')
	k.num(int64(r))
}

// token writes t as tokenKeying says.
func (k *stateKey) token(t int64) {
	switch k.tokens {
	case tokensByOrder:
		r, _ := slices.BinarySearch(k.tokensAlive, int(t))
		k.num(int64(r))
	case tokensByValue:
		k.num(t)
	}
}

// left writes what is left of a lease ending at end by a clock at now:
// "never", "ended", or the ticks left.
func (k *stateKey) left(end, now int) {
	switch {
	case end == Never:
		k.str("never")
	case leaseSpan{end}.Ended(now):
		k.str("ended")
	default:
		k.num(int64(end - now))
	}
}

// lockService decides who may be granted the lock, which writes are late,
// and what a renewal, a release and the stuck rule find: the newest grant
// issued, and each node's holder in force, its grant, token and lease by
// the node's own clock, and its counter. A node with no lease in force is
// only free (with the lock-delay left, while it runs). Then what a
// failover would make of the faulty node: its replica, alike, and whether
// the service has failed over.
func (k *stateKey) lockService() {
	w := k.w
	k.since(w.grants)
	for i, n := range w.nodes {
		k.b = append(k.b, '|')
		k.node(n, w.nodeGrant[i])
	}
	if w.hasReplica {
		k.b = append(k.b, "|r"...)
		k.node(&w.replica, w.replicaGrant)
		if k.syncs {
			// What a sync adds to a lease it copies.
			k.num(int64(w.nodes[w.faulty()].Now() - w.now))
		}
	}
	if w.failedOver {
		k.str("|failed-over")
	}
}

// node writes a node (or the replica), whose record belongs to grant g.
func (k *stateKey) node(n *LockService, g int) {
	k.token(n.issued)
	if n.delayed() {
		k.num(int64(n.delay - (n.clock - n.expiry)))
	}
	if h, tok := n.Holder(); h != "" {
		k.name(h)
		k.label(g)
		k.token(tok)
		k.left(n.Expiry(), n.Now())
	}
}

// resources decides what a write or a read does at each resource and
// how the ledger judges it: its maxToken, its newest grant, and the reads
// made under grants still alive, each missed or not. A version is written
// with what carries it (clients, network).
func (k *stateKey) resources() {
	w := k.w
	for i, r := range w.resources {
		k.b = append(k.b, '|')
		k.token(r.MaxToken())
		k.since(w.newest[i])
		for _, m := range w.reads[i] {
			if _, ok := slices.BinarySearch(k.writers, m.grant); !ok {
				continue // no one will write or read under it again
			}
			k.grant(m.grant)
			if m.missed {
				k.str("missed")
			}
		}
	}
}

// version writes a version v carried to resource i: the row's ('='), an
// older one ('<') or none ('-').
func (k *stateKey) version(i int, v int64) {
	switch {
	case v == 0:
		k.b = append(k.b, '-')
	case v == k.w.resources[i].Version():
		k.b = append(k.b, '=')
	default:
		k.b = append(k.b, '<')
	}
}

// clients decides what each client does when it acts: whether it can
// act at all (crashed), the grant and token it believes it holds and how
// much of its lease it believes is left, and the versions it writes with.
// order lists the clients in the order they are written (a renaming).
func (k *stateKey) clients(order []int) {
	w := k.w
	for _, j := range order {
		c := w.clients[j]
		k.b = append(k.b, '|')
		if c.State == Crashed {
			k.str("crashed") // it has forgotten everything, and acts no more
			continue
		}
		k.grant(c.Grant)
		if c.Holds() {
			k.token(c.Token)
			k.left(c.LeaseUntil, w.now)
		}
		for i, v := range c.Versions {
			k.version(i, v)
		}
	}
}

// network decides what each delivery can do: the live held messages,
// as a multiset (sorted).
func (k *stateKey) network() {
	w := k.w
	start := len(k.b)
	k.spans = k.spans[:0]
	for _, m := range w.network {
		if !w.live(m) {
			continue
		}
		from := len(k.b)
		k.b = append(k.b, '|')
		k.str(string(m.Kind))
		switch m.Kind {
		case MsgReply, MsgRenew:
			k.name(m.Client)
			if m.Kind == MsgReply {
				k.grant(m.Grant)
				k.token(m.Token)
			} else {
				k.label(m.Grant) // its token is only told back
			}
			for i, v := range m.Versions {
				k.version(i, v)
			}
			switch c := w.client(m.Client); {
			case !w.st.TTL():
			case c.Discipline == FromRequest:
				// Where the client will put the end of the lease.
				end, _ := leaseFrom(m.SentAt, m.Lease)
				k.left(end.End, w.now)
			default:
				k.num(int64(m.Lease)) // counted from the delivery
			}
		default:
			// Who sent a write decides nothing: the ledger judges it by
			// its grant.
			j, _ := w.resource(m.Resource)
			k.str(m.Resource)
			k.grant(m.Grant)
			k.token(m.Token)
			if m.Version != 0 {
				k.version(j, m.Version)
			}
		}
		k.spans = append(k.spans, [2]int{from, len(k.b)})
	}
	if len(k.spans) < 2 {
		return
	}
	// Few are held at once: an insertion sort, with no generic sort
	// compiled into the page for it.
	for i := 1; i < len(k.spans); i++ {
		for j := i; j > 0 && bytes.Compare(k.b[k.spans[j-1][0]:k.spans[j-1][1]], k.b[k.spans[j][0]:k.spans[j][1]]) > 0; j-- {
			k.spans[j-1], k.spans[j] = k.spans[j], k.spans[j-1]
		}
	}
	k.sorted = k.sorted[:0]
	for _, sp := range k.spans {
		k.sorted = append(k.sorted, k.b[sp[0]:sp[1]]...)
	}
	k.b = append(k.b[:start], k.sorted...)
}
