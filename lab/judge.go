package main

import (
	"fmt"
	"slices"
	"sync"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/lock"
)

// judge keeps the books of a real run for core's Ledger, which judges it
// by the rules the model judges its runs with: the grants in the order the
// real service made them, which client holds which, the writes in the
// order they were sent, and the messages held meanwhile. It also records
// each lease: when the service granted and ended it, what the holder's
// library said of it, and the writes sent under it.
//
// The run tells it what the service and the database did, step by step;
// the service's watch and the clients' libraries tell it, from goroutines
// of their own, when a lease ended and what a library said.
type judge struct {
	ledger *core.Ledger
	grants map[string]int // client → the grant it holds, as the service issued them
	last   int            // the last grant the service made
	sent   int            // the writes sent so far
	held   map[string]heldAt
	// now is the time since the run began, in ms, and the step under way.
	now func() (int64, int)

	mu sync.Mutex // guards what follows
	// holder is who holds the lock at the service, as far as the lab
	// knows; leases are the leases granted, and open, by client, those the
	// service may still hold (an index into leases).
	holder string
	leases []recording.RealLease
	open   map[string]int
}

// heldAt is a message held: the client that sent it, the action, the grant
// it was sent under, and for a write its number among the writes sent;
// for a two-step check's write, how long the database server's log was
// at its check (what it logs later of the write's session is the write's).
type heldAt struct {
	client  string
	action  core.Action
	grant   int
	sent    int
	logFrom int64
}

// newJudge is the judge of a run on resources resources, whose clock now
// tells.
func newJudge(resources int, now func() (int64, int)) *judge {
	return &judge{ledger: core.NewLedger(resources), grants: map[string]int{}, held: map[string]heldAt{}, now: now, open: map[string]int{}}
}

// grant: the service granted the lock to client, with token (0 while the
// client has not heard it).
func (j *judge) grant(client string, token int64) {
	j.last = j.ledger.Grant(client)
	j.grants[client] = j.last
	j.mu.Lock()
	defer j.mu.Unlock()
	ms, _ := j.now()
	j.holder = client
	j.leases = append(j.leases, recording.RealLease{Client: client, Granted: ms, Token: token})
	j.open[client] = len(j.leases) - 1
}

// readVersions: without a lock service, client read the versions of the
// resources rows (indexes), which the ledger counts as a grant
// (core.Ledger.ReadVersions).
func (j *judge) readVersions(client string, rows ...int) {
	j.last = j.ledger.ReadVersions(client, rows...)
	j.grants[client] = j.last
}

// heardGrant: client heard, with token, the grant its held request got.
func (j *judge) heardGrant(client string, token int64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if i, ok := j.open[client]; ok && j.leases[i].Token == 0 {
		j.leases[i].Token = token
	}
}

// released: client gave the lock back, so its lease did not end by itself.
func (j *judge) released(client string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	delete(j.open, client)
	if j.holder == client {
		j.holder = ""
	}
}

// letGo: the service took client's release, and client holds no grant.
func (j *judge) letGo(client string) { delete(j.grants, client) }

// ended: the service ended client's lease by itself ("" for nobody the lab
// knows).
func (j *judge) ended(client string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.end(client)
}

// endedHolder: the service ended by itself the lease of whoever holds the
// one key it keeps (one Redis server's key expired).
func (j *judge) endedHolder() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.end(j.holder)
}

// end notes that client's lease ended at the service, now; j.mu is held.
func (j *judge) end(client string) {
	if client == j.holder {
		j.holder = ""
	}
	if i, ok := j.open[client]; ok && j.leases[i].Service == 0 {
		j.leases[i].Service, _ = j.now()
	}
}

// librarySaid records what client's library said of its lease, words in
// its own words: on its own, or when asked at a check.
func (j *judge) librarySaid(client string, said lock.Standing, words string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	i, ok := j.open[client]
	if !ok {
		return
	}
	l := &j.leases[i]
	ms, step := j.now()
	l.Said = append(l.Said, recording.LibraryWord{MS: ms, Step: step, Standing: string(said), Words: words})
	switch {
	case said == lock.Gone && l.Library == 0:
		l.Library = ms
	case said == lock.Suspended && l.Suspended == 0:
		l.Suspended = ms
	}
}

// wrote records a write client sent under its lease: r is the client's
// answer, which says whether, and how long, after its library had said
// the lease was gone or in doubt, by its own clock.
func (j *judge) wrote(client string, r reply) {
	j.mu.Lock()
	defer j.mu.Unlock()
	i, ok := j.open[client]
	if !ok {
		return
	}
	l := &j.leases[i]
	ms, step := j.now()
	l.Writes = append(l.Writes, recording.LeaseWrite{Step: step, MS: ms, Outcome: r.Outcome.words(core.ActWrite, "", false),
		AfterWord: r.AfterWord, AfterWordMS: r.AfterWordMS})
}

// libraryOwes reports whether a library has yet to say that a lease the
// service has ended is gone, its client running by running.
func (j *judge) libraryOwes(running func(client string) bool) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, l := range j.leases {
		if l.Service != 0 && l.Library == 0 && running(l.Client) {
			return true
		}
	}
	return false
}

// sentWrite: a client's write reached the database (applied or refused).
func (j *judge) sentWrite() { j.sent++ }

// hold remembers the message a holds, if it holds one, sent now under its
// client's grant; logFrom is, for a two-step check's write, how long the
// database server's log was at its check.
func (j *judge) hold(a core.Action, logFrom int64) {
	if a.Hold != "" {
		j.held[a.Hold] = heldAt{client: a.Client, action: a, grant: j.grants[a.Client], sent: j.sent, logFrom: logFrom}
	}
}

// take is the message held as id, which is held no more; false if none is.
func (j *judge) take(id string) (heldAt, bool) {
	h, ok := j.held[id]
	delete(j.held, id)
	return h, ok
}

// read: client read resource i with the grant it holds.
func (j *judge) read(i int, client string) { j.ledger.Read(i, j.grants[client]) }

// appliedNow: resource i applied the write client has just sent, under
// the grant it holds. It says how the ledger judged it (landed).
func (j *judge) appliedNow(i int, client string) string { return j.landed(i, j.grants[client], j.sent) }

// landed tells the ledger that resource i applied the sent-th write sent,
// made under grant g, and says how it judged it: "" where there is nothing
// to say.
func (j *judge) landed(i, g, sent int) string {
	switch l := j.ledger.Landed(i, g, sent); {
	case l.Harm == core.HarmOverwrite:
		return fmt.Sprintf("overwrite: grant %d's write destroys %s's value", g, l.Overwritten)
	case l.Harm == core.HarmLostUpdate:
		return "lost update: the holder read before a late write landed"
	case l.Late:
		return fmt.Sprintf("late: grant %d's write lands after a newer grant", g)
	case l.Reordered:
		return fmt.Sprintf("reordered: grant %d's write lands after a later write of the same grant", g)
	}
	return ""
}

// lastHolder is the client the last grant went to.
func (j *judge) lastHolder() string { return j.ledger.Holder(j.last) }

// verdict is the ledger's verdict on the run, and the harm done, where
// stuck says whether the lock or the resource can no longer be used.
func (j *judge) verdict(stuck bool) (core.Verdict, core.Harm) {
	return j.ledger.Verdict(stuck), j.ledger.Harm()
}

// leaseRecords are the leases recorded so far, copied.
func (j *judge) leaseRecords() []recording.RealLease {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := slices.Clone(j.leases)
	for i := range out {
		out[i].Said, out[i].Writes = slices.Clone(out[i].Said), slices.Clone(out[i].Writes)
	}
	return out
}
