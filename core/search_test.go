package core

import (
	"slices"
	"testing"
	"time"
)

func mustSearch(t *testing.T, opts SearchOptions) SearchResult {
	t.Helper()
	s, err := NewSearch(opts)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Run(5000) {
	}
	return s.Result()
}

// For every row, the shortest run that corrupts data, derived by hand: the
// search must find one exactly as long (it may find another of that length)
// that replays to corrupted in the same way. Consensus with fencing has
// none: every read shows the token, so a late write is refused once the
// new holder has read or written, and harmless before.
func TestSearchFindsTheShortestCorruption(t *testing.T) {
	byHand := map[Strategy]struct {
		run  string
		harm Harm
	}{
		// The node forgets A's lock in a restart, B takes it and writes, A
		// writes over B's value.
		NoTTL: {"A:acquire,restart,B:acquire,B:write:B,A:write:A", HarmOverwrite},
		// A's lease runs out, B takes the lock and writes, A writes over it.
		Lease:             {"A:acquire,tick:10,B:acquire,B:write:B,A:write:A", HarmOverwrite},
		Redlock:           {"A:acquire,tick:10,B:acquire,B:write:B,A:write:A", HarmOverwrite},
		ConsensusUnfenced: {"A:acquire,tick:10,B:acquire,B:write:B,A:write:A", HarmOverwrite},
		// The counter restarts: B's token equals A's, so A's write passes.
		LeaseFencing: {"A:acquire,restart,B:acquire,B:write:B,A:write:A", HarmOverwrite},
	}
	for st, want := range byHand {
		sc, err := ParseScript(want.run)
		if err != nil {
			t.Fatal(err)
		}
		frames := mustReplay(t, sc, st)
		if v, h := VerdictOf(frames), harmOf(frames); v != Corrupted || h != want.harm {
			t.Fatalf("%s: the hand-derived run %q is %s (%s)", st, want.run, v, h)
		}
		got := mustSearch(t, SearchOptions{Strategy: st, MaxDepth: 6})
		if !got.Found || got.Length != len(sc.Steps) || got.Verdict != Corrupted || got.Harm != want.harm {
			t.Errorf("%s: found %v, %q (%d actions, %s, %s), want %d actions like %q (%s)", st, got.Found, got.Script,
				got.Length, got.Verdict, got.Harm, len(sc.Steps), want.run, want.harm)
			continue
		}
		found, err := ParseScript(got.Script)
		if err != nil {
			t.Fatalf("%s: %q: %v", st, got.Script, err)
		}
		if frames := mustReplay(t, found, st); VerdictOf(frames) != Corrupted || harmOf(frames) != want.harm {
			t.Errorf("%s: the run found, %q, is %s (%s)", st, got.Script, VerdictOf(frames), harmOf(frames))
		}
		if got.Depth != got.Length {
			t.Errorf("%s: found at depth %d with %d actions", st, got.Depth, got.Length)
		}
	}
}

// Consensus with fencing, where every read shows the token, has no run that
// corrupts up to the page's depth: a bounded proof. With tokenless reads
// the search finds the lost update, in six actions.
func TestSearchProvesConsensusUpToItsDepthAndFindsTheLostUpdateWithPeeks(t *testing.T) {
	got := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 6})
	if got.Found || !got.Done || got.Depth != 6 || got.States < 1000 {
		t.Errorf("consensus: %+v, want none up to 6 actions", got)
	}
	peek := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 6, Peek: true})
	if !peek.Found || peek.Length != 6 || peek.Harm != HarmLostUpdate {
		t.Fatalf("consensus with peeks: %+v, want a lost update in 6 actions", peek)
	}
	sc, err := ParseScript(peek.Script)
	if err != nil {
		t.Fatal(err)
	}
	if frames := mustReplay(t, sc, Consensus); harmOf(frames) != HarmLostUpdate {
		t.Errorf("the run found, %q, replays to %s (%s)", peek.Script, VerdictOf(frames), harmOf(frames))
	}
	// Two resources: no transaction across them, but no corruption either:
	// a late write lands only where the new holder has not been.
	two := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 5, TwoResources: true})
	if two.Found || two.Depth != 5 {
		t.Errorf("consensus, two resources: %+v", two)
	}
}

// Optimistic locking has no lock, and still no run that corrupts up to the
// page's depth, with tokenless reads and with two resources too: every
// write is a compare-and-set on the version its writer read or produced,
// so a write computed from an older read is refused. Writers do run at
// once: the shortest run at risk is two reads of the version and the older
// reader's write. Nothing is held, so nothing is stuck.
func TestSearchProvesOptimisticUpToItsDepth(t *testing.T) {
	for _, opts := range []SearchOptions{{MaxDepth: 6}, {MaxDepth: 6, Peek: true}} {
		opts.Strategy = Optimistic
		if got := mustSearch(t, opts); got.Found || !got.Done || got.Depth != opts.MaxDepth || got.States < 1000 {
			t.Errorf("%+v: %+v, want no corrupting run", opts, got)
		}
	}
	risk := mustSearch(t, SearchOptions{Strategy: Optimistic, MaxDepth: 6, Goal: AtRisk})
	if !risk.Found || risk.Length != 3 || risk.Verdict != AtRisk {
		t.Errorf("optimistic, at risk: %+v, want 3 actions like A:acquire,B:acquire,A:write:A", risk)
	}
	if stuck := mustSearch(t, SearchOptions{Strategy: Optimistic, MaxDepth: 4, Goal: Stuck}); stuck.Found || stuck.Depth != 4 {
		t.Errorf("optimistic, stuck: %+v", stuck)
	}
}

// The key sees a version only as the row's or an older one: the numbers
// themselves decide nothing, whether each still equals the row's does.
func TestSearchKeysVersionsByEqualityAlone(t *testing.T) {
	s, err := NewSearch(SearchOptions{Strategy: Optimistic, MaxDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	w := newWorld(searchScenario(s.opts), Optimistic)
	for _, a := range []Action{acquire("A"), acquire("B"), heldWrite("B", "B", "m1"), heldAcquire("A", "m2")} {
		if _, err := w.step(a); err != nil {
			t.Fatal(err)
		}
	}
	key := func() string { return string(s.key(w)) }
	all := key() // A, B, the held write and the held reply: all at the row's version, 1
	w.resources[0].version = 2
	older := key()
	if older == all {
		t.Error("a row written since is keyed as the row it was")
	}
	w.clients[0].Versions, w.clients[1].Versions = []int64{2}, []int64{2}
	w.network[0].Version, w.network[1].Versions = 2, []int64{2}
	if key() != all {
		t.Error("every version equal to the row's, at 2 rather than 1, is keyed apart")
	}
	w.network[1].Versions = []int64{1}
	if k := key(); k == all || k == older {
		t.Error("a held reply of an older version is keyed as another state")
	}
}

// Each option adds its actions to the alphabet, and only then.
func TestSearchOptionsWidenTheAlphabet(t *testing.T) {
	has := func(opts SearchOptions, a Action) bool {
		s, err := NewSearch(opts)
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(s.alphabet(s.frontier[0]), func(b Action) bool {
			return b.Kind == a.Kind && b.Client == a.Client && slices.Equal(b.Nodes, a.Nodes) && (b.Hold != "") == (a.Hold != "")
		})
	}
	cases := []struct {
		opts SearchOptions
		a    Action
	}{
		{SearchOptions{Strategy: Lease, Renew: true}, renew("A")},
		{SearchOptions{Strategy: Lease, Renew: true}, heldRenew("B", "m1")},
		{SearchOptions{Strategy: Redlock, Partial: true}, acquire("A", 1, 2, 3)},
		{SearchOptions{Strategy: Redlock, Partial: true}, heldAcquire("B", "m1")},
		{SearchOptions{Strategy: Redlock, Partial: true}, Action{Kind: ActAcquire, Client: "B", Nodes: []int{3, 4, 5}, Hold: "m1"}},
	}
	for _, c := range cases {
		c.opts.MaxDepth = 2
		plain := SearchOptions{Strategy: c.opts.Strategy, MaxDepth: 2}
		if !has(c.opts, c.a) {
			t.Errorf("%+v: no %v in the alphabet", c.opts, c.a)
		}
		if c.a.Kind != ActAcquire || len(c.a.Nodes) > 0 {
			if has(plain, c.a) {
				t.Errorf("without the option: %v in the alphabet", c.a)
			}
		}
	}
	if has(SearchOptions{Strategy: Lease, MaxDepth: 2, Partial: true}, acquire("A", 1, 2, 3)) {
		t.Error("partial reach with one node")
	}
	// FromReply is A's alone: A and B are no longer mirrors.
	for _, fromReply := range []bool{false, true} {
		s, _ := NewSearch(SearchOptions{Strategy: Lease, MaxDepth: 2, FromReply: fromReply})
		keys := map[string]bool{}
		for _, c := range []string{"A", "B"} {
			w := newWorld(searchScenario(s.opts), Lease)
			if _, err := w.step(heldAcquire(c, "m1")); err != nil {
				t.Fatal(err)
			}
			keys[string(s.key(w))] = true
		}
		if mirrored := len(keys) == 1; mirrored == fromReply {
			t.Errorf("from-reply %v: A's and B's held acquires are mirrors: %v", fromReply, mirrored)
		}
	}
}

// With every option the alphabet offers, consensus with fencing still has
// no run that corrupts up to the page's depth, where every read shows the
// token.
func TestSearchProvesConsensusWithEveryOption(t *testing.T) {
	if testing.Short() {
		t.Skip("searches of about 45,000, 75,000 and 68,000 states (about 4 s natively, more under Node)")
	}
	got := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 6, Renew: true, Partial: true, FromReply: true})
	if got.Found || !got.Done || got.Depth != 6 {
		t.Errorf("consensus with renewals, partial reach and a client counting from replies: %+v", got)
	}
	// Optimistic locking, with tokenless reads too: renewals and replies
	// change nothing where there is no lock service. With two resources a
	// write lands only where its writer's version is still the row's.
	got = mustSearch(t, SearchOptions{Strategy: Optimistic, MaxDepth: 6, Peek: true, Renew: true, Partial: true, FromReply: true})
	if got.Found || !got.Done || got.Depth != 6 {
		t.Errorf("optimistic with every option: %+v", got)
	}
	got = mustSearch(t, SearchOptions{Strategy: Optimistic, MaxDepth: 5, TwoResources: true})
	if got.Found || !got.Done || got.Depth != 5 {
		t.Errorf("optimistic with two resources: %+v", got)
	}
}

// A late write that harms nothing is at risk: under consensus with fencing,
// A's write lands after B's grant and before B touched the resource.
func TestSearchFindsTheShortestRunAtRisk(t *testing.T) {
	got := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 6, Goal: AtRisk})
	if !got.Found || got.Length != 4 || got.Verdict != AtRisk {
		t.Errorf("consensus, at risk: %+v, want 4 actions like A:acquire,A:pause:10,B:acquire,A:write:A", got)
	}
	none := mustSearch(t, SearchOptions{Strategy: NoTTL, MaxDepth: 3, Goal: AtRisk})
	if none.Found {
		t.Errorf("no-ttl at risk in 3 actions: %+v", none)
	}
}

func TestSearchFindsTheShortestStuckRun(t *testing.T) {
	got := mustSearch(t, SearchOptions{Strategy: NoTTL, MaxDepth: 4, Goal: Stuck})
	// A takes the lock and crashes.
	if !got.Found || got.Length != 2 || got.Verdict != Stuck {
		t.Errorf("no-ttl, stuck: %+v, want A:acquire,A:crash", got)
	}
	none := mustSearch(t, SearchOptions{Strategy: Lease, MaxDepth: 4, Goal: Stuck})
	if none.Found || none.Depth != 4 {
		t.Errorf("a lease without fencing cannot get stuck: %+v", none)
	}
}

func TestSearchRunsInSlicesAndCanBeAsked(t *testing.T) {
	s, err := NewSearch(SearchOptions{Strategy: Consensus, MaxDepth: 5})
	if err != nil {
		t.Fatal(err)
	}
	slices := 0
	for !s.Run(5) {
		slices++
		if r := s.Result(); r.Done || r.Found || r.Closed {
			t.Fatalf("mid-search result %+v", r)
		}
	}
	if slices < 10 {
		t.Errorf("the search finished in %d slices of 5 states", slices)
	}
	if _, err := NewSearch(SearchOptions{Strategy: "optimism", MaxDepth: 3}); err == nil {
		t.Error("an unknown strategy was searched")
	}
	if _, err := NewSearch(SearchOptions{Strategy: Lease, MaxDepth: 0}); err == nil {
		t.Error("a search of depth 0 was started")
	}
	if _, err := NewSearch(SearchOptions{Strategy: Lease, MaxDepth: 3, Goal: Safe}); err == nil {
		t.Error("a search for a safe run was started")
	}
	if _, err := NewSearch(SearchOptions{Strategy: Consensus, Closure: true}); err == nil {
		t.Error("a search to closure was started with no bound on the messages held")
	}
	for _, n := range []int{1, 4} {
		if _, err := NewSearch(SearchOptions{Strategy: Lease, MaxDepth: 3, Clients: n}); err == nil {
			t.Errorf("a search of %d clients was started", n)
		}
	}
}

// BenchmarkSearch reports, per row, the states a search at the page's
// default depth explores, how many per second, and the time it takes; the
// consensus row is the bounded proof, and with peeks the lost update. The
// searches to closure of the two rows nothing corrupts (two messages held
// at most) are make prove's proofs.
func BenchmarkSearch(b *testing.B) {
	type run struct {
		name string
		opts SearchOptions
	}
	var runs []run
	for _, st := range Strategies() {
		runs = append(runs, run{string(st), SearchOptions{Strategy: st, MaxDepth: 6}})
	}
	runs = append(runs, run{"consensus-peek", SearchOptions{Strategy: Consensus, MaxDepth: 6, Peek: true}},
		run{"consensus-every-option", SearchOptions{Strategy: Consensus, MaxDepth: 6, Renew: true, Partial: true, FromReply: true}},
		run{"consensus-closure", SearchOptions{Strategy: Consensus, Closure: true, MaxHeld: 2}},
		run{"optimistic-closure", SearchOptions{Strategy: Optimistic, Closure: true, MaxHeld: 2}})
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for b.Loop() {
				start := time.Now()
				s, _ := NewSearch(r.opts)
				for !s.Run(10000) {
				}
				el := time.Since(start)
				b.ReportMetric(float64(s.Result().States), "states")
				b.ReportMetric(float64(s.Result().States)/el.Seconds(), "states/s")
				b.ReportMetric(float64(el.Milliseconds()), "ms")
			}
		})
	}
}

// The search leaves out what it is told to: a run without pauses or
// ticks never has one (under lease, a restart loses the lock instead);
// without restarts and clock jumps too, nothing corrupts in five actions.
func TestSearchWithoutSomeActions(t *testing.T) {
	without := func(kinds ...ActionKind) SearchResult {
		return mustSearch(t, SearchOptions{Strategy: Lease, MaxDepth: 5, Without: kinds})
	}
	r := without(ActPause, ActTick)
	if !r.Found {
		t.Fatalf("no corruption under lease without pauses or ticks: %+v", r)
	}
	sc, err := ParseScript(r.Script)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sc.Steps {
		if s.Action.Kind == ActPause || s.Action.Kind == ActTick {
			t.Errorf("the search without pauses or ticks found %s", r.Script)
		}
	}
	if r := without(ActPause, ActTick, ActRestart, ActJump); r.Found || !r.Done {
		t.Errorf("without pauses, ticks, restarts and jumps, the search found %+v", r)
	}
}
