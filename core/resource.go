package core

// WriteResult says what a resource did with one write, or with a fenced read
// (a token presented without a value).
type WriteResult string

// The results of Resource.Write. The zero value means "no write".
const (
	// Accepted: the write was applied and its token was not below maxToken.
	Accepted WriteResult = "accepted"
	// AcceptedStale: the resource applied a write whose token was below
	// maxToken by the time it was applied, or, at a versioned resource,
	// whose version was no longer the row's. An unfenced resource applies
	// such a write because it checks nothing; a check-then-apply resource
	// because the write passed a check that was out of date by the apply
	// (another write landed in between). A resource that checks and
	// applies in one step refuses it: this is the late write that destroys
	// a newer holder's data.
	AcceptedStale WriteResult = "accepted-stale"
	// RejectedStale: a fenced resource refused a token below maxToken.
	RejectedStale WriteResult = "rejected-stale"
	// RejectedNoToken: a fenced resource refused a write that carried no
	// token (0): whoever sent it never held the lock.
	RejectedNoToken WriteResult = "rejected-no-token"
	// RejectedVersion: a versioned resource refused a write that carried
	// a version other than the row's (an UPDATE … WHERE version = ? that
	// updates 0 rows): the row was written since its writer read it.
	RejectedVersion WriteResult = "rejected-version"
)

// Applied reports whether the write changed the resource.
func (r WriteResult) Applied() bool { return r == Accepted || r == AcceptedStale }

// Refused reports whether a fenced or versioned resource turned the write
// away.
func (r WriteResult) Refused() bool {
	return r == RejectedStale || r == RejectedNoToken || r == RejectedVersion
}

// Resource is the shared thing the lock protects (a database row, a file, an
// external API). When fenced it remembers the largest token it has accepted
// and refuses any write that carries a smaller one, so an old holder that
// does not know it is old cannot overwrite a newer holder's data. A token
// equal to maxToken is accepted on purpose: one holder writes many times with
// the token of its one tenure.
//
// A fenced resource checks and applies a write in one atomic step, as a
// compare-and-set, an `UPDATE … WHERE max_token <= ?` or a conditional PUT
// does. One made with newCheckThenApplyResource is meant to be driven by Check
// and Apply as two steps, with time between them: that is how such a check
// fails (see Scenario.NonAtomic).
//
// A versioned resource (newVersionedResource) is the database's optimistic
// lock: it needs no token. It keeps a version, 1 for the empty row, and
// applies a write only if the write carries that version, incrementing it
// in the same step: a write computed from an older read is refused. The
// number a write carries is then the version its writer expects, where a
// fenced resource's is a token.
type Resource struct {
	Name      string
	fenced    bool
	versioned bool
	split     bool // checks, then applies in a separate step
	data      string
	maxToken  int64
	version   int64
	rejected  int
	writes    int
}

// NewResource returns an empty resource that checks fencing tokens
// atomically with each write.
func NewResource(name string) *Resource {
	return &Resource{Name: name, fenced: true}
}

// newCheckThenApplyResource returns an empty resource that checks fencing
// tokens, but in a step of its own before it applies the write: between the
// two, another write can land.
func newCheckThenApplyResource(name string) *Resource {
	return &Resource{Name: name, fenced: true, split: true}
}

// newVersionedResource returns an empty row at version 1 that applies a
// write only if it carries the row's version, and then increments it, in
// one atomic step: UPDATE … SET v = ?, version = version + 1 WHERE id = ?
// AND version = ?, which is atomic at any isolation level (a refused
// write updates 0 rows).
func newVersionedResource(name string) *Resource {
	return &Resource{Name: name, versioned: true, version: 1}
}

// newCheckThenApplyVersionedResource returns an empty row at version 1
// that checks a write's version in a step of its own (SELECT version),
// before it applies the write and increments the version without checking
// again: between the two, another write can land.
func newCheckThenApplyVersionedResource(name string) *Resource {
	return &Resource{Name: name, versioned: true, version: 1, split: true}
}

// newUnfencedResource returns an empty resource that accepts every write,
// for comparison: it shows the destruction fencing prevents. Its Write
// still tells a write a fenced resource would have refused (AcceptedStale).
func newUnfencedResource(name string) *Resource {
	return &Resource{Name: name}
}

// Write applies value if the token passes the resource's check and returns
// what happened. A fenced resource accepts a token >= maxToken and refuses a
// smaller one or a missing one (< 1); a versioned one accepts exactly its
// version (token is then the version the write expects) and increments
// it; an unfenced resource accepts all.
func (r *Resource) Write(token int64, value string) WriteResult {
	if res := r.Check(token); res.Refused() {
		return res
	}
	return r.Apply(token, value)
}

// Check is the first half of a write: a fenced resource refuses a token
// below maxToken or a missing one (and counts the refusal); otherwise, and
// always when unfenced, it returns Accepted and changes nothing. Apply must
// follow for the write to take effect.
func (r *Resource) Check(token int64) WriteResult {
	if r.versioned {
		if token != r.version {
			r.rejected++
			return RejectedVersion
		}
		return Accepted
	}
	if !r.fenced {
		return Accepted
	}
	switch {
	case token < 1:
		r.rejected++
		return RejectedNoToken
	case token < r.maxToken:
		r.rejected++
		return RejectedStale
	}
	return Accepted
}

// Apply is the second half of a write: it applies value whatever the token,
// because the check was made before. It returns AcceptedStale when the token
// is below maxToken by now: a write a fenced resource would have refused, or
// one that passed a check that is out of date. A versioned resource
// increments its version (SET version = version + 1, without the WHERE)
// and returns AcceptedStale when the version carried is no longer the
// row's.
func (r *Resource) Apply(token int64, value string) WriteResult {
	stale := token < r.maxToken
	switch {
	case r.versioned:
		stale = token != r.version
		r.version++
	case token > r.maxToken:
		r.maxToken = token
	}
	r.data = value
	r.writes++
	if stale {
		return AcceptedStale
	}
	return Accepted
}

// Read presents a token without writing (a fenced read, or a no-op write):
// a fenced resource refuses it as it would a write with that token, and
// otherwise raises maxToken to it, so that from now on it refuses every
// smaller token. An unfenced resource ignores the token and returns
// Accepted. Read never changes the data or the write counters. A
// versioned resource checks nothing on a read: its reader learns the
// version (Version) with the data.
func (r *Resource) Read(token int64) WriteResult {
	if !r.fenced {
		return Accepted
	}
	if token < 1 {
		return RejectedNoToken
	}
	if token < r.maxToken {
		return RejectedStale
	}
	r.maxToken = token
	return Accepted
}

// Data returns the current value ("" while nothing has been written).
func (r *Resource) Data() string { return r.data }

// MaxToken returns the largest token accepted so far (0 before any write).
func (r *Resource) MaxToken() int64 { return r.maxToken }

// Version returns a versioned resource's version (1 before any write), 0
// for a resource without one.
func (r *Resource) Version() int64 { return r.version }

// Fenced reports whether the resource checks tokens.
func (r *Resource) Fenced() bool { return r.fenced }

// Versioned reports whether the resource checks a version.
func (r *Resource) Versioned() bool { return r.versioned }

// Atomic reports whether the resource checks and applies a write in one
// step (false only for the check-then-apply resources).
func (r *Resource) Atomic() bool { return !r.split }

// Rejected returns how many writes the fencing or version check refused.
func (r *Resource) Rejected() int { return r.rejected }

// Writes returns how many writes were applied.
func (r *Resource) Writes() int { return r.writes }
