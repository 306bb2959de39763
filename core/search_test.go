package core

import (
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
// search must find one exactly as long (it may find another of that length),
// and what it finds must replay to corrupted.
func TestSearchFindsTheShortestCorruption(t *testing.T) {
	byHand := map[Strategy]string{
		// The node forgets A's lock in a restart, B takes it, A writes.
		NoTTL: "A:acquire,restart,B:acquire,A:write:A",
		// A pauses past its lease, B takes the lock, A writes before B: a
		// stale write, even with fencing (the resource has not seen token 2).
		Lease:             "A:acquire,A:pause:10,B:acquire,A:write:A",
		Redlock:           "A:acquire,A:pause:10,B:acquire,A:write:A",
		LeaseFencing:      "A:acquire,A:pause:10,B:acquire,A:write:A",
		ConsensusUnfenced: "A:acquire,A:pause:10,B:acquire,A:write:A",
		Consensus:         "A:acquire,A:pause:10,B:acquire,A:write:A",
	}
	for st, run := range byHand {
		sc, err := ParseScript(run)
		if err != nil {
			t.Fatal(err)
		}
		if v := VerdictOf(mustReplay(t, sc, st)); v != Corrupted {
			t.Fatalf("%s: the hand-derived run %q is %s", st, run, v)
		}
		got := mustSearch(t, SearchOptions{Strategy: st, MaxDepth: 6})
		if !got.Found || got.Length != len(sc.Steps) {
			t.Errorf("%s: found %v, %q (%d actions), want %d actions like %q", st, got.Found, got.Script, got.Length, len(sc.Steps), run)
			continue
		}
		found, err := ParseScript(got.Script)
		if err != nil {
			t.Fatalf("%s: %q: %v", st, got.Script, err)
		}
		if v := VerdictOf(mustReplay(t, found, st)); v != Corrupted {
			t.Errorf("%s: the run found, %q, is %s", st, got.Script, v)
		}
		if got.Depth != got.Length {
			t.Errorf("%s: found at depth %d with %d actions", st, got.Depth, got.Length)
		}
	}
}

// Where every new holder shows its token first, a replicated service with
// an atomic fenced resource has no run that corrupts, up to the depth
// searched: a bounded proof. A single node still loses its counter.
func TestSearchProvesConsensusWithReadsFirstUpToItsDepth(t *testing.T) {
	got := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 5, ReadsFirst: true})
	if got.Found || !got.Done || got.Depth != 5 || got.States < 1000 {
		t.Errorf("consensus, reads first: %+v, want none up to 5 actions", got)
	}
	lf := mustSearch(t, SearchOptions{Strategy: LeaseFencing, MaxDepth: 5, ReadsFirst: true})
	// A:acquire (and its read), restart, B:acquire (and its read), A:write.
	if !lf.Found || lf.Length != 6 || lf.Depth != 4 {
		t.Errorf("lease-fencing, reads first: %+v, want a restart run of 4 moves", lf)
	}
	// Two resources: a write to the one B did not show its token to.
	two := mustSearch(t, SearchOptions{Strategy: Consensus, MaxDepth: 5, TwoResources: true})
	if !two.Found || two.Depth != 4 {
		t.Errorf("consensus, two resources: %+v", two)
	}
}

func TestSearchFindsTheShortestStuckRun(t *testing.T) {
	got := mustSearch(t, SearchOptions{Strategy: NoTTL, MaxDepth: 4, Stuck: true})
	// A takes the lock and crashes.
	if !got.Found || got.Length != 2 {
		t.Errorf("no-ttl, stuck: %+v, want A:acquire,A:crash", got)
	}
	none := mustSearch(t, SearchOptions{Strategy: Lease, MaxDepth: 4, Stuck: true})
	if none.Found || none.Depth != 4 {
		t.Errorf("a lease without fencing cannot get stuck: %+v", none)
	}
}

func TestSearchRunsInSlicesAndCanBeAsked(t *testing.T) {
	s, err := NewSearch(SearchOptions{Strategy: Consensus, MaxDepth: 5, ReadsFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	slices := 0
	for !s.Run(100) {
		slices++
		if r := s.Result(); r.Done || r.Found {
			t.Fatalf("mid-search result %+v", r)
		}
	}
	if slices < 10 {
		t.Errorf("the search finished in %d slices of 100 states", slices)
	}
	if _, err := NewSearch(SearchOptions{Strategy: "optimism", MaxDepth: 3}); err == nil {
		t.Error("an unknown strategy was searched")
	}
	if _, err := NewSearch(SearchOptions{Strategy: Lease, MaxDepth: 0}); err == nil {
		t.Error("a search of depth 0 was started")
	}
}

// BenchmarkSearch reports states explored per second.
func BenchmarkSearch(b *testing.B) {
	for b.Loop() {
		start := time.Now()
		s, _ := NewSearch(SearchOptions{Strategy: Consensus, MaxDepth: 5, ReadsFirst: true})
		for !s.Run(10000) {
		}
		b.ReportMetric(float64(s.Result().States)/time.Since(start).Seconds(), "states/s")
	}
}
