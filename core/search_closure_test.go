package core

import (
	"strconv"
	"testing"
)

// keyAfter is the search's key of the state script leads to.
func keyAfter(t *testing.T, s *Search, script string) string {
	t.Helper()
	sc, err := ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorld(searchScenario(s.opts), s.opts.Strategy)
	for _, step := range sc.Steps {
		if _, err := w.step(step.Action); err != nil {
			t.Fatalf("%s: %v", script, err)
		}
	}
	return string(s.key(w))
}

func mustNewSearch(t *testing.T, opts SearchOptions) *Search {
	t.Helper()
	s, err := NewSearch(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The key merges states that differ only in what no rule reads, and keeps
// apart those a rule can tell apart.
func TestSearchKeyKeepsWhatARuleCanTellApart(t *testing.T) {
	cases := []struct {
		st          Strategy
		a, b        string
		same        bool
		differences string
	}{
		// The counter only grows: two grants more change no order.
		{Consensus, "A:acquire,A:write:A", "A:acquire,A:release,B:acquire,B:release,A:acquire,A:write:A", true, "token and grant numbers"},
		// Where a restart takes the counter back to 0, the next tokens
		// are 1, 2, …: A's token 1 will be met by the next grant, 2 by
		// the second.
		{LeaseFencing, "A:acquire,A:write:A", "A:acquire,A:release,A:acquire,A:write:A", false, "token values, under a counter that can go back"},
		// No resource checks a token: none is compared.
		{Lease, "A:acquire,restart,A:acquire", "A:acquire,A:release,A:acquire", true, "tokens nobody checks"},
		// A jump moves the node's clock away from the clients': no rule
		// compares the two.
		{Consensus, "A:acquire,tick:10", "A:acquire,tick:10,jump:10", true, "the offset between the node's clock and the clients'"},
		// A jump while A holds ends the node's lease, not A's belief.
		{Consensus, "A:acquire", "A:acquire,jump:10", false, "a lease the node has ended and A believes in"},
		// A grant issued to B, whose reply came too late: A's writes are
		// late from then on.
		{Lease, "A:acquire,tick:10", "A:acquire,tick:10,B:acquire@m1,tick:10", false, "the newest grant issued, which nobody holds"},
		// A refused reply held up changes nothing when it comes.
		{Lease, "A:acquire", "A:acquire,B:acquire@m1", true, "a refused reply in the network"},
		// A reply whose lease has ended by the time it comes, to a client
		// that counts from its request, changes nothing.
		{Consensus, "A:acquire,A:release,tick:10", "A:acquire@m1,tick:10", true, "an ended reply in the network"},
		// A write the resource will refuse (its token is below maxToken)
		// changes nothing when it comes.
		{Consensus, "A:acquire,tick:10,B:acquire,B:write:B", "A:acquire,A:write:A@m1,tick:10,B:acquire,B:write:B", true, "a write maxToken has passed"},
		// Under an unfenced resource, that write lands.
		{ConsensusUnfenced, "A:acquire,tick:10,B:acquire,B:write:B", "A:acquire,A:write:A@m1,tick:10,B:acquire,B:write:B", false, "a late write an unfenced resource will apply"},
		// Two held writes are two deliveries.
		{Consensus, "A:acquire,A:write:A@m1", "A:acquire,A:write:A@m1,A:write:A@m2", false, "how many writes are held"},
		// A read mark whose grant nobody holds any more answers nothing.
		{Lease, "A:acquire,A:read,A:release", "A:acquire,A:release", true, "a read under a grant nobody holds"},
		// A's read, before a late write, is what A's own write loses.
		{Lease, "A:acquire,A:read", "A:acquire", false, "a read under a grant A holds"},
		// Versions: only whether each is the row's.
		{Optimistic, "A:acquire,B:acquire", "A:acquire,B:acquire,B:write:B", false, "A's version the row's, then older"},
		// Grants no one holds: the resource's newest below every grant a
		// client holds is as good as none.
		{Optimistic, "A:acquire,A:write:A,A:crash,B:acquire", "A:crash,B:acquire", true, "the resource's newest, under a grant nobody holds"},
		{Optimistic, "A:acquire", "A:acquire,A:write:A,A:acquire", true, "the row's version 1 or 2"},
	}
	for _, c := range cases {
		s := mustNewSearch(t, SearchOptions{Strategy: c.st, MaxDepth: 2})
		if same := keyAfter(t, s, c.a) == keyAfter(t, s, c.b); same != c.same {
			t.Errorf("%s: %q and %q have one key: %v, want %v (they differ in %s)", c.st, c.a, c.b, same, c.same, c.differences)
		}
	}
}

// Three clients are renamed as two are: A taking the lock is C taking it.
func TestSearchOfThreeClientsKeysThemAlike(t *testing.T) {
	s := mustNewSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 2, Clients: 3})
	if keyAfter(t, s, "A:acquire,B:acquire@m1") != keyAfter(t, s, "C:acquire,A:acquire@m1") {
		t.Error("C taking the lock while A's acquire is held is keyed apart from A while B's is")
	}
	if keyAfter(t, s, "A:acquire") == keyAfter(t, s, "A:acquire,B:crash") {
		t.Error("a crashed third client is keyed as a running one")
	}
	got := mustSearch(t, SearchOptions{Strategy: Lease, MaxDepth: 6, Clients: 3})
	if !got.Found || got.Length != 5 {
		t.Errorf("lease, three clients: %+v, want a corruption in 5 actions as with two", got)
	}
}

// A search to closure ends where the states have a bound: under consensus
// with fencing and under the optimistic lock with no run that corrupts,
// whose worst is a late write landing (at risk), the shortest of which
// replays to at risk; elsewhere with the corruption the bounded search
// finds.
func TestSearchToClosure(t *testing.T) {
	for _, c := range []struct {
		st      Strategy
		held    int
		worstIn int
	}{{Consensus, 1, 4}, {Optimistic, 2, 3}} {
		got := mustSearch(t, SearchOptions{Strategy: c.st, Closure: true, MaxHeld: c.held})
		if !got.Done || !got.Closed || got.Found || got.States < 100 {
			t.Errorf("%s, %d held at most: %+v, want closed with nothing found", c.st, c.held, got)
			continue
		}
		if got.Worst != AtRisk || got.WorstLength != c.worstIn {
			t.Errorf("%s: the worst run is %s in %d actions (%s), want at risk in %d", c.st, got.Worst, got.WorstLength, got.WorstScript, c.worstIn)
		}
		sc, err := ParseScript(got.WorstScript)
		if err != nil {
			t.Fatal(err)
		}
		if v := VerdictOf(mustReplay(t, sc, c.st)); v != AtRisk {
			t.Errorf("%s: the worst run %q replays to %s", c.st, got.WorstScript, v)
		}
	}
	for st, length := range map[Strategy]int{Lease: 5, LeaseFencing: 5, NoTTL: 5} {
		got := mustSearch(t, SearchOptions{Strategy: st, Closure: true, MaxHeld: 2})
		if !got.Found || got.Closed || got.Length != length || got.Verdict != Corrupted || got.Worst != Corrupted {
			t.Errorf("%s to closure: %+v, want a corruption in %d actions", st, got, length)
		}
	}
	if got := mustSearch(t, SearchOptions{Strategy: NoTTL, Closure: true, MaxHeld: 2, Goal: Stuck}); !got.Found || got.Length != 2 {
		t.Errorf("no-ttl, stuck, to closure: %+v", got)
	}
	// A bounded search whose states run out before its depth has closed:
	// acquires and releases alone.
	only := SearchOptions{Strategy: Consensus, MaxDepth: 8, MaxHeld: 1,
		Without: []ActionKind{ActWrite, ActRead, ActCheck, ActPause, ActCrash, ActTick, ActRestart, ActJump}}
	if got := mustSearch(t, only); !got.Closed || got.Depth >= 8 || got.Worst != Safe {
		t.Errorf("consensus, acquires and releases alone: %+v, want closed, safe, before depth 8", got)
	}
}

// The set of keys seen tells every key from every other, a key from its
// own prefix among them, and holds each once.
func TestKeySetHoldsEachKeyOnce(t *testing.T) {
	s := newKeySet()
	var keys [][]byte
	for i := range 5000 {
		keys = append(keys, []byte(strconv.Itoa(i)), []byte(strconv.Itoa(i)+"|"))
	}
	keys = append(keys, []byte{})
	for _, k := range keys {
		if !s.add(k) {
			t.Fatalf("%q was not new", k)
		}
	}
	for _, k := range keys {
		if s.add(k) {
			t.Fatalf("%q was new twice", k)
		}
	}
	if len(s.start) != len(keys) {
		t.Errorf("%d keys held, %d added", len(s.start), len(keys))
	}
}
