package main

import (
	"context"
	"fmt"
	"time"

	"dlock/core"
	"dlock/lab/lock"
)

// What the lab tells the ledger, which judges the real run by core's
// rules, and what it records of each lease: when the service granted and
// ended it, and what the holder's library said of it.

// grant tells the ledger the service granted the lock to client, with
// token (0 while the client has not heard it).
func (c *cell) grant(client string, token int64) {
	c.last = c.ledger.Grant(client)
	c.grants[client] = c.last
	c.mu.Lock()
	defer c.mu.Unlock()
	c.holder = client
	c.trace.Leases = append(c.trace.Leases, core.RealLease{Client: client, Granted: c.ms(), Token: token})
	c.leases[client] = len(c.trace.Leases) - 1
}

// heardGrant: client heard, with token, the grant its held request got.
func (c *cell) heardGrant(client string, token int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.leases[client]; ok && c.trace.Leases[i].Token == 0 {
		c.trace.Leases[i].Token = token
	}
}

// released: client gave the lock back, so its lease did not end by itself.
func (c *cell) released(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.leases, client)
	if c.holder == client {
		c.holder = ""
	}
}

// ended records that the service ended a lease by itself: the holder's
// with token, or the one key's holder (token 0).
func (c *cell) ended(token int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	who := c.holder
	if token != 0 {
		who = ""
		for n, p := range c.clients {
			if p.token == token {
				who = n
			}
		}
	}
	if who == c.holder {
		c.holder = ""
	}
	if i, ok := c.leases[who]; ok && c.trace.Leases[i].Service == 0 {
		c.trace.Leases[i].Service = c.ms()
	}
}

// librarySaid records what client's library said of its lease, words in
// its own words: on its own, or when asked at a check.
func (c *cell) librarySaid(client string, said lock.Standing, words string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i, ok := c.leases[client]
	if !ok {
		return
	}
	l := &c.trace.Leases[i]
	ms := c.ms()
	l.Said = append(l.Said, core.LibraryWord{MS: ms, Step: c.step, Standing: string(said), Words: words})
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
func (c *cell) wrote(client string, r reply) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i, ok := c.leases[client]
	if !ok {
		return
	}
	l := &c.trace.Leases[i]
	l.Writes = append(l.Writes, core.LeaseWrite{Step: c.step, MS: c.ms(), Outcome: r.Outcome.words(core.ActWrite, "", false),
		AfterWord: r.AfterWord, AfterWordMS: r.AfterWordMS})
}

// libraryWord is how long a run waits at its end for a library's word.
const libraryWord = 2500 * time.Millisecond

// awaitLibraries waits, at most libraryWord, where the library renews, for
// the libraries of the clients still running to say that a lease the
// service has ended is gone: etcd's client looks once a second,
// ZooKeeper's hears it on reconnecting, a renewal loop at its next
// renewal, so a run that ends as a stopped client resumes would otherwise
// end before its library speaks.
func (c *cell) awaitLibraries() {
	if c.renewal != core.RenewedByLibrary {
		return
	}
	for deadline := time.Now().Add(libraryWord); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		c.mu.Lock()
		waiting := false
		for _, l := range c.trace.Leases {
			p := c.clients[l.Client]
			waiting = waiting || l.Service != 0 && l.Library == 0 && p != nil && !p.crashed && !p.paused
		}
		c.mu.Unlock()
		if !waiting {
			return
		}
	}
}

// landed tells the ledger that resource i applied the sent-th write sent,
// made under grant g, and logs how it judged it.
func (c *cell) landed(i, g, sent int) {
	switch l := c.ledger.Landed(i, g, sent); {
	case l.Harm == core.HarmOverwrite:
		c.log("", "judged", fmt.Sprintf("overwrite: grant %d's write destroys %s's value", g, l.Overwritten))
	case l.Harm == core.HarmLostUpdate:
		c.log("", "judged", "lost update: the holder read before a late write landed")
	case l.Late:
		c.log("", "judged", fmt.Sprintf("late: grant %d's write lands after a newer grant", g))
	case l.Reordered:
		c.log("", "judged", fmt.Sprintf("reordered: grant %d's write lands after a later write of the same grant", g))
	}
}

// stuck reports whether, at the end, the lock or the resource can no longer
// be used correctly: a lock without expiry held by a crashed client, or,
// while the service holds the lock, a fenced resource that has seen a
// larger token than the holder's.
func (c *cell) stuck() (bool, error) {
	ctx := context.Background()
	forever, words, err := c.svc.heldForever(ctx)
	if err != nil {
		return false, err
	}
	holder := c.ledger.Holder(c.last)
	if words != "" {
		c.log("", words, fmt.Sprintf("the last grant was %s's", holder))
	}
	if p := c.clients[holder]; p != nil && p.crashed && forever {
		return true, nil
	}
	held, err := c.svc.held(ctx)
	if err != nil || !held {
		return false, err
	}
	if p := c.clients[holder]; c.st.Fenced() && p != nil {
		token := p.token
		for _, name := range c.sc.Resources {
			if _, max, err := state(ctx, c.db, name); err != nil {
				return false, err
			} else if token != 0 && max > token {
				return true, nil
			}
		}
	}
	return false, nil
}

// behind is how far the lab is behind the model's clock as a step begins,
// frame prev before it: the model's actions take no time, the lab's real
// ones can take seconds (a restart), which leases run on meanwhile.
func (c *cell) behind(prev core.Frame) time.Duration {
	return time.Since(c.start) - time.Duration(prev.Clock)*Tick
}

// behindWorth is how far behind the model's clock the lab says it is: less
// is a step's own work, and the service's granularity.
const behindWorth = 500 * time.Millisecond

// fellBehind says why the step about to begin may differ from the model's
// for timing alone: the lab is behind the model's clock (by the step that
// took longest so far), and the lease the model still counts (prev's) has
// ended at the service meanwhile. nil when the lab is not behind, the model
// counts no lease, or the service still holds it.
func (c *cell) fellBehind(prev core.Frame, behind time.Duration) (*core.Timing, error) {
	if behind < behindWorth || prev.Lock.Holder == "" || !prev.Lock.TTL {
		return nil, nil
	}
	if held, err := c.svc.held(context.Background()); err != nil || held {
		return nil, err
	}
	slowest, took := 0, time.Duration(0)
	for step, d := range c.took {
		if d > took {
			slowest, took = step, d
		}
	}
	t := core.Timing{Kind: core.FellBehind, Seconds: behind.Seconds(), Holder: prev.Lock.Holder, Until: prev.Lock.Expiry}
	if slowest != 0 {
		t.Step, t.Item, t.Took = slowest, core.ItemOf(c.sc.Steps[slowest-2].Action), took.Seconds()
	}
	return &t, nil
}
