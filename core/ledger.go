package core

import "slices"

// Ledger keeps, by grant, what reaches a run's resources, and judges each
// access as fencing defines safety: order by grant at the resource. Replay
// keeps one for the model's run; a lab that records a run on real software
// keeps one from what the real lock service granted and the real resources
// did, and so judges it by the same rules.
//
// Grants are numbered in the order the lock service issued them, from 1.
// Resources are numbered as the run lists them, from 0.
type Ledger struct {
	grants  int      // grants made so far; grant n is the n-th
	holders []string // grant → the client it went to (holders[0] is "")
	newest  []int    // per resource: the newest grant whose write it applied
	// reads, per resource: the grants whose holder read it (read or
	// peek) and has not written it since, in increasing order, each
	// marked once a late write has landed after the read.
	reads [][]readMark
	// newestSent, per resource: the latest sending (in the run's order of
	// sending, see Landed) of the writes applied there under its newest
	// grant.
	newestSent []int
	harm       Harm // how the run was first corrupted ("" while it is not)
	late       bool // an older grant's write landed after a newer grant was issued
	// reordered: a resource applied a write after a write of the same
	// grant that was sent after it (see Landing.Reordered).
	reordered bool
}

// readMark is a read of a resource made under a grant, before that grant's
// first write to it: missed once an older grant's write has landed since.
type readMark struct {
	grant  int
	missed bool
}

// NewLedger returns the ledger of a run with that many resources, before
// any grant.
func NewLedger(resources int) *Ledger {
	l := &Ledger{}
	l.init(resources)
	return l
}

func (l *Ledger) init(resources int) {
	l.holders = []string{""}
	l.newest = make([]int, resources)
	l.newestSent = make([]int, resources)
	l.reads = make([][]readMark, resources)
}

// Grant records that the lock service granted the lock to client, and
// returns the grant's number.
func (l *Ledger) Grant(client string) int {
	l.grants++
	l.holders = append(l.holders, client)
	return l.grants
}

// ReadVersions records that client read the versions of resources rows
// where there is no lock service (an acquire reads them all, a read one),
// and returns the grant the model numbers that read as. Nothing is
// granted, but such a read is what a grant is elsewhere: what the
// client's next writes are computed from, so the same rules judge them. It
// is also a read of each of those resources (see Read).
func (l *Ledger) ReadVersions(client string, rows ...int) int {
	g := l.Grant(client)
	for _, i := range rows {
		l.Read(i, g)
	}
	return g
}

// Holder is the client grant g went to ("" for 0).
func (l *Ledger) Holder(g int) string { return l.holders[g] }

// Read records that the holder of grant g read resource i (showing its
// token or not). Only the reads before g's first write there matter: after
// that write, a late write from an older grant overwrites it anyway.
func (l *Ledger) Read(i, g int) {
	if l.newest[i] >= g {
		return
	}
	k, found := slices.BinarySearchFunc(l.reads[i], g, func(m readMark, g int) int { return m.grant - g })
	if found {
		// A second read before the write: what the write is computed from
		// now includes every late write so far.
		l.reads[i][k].missed = false
		return
	}
	l.reads[i] = slices.Insert(l.reads[i], k, readMark{grant: g})
}

// Landing is the judgement of one write applied to a resource.
type Landing struct {
	// Harm is how the write corrupted the run: it overwrote a newer
	// holder's write, or its holder had read the resource before a late
	// write landed and so lost it ("" for neither).
	Harm Harm
	// Overwritten is the holder whose value an overwrite destroyed.
	Overwritten string
	// Late: the write was made under a grant older than the newest issued.
	Late bool
	// MissedBy is a newer holder that had read the resource before this
	// late write landed.
	MissedBy string
	// Reordered: the resource had already applied a write of the same
	// grant that was sent after this one, and this one now lands after it
	// (over it, unless an older grant's late write landed between them).
	// Fencing cannot see it (the token is the same) and does not promise
	// otherwise: it orders grants, not the writes of one grant. The verdict
	// does not count it; a reader should.
	Reordered bool
}

// Landed records that resource i applied a write made under grant g, sent
// as the run's sent-th write (its writes numbered in the order their
// holders sent them, from 1), and judges it. A write applied after a newer
// grant was issued is late: it overwrites a newer holder's write
// (corrupted), or lands before any (at risk), and then every newer holder
// that has read the resource missed it. A write whose holder read the
// resource before a late write landed loses that write (corrupted). A write
// of the newest grant to write there that was sent before one already
// applied is reordered.
func (l *Ledger) Landed(i, g, sent int) Landing {
	var out Landing
	k, read := slices.BinarySearchFunc(l.reads[i], g, func(r readMark, g int) int { return r.grant - g })
	switch {
	case l.newest[i] > g:
		out.Harm, out.Overwritten = HarmOverwrite, l.holders[l.newest[i]]
	case read && l.reads[i][k].missed:
		out.Harm = HarmLostUpdate
	}
	if read {
		l.reads[i] = slices.Delete(l.reads[i], k, k+1)
	}
	if g < l.grants {
		out.Late, l.late = true, true
		for j := range l.reads[i] {
			if n := l.reads[i][j].grant; n > g {
				l.reads[i][j].missed = true
				out.MissedBy = l.holders[n]
			}
		}
	}
	if out.Harm != "" && l.harm == "" {
		l.harm = out.Harm
	}
	switch {
	case g > l.newest[i]:
		l.newest[i], l.newestSent[i] = g, sent
	case g == l.newest[i] && sent < l.newestSent[i]:
		out.Reordered, l.reordered = true, true
	case g == l.newest[i]:
		l.newestSent[i] = sent
	}
	return out
}

// Reordered reports whether some resource applied a write over a later
// write of the same grant (see Landing.Reordered).
func (l *Ledger) Reordered() bool { return l.reordered }

// Harm is how the run was first corrupted ("" while it is not).
func (l *Ledger) Harm() Harm { return l.harm }

// Verdict judges the run so far: corrupted once harmed; stuck when the lock
// or a resource can no longer be used correctly (which the ledger cannot
// see: the caller says so); at risk once a late write has landed; safe
// otherwise.
func (l *Ledger) Verdict(stuck bool) Verdict {
	switch {
	case l.harm != "":
		return Corrupted
	case stuck:
		return Stuck
	case l.late:
		return AtRisk
	}
	return Safe
}

// cloneInto copies l into the memory of mine, a ledger no longer needed
// (the zero Ledger for none), so that a change to the copy leaves l as it
// was. Holders are only ever appended to: the copy shares them, clipped,
// so that its first append copies them.
func (l Ledger) cloneInto(mine Ledger) Ledger {
	c := l
	c.holders = slices.Clip(l.holders)
	c.newest = append(mine.newest[:0], l.newest...)
	c.newestSent = append(mine.newestSent[:0], l.newestSent...)
	c.reads = mine.reads[:0]
	for i, r := range l.reads {
		var buf []readMark
		if i < len(mine.reads) {
			buf = mine.reads[i][:0]
		}
		c.reads = append(c.reads, append(buf, r...))
	}
	return c
}
