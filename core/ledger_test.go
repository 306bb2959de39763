package core

import (
	"slices"
	"testing"
)

// The ledger judges histories written by hand, as a lab records them.
func TestLedgerJudgesRecordedHistories(t *testing.T) {
	// The book under a plain lease: A's late write overwrites B's.
	l := NewLedger(1)
	a := l.Grant("A")
	l.Landed(0, a, 1)
	b := l.Grant("B")
	if got := l.Landed(0, b, 2); got != (Landing{}) {
		t.Errorf("B's write: %+v", got)
	}
	if got := l.Landed(0, a, 3); got != (Landing{Harm: HarmOverwrite, Overwritten: "B", Late: true}) {
		t.Errorf("A's late write: %+v", got)
	}
	if v := l.Verdict(false); v != Corrupted || l.Harm() != HarmOverwrite {
		t.Errorf("verdict %s (%s), want corrupted (overwrite)", v, l.Harm())
	}

	// B reads before A's late write lands, then writes: the late write is
	// lost.
	l = NewLedger(1)
	a, b = l.Grant("A"), l.Grant("B")
	l.Read(0, b)
	if got := l.Landed(0, a, 1); got != (Landing{Late: true, MissedBy: "B"}) {
		t.Errorf("A's late write: %+v", got)
	}
	if l.Verdict(false) != AtRisk {
		t.Errorf("after the late write: %s, want at-risk", l.Verdict(false))
	}
	if got := l.Landed(0, b, 2); got.Harm != HarmLostUpdate {
		t.Errorf("B's write: %+v, want a lost update", got)
	}
	if l.Verdict(false) != Corrupted {
		t.Errorf("verdict %s, want corrupted", l.Verdict(false))
	}

	// Two newer holders read before A's late write lands: the newest of
	// them is named (its write would lose it last).
	l = NewLedger(1)
	a, b = l.Grant("A"), l.Grant("B")
	c := l.Grant("C")
	l.Read(0, b)
	l.Read(0, c)
	if got := l.Landed(0, a, 1); got.MissedBy != "C" {
		t.Errorf("A's late write after B's and C's reads: missed by %q, want C", got.MissedBy)
	}

	// B reads again after the late write: its write is computed from a
	// read that saw it, and loses nothing.
	l = NewLedger(1)
	a, b = l.Grant("A"), l.Grant("B")
	l.Read(0, b)
	l.Landed(0, a, 1)
	l.Read(0, b)
	if got := l.Landed(0, b, 2); got.Harm != "" || l.Verdict(false) != AtRisk {
		t.Errorf("B's write after reading again: %+v, %s; want no harm, at-risk", got, l.Verdict(false))
	}

	// Writes in grant order, and a stuck lock: stuck, not safe.
	l = NewLedger(2)
	l.Landed(1, l.Grant("A"), 1)
	l.Landed(1, l.Grant("B"), 2)
	if l.Verdict(false) != Safe || l.Verdict(true) != Stuck {
		t.Errorf("in order: %s, stuck: %s", l.Verdict(false), l.Verdict(true))
	}

	// One holder's writes out of order: its first write lands after its
	// second. The verdict is fencing's (safe); the ledger says so apart.
	l = NewLedger(1)
	b = l.Grant("B")
	if got := l.Landed(0, b, 2); got != (Landing{}) || l.Reordered() {
		t.Errorf("B's second write first: %+v", got)
	}
	if got := l.Landed(0, b, 1); got != (Landing{Reordered: true}) || !l.Reordered() || l.Verdict(false) != Safe {
		t.Errorf("B's first write last: %+v, reordered %v, %s", got, l.Reordered(), l.Verdict(false))
	}
	// A newer grant's writes start afresh; an older grant's write is an
	// overwrite, not a reordering.
	a, b = l.Grant("C"), l.Grant("D")
	if got := l.Landed(0, b, 4); got.Reordered || got.Harm != "" {
		t.Errorf("D's write: %+v", got)
	}
	if got := l.Landed(0, a, 3); got.Reordered || got.Harm != HarmOverwrite {
		t.Errorf("C's write, sent before D's: %+v", got)
	}
}

// What a run's events record (grants, the resource a write or read reached
// and what it did) is enough to judge the run again: a ledger fed only
// with them gives every frame's verdict and every write's harm. A lab
// records these facts from real software.
func TestEventsCarryWhatTheLedgerJudges(t *testing.T) {
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			frames, err := Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			l := NewLedger(len(sc.Resources))
			for _, f := range frames[1:] {
				ev := f.Event
				i := slices.Index(sc.Resources, ev.Resource)
				landed := ev.Result == ResultAccepted || ev.Result == ResultStale
				switch {
				case f.Lock.Lockless && (ev.Kind == ActAcquire || ev.Kind == ActRead && landed):
					// No lock service: a read of versions (an acquire reads
					// every resource's) is numbered as the grant.
					rows := []int{i}
					if ev.Kind == ActAcquire {
						rows = rows[:0]
						for j := range sc.Resources {
							rows = append(rows, j)
						}
					}
					if g := l.ReadVersions(ev.Client, rows...); g != ev.Grant {
						t.Fatalf("%s/%s step %d: read of versions numbered %d, the event says %d", sc.ID, st, f.Step, g, ev.Grant)
					}
				case ev.Kind == ActAcquire && ev.Grant != 0:
					if g := l.Grant(ev.Client); g != ev.Grant {
						t.Fatalf("%s/%s step %d: grant %d, the event says %d", sc.ID, st, f.Step, g, ev.Grant)
					}
				case (ev.Kind == ActRead || ev.Kind == ActPeek) && landed:
					l.Read(i, ev.Grant)
				case (ev.Kind == ActWrite || ev.Kind == ActDeliver && (ev.Delivered == MsgWrite || ev.Delivered == MsgApply)) && landed:
					got := l.Landed(i, ev.Grant, ev.Sent)
					if got.Harm != ev.Harm || got.Overwritten != ev.Overwritten || got.MissedBy != ev.MissedBy || got.Late != (ev.Result == ResultStale) || got.Reordered != ev.Reordered {
						t.Errorf("%s/%s step %d: the ledger judges %+v, the event %s/%s/%s/%s", sc.ID, st, f.Step, got, ev.Harm, ev.Overwritten, ev.MissedBy, ev.Result)
					}
				}
				if l.Reordered() != f.Reordered {
					t.Errorf("%s/%s step %d: the ledger says reordered %v, the frame %v", sc.ID, st, f.Step, l.Reordered(), f.Reordered)
				}
				// Stuck is not the ledger's to see: the frame says it.
				if v := l.Verdict(f.Verdict == Stuck); v != f.Verdict {
					t.Errorf("%s/%s step %d: the ledger says %s, the frame %s", sc.ID, st, f.Step, v, f.Verdict)
				}
			}
		}
	}
}
