package main

import (
	"testing"

	"dlock/core"
	"dlock/lab/lock"
)

// clock is a run's clock a test moves by hand: the time in ms, the step.
type clock struct {
	ms   int64
	step int
}

func (c *clock) now() (int64, int) { return c.ms, c.step }

// The book's story as the service and the database tell it: A is granted
// the lock and writes, its lease ends at the service while it is stopped,
// B is granted it and writes, and A's late write lands. The judge records
// each lease, when it ended, and finds the overwrite.
func TestTheJudgeFindsTheBooksOverwrite(t *testing.T) {
	c := &clock{}
	j := newJudge(1, c.now)
	c.ms, c.step = 100, 2
	j.grant("A", 1)
	c.ms, c.step = 120, 3
	j.sentWrite()
	if words := j.appliedNow(0, "A"); words != "" {
		t.Errorf("A's write under its own grant judged %q", words)
	}
	c.ms, c.step = 10100, 5
	j.endedHolder() // one Redis key expired: the holder's
	j.grant("B", 2)
	c.ms, c.step = 10120, 6
	j.sentWrite()
	j.appliedNow(0, "B")
	c.ms, c.step = 10130, 7
	j.sentWrite()
	if words := j.appliedNow(0, "A"); words != "overwrite: grant 1's write destroys B's value" {
		t.Errorf("A's late write judged %q", words)
	}
	if v, h := j.verdict(false); v != core.Corrupted || h != core.HarmOverwrite {
		t.Errorf("verdict %s, harm %s; want corrupted by an overwrite", v, h)
	}
	if holder := j.lastHolder(); holder != "B" {
		t.Errorf("the last grant was %s's, want B's", holder)
	}
	l := j.leaseRecords()
	if len(l) != 2 || l[0].Client != "A" || l[0].Granted != 100 || l[0].Token != 1 || l[0].Service != 10100 ||
		l[1].Client != "B" || l[1].Granted != 10100 || l[1].Service != 0 {
		t.Errorf("leases %+v", l)
	}
}

// A lease the service ends is the one whose holder believes the token it
// names; a lease given back ends by no one's hand but its holder's, and a
// later end at the service is not its; a token nobody holds ends nothing.
func TestALeaseEndsOnceAndOnlyItsOwn(t *testing.T) {
	c := &clock{ms: 50}
	j := newJudge(1, c.now)
	j.grant("A", 7)
	c.ms = 60
	j.released("A")
	c.ms = 70
	j.endedHolder()
	j.ended("A")
	j.grant("B", 8)
	c.ms = 80
	j.ended("")
	c.ms = 90
	j.ended("B")
	c.ms = 95
	j.ended("B")
	l := j.leaseRecords()
	if l[0].Service != 0 {
		t.Errorf("A's lease, given back at 60 ms, ended at the service at %d ms", l[0].Service)
	}
	if l[1].Service != 90 {
		t.Errorf("B's lease ended at %d ms, want 90 (the first end)", l[1].Service)
	}
}

// A grant the client has not heard yet has no token; the token it hears
// is the lease's, once.
func TestAHeldGrantsTokenIsTheOneHeard(t *testing.T) {
	j := newJudge(1, (&clock{}).now)
	j.grant("A", 0)
	j.heardGrant("A", 3)
	j.heardGrant("A", 4)
	if l := j.leaseRecords(); l[0].Token != 3 {
		t.Errorf("A's lease has token %d, want 3, the one heard first", l[0].Token)
	}
}

// What a library says of a lease is recorded with its time and step; the
// first "gone" and the first "suspended" are the lease's; a word of a
// client with no lease open is not recorded. The library owes its word
// while a lease the service ended is not said gone by a running holder.
func TestWhatTheLibrarySaidIsRecordedOnItsLease(t *testing.T) {
	c := &clock{ms: 10, step: 2}
	j := newJudge(1, c.now)
	j.librarySaid("A", lock.Gone, "before any grant")
	j.grant("A", 1)
	running := func(string) bool { return true }
	c.ms, c.step = 3000, 5
	j.librarySaid("A", lock.Suspended, "ZooKeeper session: StateDisconnected")
	c.ms = 4000
	j.ended("A")
	if !j.libraryOwes(running) {
		t.Error("the service ended A's lease and its library has said nothing: it owes its word")
	}
	if j.libraryOwes(func(string) bool { return false }) {
		t.Error("a stopped holder's library owes nothing")
	}
	c.ms, c.step = 5000, 6
	j.librarySaid("A", lock.Gone, "the library says the lease is gone")
	c.ms = 6000
	j.librarySaid("A", lock.Gone, "again")
	j.librarySaid("A", lock.Suspended, "again")
	if j.libraryOwes(running) {
		t.Error("the library has said the lease is gone: it owes nothing")
	}
	l := j.leaseRecords()[0]
	if l.Suspended != 3000 || l.Library != 5000 || len(l.Said) != 4 || l.Said[0].Step != 5 || l.Said[1].Step != 6 {
		t.Errorf("A's lease: suspended at %d, gone at %d, said %+v", l.Suspended, l.Library, l.Said)
	}
}

// A write sent under a lease is recorded on it, with whether the client
// sent it after its library's word; a message held keeps the grant and
// the number of the writes sent when it was sent, and is taken once.
func TestWritesAndHeldMessagesKeepTheirGrant(t *testing.T) {
	c := &clock{ms: 100, step: 3}
	j := newJudge(1, c.now)
	j.grant("A", 1)
	j.sentWrite()
	j.wrote("A", reply{Outcome: outcome{Result: core.ResultAccepted}})
	j.hold(core.Action{Kind: core.ActWrite, Client: "A", Value: "late", Hold: "w1"}, 42)
	j.hold(core.Action{Kind: core.ActWrite, Client: "A", Value: "not held"}, 0)
	j.grant("B", 2)
	c.step = 5
	j.sentWrite()
	j.wrote("A", reply{Outcome: outcome{Result: core.ResultRejected}, AfterWord: true, AfterWordMS: 300})
	j.wrote("C", reply{Outcome: outcome{Result: core.ResultAccepted}})
	w := j.leaseRecords()[0].Writes
	if len(w) != 2 || w[0].Outcome != "applied" || w[0].AfterWord || w[1].Step != 5 || w[1].Outcome != "refused-by-token" || !w[1].AfterWord || w[1].AfterWordMS != 300 {
		t.Errorf("A's writes: %+v", w)
	}
	h, ok := j.take("w1")
	if !ok || h.client != "A" || h.grant != 1 || h.sent != 1 || h.logFrom != 42 || h.action.Value != "late" {
		t.Errorf("w1 held: %+v, %v", h, ok)
	}
	if _, ok := j.take("w1"); ok {
		t.Error("w1 taken twice")
	}
	if len(j.held) != 0 {
		t.Errorf("held: %+v", j.held)
	}
}
