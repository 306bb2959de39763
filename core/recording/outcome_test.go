package recording

import (
	"testing"

	"dlock/core"
)

// What each step of the book's run leaves, fenced and not, as the lab
// compares a real run with it: derived by hand from the chapter's story.
func TestSeenInTheBooksRun(t *testing.T) {
	sc, _ := core.ScenarioByID(core.GCPauseID)
	type want struct {
		outcome Outcome
		holds   string // the clients that believe they hold the lock
		row     string
	}
	stale := "A-STALE"
	for _, c := range []struct {
		st    core.Strategy
		steps []want // steps 2 to 7
	}{
		{core.LeaseFencing, []want{
			{Outcome{Result: core.ResultGranted}, "A", ""},
			{Outcome{Result: core.ResultAccepted}, "A", "A-value"},
			{Outcome{}, "A", "A-value"}, // a pause: nothing a real run compares
			{Outcome{Result: core.ResultGranted}, "AB", "A-value"},
			{Outcome{Result: core.ResultAccepted}, "AB", "B-value"},
			{Outcome{Result: core.ResultRejected}, "AB", "B-value"},
		}},
		{core.Lease, []want{
			{Outcome{Result: core.ResultGranted}, "A", ""},
			{Outcome{Result: core.ResultAccepted}, "A", "A-value"},
			{Outcome{}, "A", "A-value"}, // a pause: nothing a real run compares
			{Outcome{Result: core.ResultGranted}, "AB", "A-value"},
			{Outcome{Result: core.ResultAccepted}, "AB", "B-value"},
			// The stale write is applied as any other.
			{Outcome{Result: core.ResultAccepted}, "AB", stale},
		}},
	} {
		frames, err := core.Replay(sc, c.st)
		if err != nil {
			t.Fatal(err)
		}
		if len(frames) != 7 {
			t.Fatalf("%s: %d frames", c.st, len(frames))
		}
		for i, w := range c.steps {
			f := frames[i+1]
			s := SeenIn(f, sc.Clients)
			holds := ""
			for _, cl := range s.Clients {
				if cl.Holds {
					holds += cl.Name
				}
			}
			if !s.Outcome.Equal(w.outcome) || holds != w.holds || len(s.Rows) != 1 || s.Rows[0] != (RowSeen{"row-42", w.row}) {
				t.Errorf("%s step %d: %+v, want outcome %+v, holders %q, row-42 %q", c.st, f.Step, s, w.outcome, w.holds, w.row)
			}
			if !s.Equal(SeenIn(f, sc.Clients)) {
				t.Errorf("%s step %d: Seen is not equal to itself", c.st, f.Step)
			}
		}
	}
}

// Without a lock service nobody holds a lock: an acquire reads the
// versions, a renewal does nothing, and a write the row refuses is refused
// for its version, not a token; derived by hand from the stories.
func TestSeenWithoutALockService(t *testing.T) {
	book := mustReplay(t, gcPause(), core.Optimistic)
	for i, w := range []Outcome{
		{Result: core.ResultVersions}, {Result: core.ResultAccepted}, {}, {Result: core.ResultVersions}, {Result: core.ResultAccepted},
		{Result: core.ResultRejected, ByVersion: true},
	} {
		s := SeenIn(book[i+1], []string{"A", "B"})
		if !s.Outcome.Equal(w) || s.Clients[0].Holds || s.Clients[1].Holds {
			t.Errorf("gc-pause step %d: %+v, want %+v and nobody holding", i+2, s, w)
		}
	}
	if s := SeenIn(mustReplay(t, heartbeat(), core.Optimistic)[4], []string{"A", "B"}); !s.Outcome.Equal(Outcome{Result: core.ResultNoService}) {
		t.Errorf("heartbeat's renewal: %+v", s.Outcome)
	}
	slow := mustReplay(t, slowGrant(), core.Optimistic)
	if o := OutcomeOf(slow[1]); !o.Equal(Outcome{Result: core.ResultHeld}) {
		t.Errorf("a held read of the versions, which nothing granted: %+v", o)
	}
	if o := OutcomeOf(slow[6]); !o.Equal(Outcome{Result: core.ResultVersions}) {
		t.Errorf("the held reply with the versions, delivered: %+v", o)
	}
	if o := (Outcome{Result: core.ResultRejected, ByVersion: true}); o.Is(core.ResultRejected) || o.Equal(WriteOutcome(core.ResultRejected)) {
		t.Error("a write refused for its version is a write refused for its token")
	}
	if o := OutcomeOf(mustReplay(t, gcPause(), core.Consensus)[6]); o.ByVersion {
		t.Errorf("a write refused for its token: %+v", o)
	}
}

// Two steps are the same only if everything they left is: the outcome,
// each client, each resource.
func TestSeenEqual(t *testing.T) {
	read := "x"
	base := Seen{Outcome: Outcome{Result: core.ResultGranted}, Clients: []ClientSeen{{Name: "A", Holds: true}, {Name: "B"}}, Rows: []RowSeen{{"row-42", "v"}}}
	same := Seen{Outcome: Outcome{Result: core.ResultGranted}, Clients: []ClientSeen{{Name: "A", Holds: true}, {Name: "B"}}, Rows: []RowSeen{{"row-42", "v"}}}
	if !base.Equal(same) {
		t.Error("equal Seens differ")
	}
	for name, other := range map[string]Seen{
		"outcome": {Outcome: Outcome{Result: core.ResultRefused}, Clients: base.Clients, Rows: base.Rows},
		"granted": {Outcome: Outcome{Result: core.ResultGranted, Granted: true}, Clients: base.Clients, Rows: base.Rows},
		"read":    {Outcome: Outcome{Result: core.ResultGranted, Read: &read}, Clients: base.Clients, Rows: base.Rows},
		"holder":  {Outcome: base.Outcome, Clients: []ClientSeen{{Name: "A"}, {Name: "B"}}, Rows: base.Rows},
		"crashed": {Outcome: base.Outcome, Clients: []ClientSeen{{Name: "A", Holds: true}, {Name: "B", Crashed: true}}, Rows: base.Rows},
		"clients": {Outcome: base.Outcome, Clients: base.Clients[:1], Rows: base.Rows},
		"row":     {Outcome: base.Outcome, Clients: base.Clients, Rows: []RowSeen{{"row-42", "w"}}},
		"rows":    {Outcome: base.Outcome, Clients: base.Clients},
	} {
		if base.Equal(other) || other.Equal(base) {
			t.Errorf("a Seen with another %s is equal", name)
		}
	}
}
