package timeline

import (
	"reflect"
	"testing"

	"dlock/core"
)

func TestTimelineOfTheBookScenario(t *testing.T) {
	tl := New(mustReplay(t, gcPause(), core.LeaseFencing))
	wantSteps := []StepSpan{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 10}, {5, 10, 10}, {6, 10, 10}, {7, 10, 10}}
	if !reflect.DeepEqual(tl.Steps, wantSteps) {
		t.Errorf("steps %+v", tl.Steps)
	}
	wantLeases := []Span{
		{Client: "A", Token: 1, FromStep: 2, From: 0, ToStep: 4, To: 10, Ended: "expired"},
		{Client: "B", Token: 2, FromStep: 5, From: 10, ToStep: 0, To: 10},
	}
	if !reflect.DeepEqual(tl.Leases, wantLeases) {
		t.Errorf("leases %+v", tl.Leases)
	}
	wantPauses := []Span{{Client: "A", FromStep: 4, From: 0, ToStep: 7, To: 10}}
	if !reflect.DeepEqual(tl.Pauses, wantPauses) {
		t.Errorf("pauses %+v", tl.Pauses)
	}
	wantMessages := []Arrow{
		{Kind: core.MsgWrite, Client: "A", Resource: "row-42", Token: 1, SentStep: 3, ArrivedStep: 3, Result: core.ResultAccepted},
		{Kind: core.MsgWrite, Client: "B", Resource: "row-42", Token: 2, SentStep: 6, ArrivedStep: 6, SentAt: 10, ArrivedAt: 10, Result: core.ResultAccepted},
		{Kind: core.MsgWrite, Client: "A", Resource: "row-42", Token: 1, SentStep: 7, ArrivedStep: 7, SentAt: 10, ArrivedAt: 10, Result: core.ResultRejected},
	}
	if !reflect.DeepEqual(tl.Messages, wantMessages) {
		t.Errorf("messages %+v", tl.Messages)
	}
	if len(tl.Crashes) != 0 || !reflect.DeepEqual(tl.Clients, []string{"A", "B"}) {
		t.Errorf("crashes %+v clients %v", tl.Crashes, tl.Clients)
	}
}

func TestTimelineHeldMessagesArriveLater(t *testing.T) {
	tl := New(mustReplay(t, delayedWrite(), core.Lease))
	a := tl.Messages[0]
	if a.Client != "A" || a.SentStep != 3 || a.ArrivedStep != 7 || a.SentAt != 0 || a.ArrivedAt != 0 || a.Result != core.ResultStale {
		t.Errorf("A's delayed write %+v", a)
	}
	tl = New(mustReplay(t, slowGrant(), core.LeaseFencing))
	g := tl.Messages[0]
	if g.Kind != core.MsgReply || g.SentStep != 2 || g.ArrivedStep != 7 || g.ArrivedAt != 12 || g.Result != core.ResultGranted {
		t.Errorf("A's slow grant %+v", g)
	}
	if l := tl.Leases[0]; l.Client != "A" || l.To != 10 || l.Ended != "expired" || l.ToStep != 3 {
		t.Errorf("A's unused lease %+v", l)
	}
	// A released the lock while its write was on its way.
	tl = New(mustReplay(t, delayedWrite(), core.NoTTL))
	if l := tl.Leases[0]; l.Client != "A" || l.Ended != "released" || l.ToStep != 4 {
		t.Errorf("A's released lock %+v", l)
	}
	// A write a check-then-apply resource checked arrives when applied.
	tl = New(mustReplay(t, nonAtomicCheck(), core.Consensus))
	if a := tl.Messages[0]; a.SentStep != 3 || a.ArrivedStep != 7 || a.Result != core.ResultStale {
		t.Errorf("A's checked write %+v", a)
	}
}

// When the service's clock jumps ahead, a lease ends on the clients' clock
// as much earlier as the jump.
func TestTimelineLeaseEndsWhenTheServiceClockSaysSo(t *testing.T) {
	tl := New(mustReplay(t, clockJump(), core.Lease))
	if l := tl.Leases[0]; l.Client != "A" || l.Ended != "expired" || l.ToStep != 5 || l.To != 3 {
		t.Errorf("A's lease cut short by the jump %+v", l)
	}
}

func TestTimelineLeaseEndings(t *testing.T) {
	tl := New(mustReplay(t, counterReset(), core.LeaseFencing))
	if l := tl.Leases[0]; l.Ended != "expired" || l.To != 10 {
		t.Errorf("A's lease under a single node %+v", l)
	}
	tl = New(mustReplay(t, counterReset(), core.NoTTL))
	if l := tl.Leases[0]; l.Ended != "lost" || l.ToStep != 5 {
		t.Errorf("A's lock without TTL across a restart %+v", l)
	}
	tl = New(mustReplay(t, heartbeat(), core.Lease))
	if l := tl.Leases[0]; l.Token != 1 || l.To != 22 || l.ToStep != 11 {
		t.Errorf("A's renewed lease %+v", l)
	}
	if c := tl.Crashes[0]; c.Client != "A" || c.FromStep != 10 || c.ToStep != 0 {
		t.Errorf("A's crash %+v", c)
	}
}

// Without a lock service nothing is leased, and the reply to a held acquire
// comes from the resource, with its version.
func TestTimelineWithoutALockService(t *testing.T) {
	tl := New(mustReplay(t, slowGrant(), core.Optimistic))
	if len(tl.Leases) != 0 {
		t.Errorf("leases %+v where nothing is leased", tl.Leases)
	}
	reply := tl.Messages[0]
	if reply.Kind != core.MsgReply || reply.Resource != core.Row42 || reply.SentStep != 2 || reply.ArrivedStep != 7 || reply.Result != core.ResultVersions {
		t.Errorf("the held reply %+v, want one from row-42 sent at step 2, arriving at step 7", reply)
	}
	if r := New(mustReplay(t, slowGrant(), core.Lease)).Messages[0]; r.Resource != "" {
		t.Errorf("a lock service's reply is drawn from %q", r.Resource)
	}
}
