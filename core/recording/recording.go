package recording

import "dlock/core"

// Recording is a run of a scenario under a strategy replayed on real
// software (the lab, lab/), judged by the rules Replay's runs are judged by
// (Ledger), with the model's verdict beside it. A cell the lab cannot
// replay is a Recording with Why set and no calls. The lab writes one per
// cell as JSON; the page reads them.
type Recording struct {
	Scenario string        `json:"scenario"`
	Strategy core.Strategy `json:"strategy"`
	// Why names what keeps the cell from being replayed ("" when it is):
	// one of the NotReplayed reasons.
	Why      NotReplayed `json:"why,omitempty"`
	Service  string      `json:"service,omitempty"`  // the real lock service, as the lab ran it
	Resource string      `json:"resource,omitempty"` // the real resource
	// Script is the free-play run replayed (Scenario.Script), for the play
	// scenario only.
	Script string `json:"script,omitempty"`
	// Renewal says who renews the lease: RenewedByLibrary or
	// RenewedByClient.
	Renewal string         `json:"renewal,omitempty"`
	Calls   []RecordedCall `json:"calls,omitempty"`
	// Steps compare every step of the real run with the model's.
	Steps   []RecordedStep `json:"steps,omitempty"`
	Verdict core.Verdict   `json:"verdict,omitempty"` // the real run's
	Harm    core.Harm      `json:"harm,omitempty"`
	Model   core.Verdict   `json:"model"` // Replay's verdict of the same cell
	// FirstDiffers is the first step whose real outcome is not the
	// model's (0: every step agrees).
	FirstDiffers int `json:"first_differs,omitempty"`
	// Leases are every lease granted in the run: when the service ended
	// it, and what the holder's library said of it.
	Leases []RealLease `json:"leases,omitempty"`
	// RowOps are every operation the run made on its resources' rows, as
	// the database was asked them, each with when it was asked and when it
	// answered: the rows' history, which the lab checks for
	// linearizability (lab/linearizable.go).
	RowOps []RowOp `json:"row_ops,omitempty"`
	// Backend names the lock service the lab took the lock on, as the
	// lab's table of backends names it (lab/backend.go: redislock, etcd,
	// zookeeper and the others, or a variant such as etcd-bump-revision),
	// or "none" under the row without a lock service.
	Backend string `json:"backend,omitempty"`
	// Token says what a grant's fencing token is on that service, in the
	// lab's words ("" where it issues none).
	Token string `json:"token,omitempty"`
	// Restore says how the lab backed the service up and restored it,
	// where the run does.
	Restore string `json:"restore,omitempty"`
	// Differs, on a run that restores the service, says why the real run
	// may differ from the model there (the model puts the token counter
	// back with the rest; a service may not).
	Differs string `json:"differs,omitempty"`
	// Database names the PostgreSQL database the run's resource was a row
	// of, as the lab made it: postgres (READ COMMITTED, as it comes), or a
	// variant a two-step check is replayed on beside it
	// (postgres-serializable, postgres-idle-timeout).
	Database string `json:"database,omitempty"`
	// Others, in the lab's index only, are the same cell on the row's
	// other lock services and on the other databases, without their calls
	// and steps.
	Others []Recording `json:"others,omitempty"`
}

// RealLease is one lease granted to Client in a real run, at Granted: when
// the service ended it (Service) and when the client's library told it the
// lease was gone (Library), in ms from the run's start (0 for what did not
// happen in the run); and every word the library said of it.
type RealLease struct {
	Client  string `json:"client"`
	Granted int64  `json:"granted_ms"`
	Service int64  `json:"service_ms,omitempty"`
	Library int64  `json:"library_ms,omitempty"`
	// Token is the grant's token (0 where the service issues none).
	Token int64 `json:"token,omitempty"`
	// Suspended is when the library first said it could not tell whether
	// the lease still held (ZooKeeper's Disconnected, Curator's
	// SUSPENDED), 0 if it never did.
	Suspended int64 `json:"suspended_ms,omitempty"`
	// Said is every word the library said of the lease, in order: what it
	// told the holder on its own, and what it answered at check steps.
	Said []LibraryWord `json:"said,omitempty"`
	// Writes are the writes the holder sent while it believed it held the
	// lease, each with when, so that a reader can tell which came after
	// the service had ended the lease, and which before or after its
	// library said so.
	Writes []LeaseWrite `json:"writes,omitempty"`
}

// Standings: what a library's word about a lease amounts to.
const (
	standingHeld      = "held"      // the library holds the lease
	standingSuspended = "suspended" // it cannot tell (a lost connection)
	standingGone      = "gone"      // it says the lease is gone
)

// LibraryWord is one word of a library about a lease: when (ms from the
// run's start), at which step, what it amounts to (a Standing), and the
// library's own words.
type LibraryWord struct {
	MS       int64  `json:"ms"`
	Step     int    `json:"step"`
	Standing string `json:"standing"`
	Words    string `json:"words"`
}

// LeaseWrite is a write a holder sent under a lease: the step, when (ms
// from the run's start), what the resource did with it, in the lab's
// words; and, where the holder's library had already said the lease was
// gone or in doubt, how long before by the client's own clock
// (AfterWordMS, with AfterWord set).
type LeaseWrite struct {
	Step        int    `json:"step"`
	MS          int64  `json:"ms"`
	Outcome     string `json:"outcome"`
	AfterWord   bool   `json:"after_word,omitempty"`
	AfterWordMS int64  `json:"after_word_ms,omitempty"`
}

// Who renews a replayed lease.
const (
	// RenewedByLibrary: the lock library keeps the lease alive on its own
	// (etcd's Session keep-alive; for Redis, a renewal loop in the client
	// process), as real clients run it.
	RenewedByLibrary = "library"
	// RenewedByClient: the client renews at the scenario's renew steps.
	RenewedByClient = "client"
)

// RecordedStep is one step of a real run beside the model's: what the step
// did, what each client believes after it and what each resource holds,
// on both sides (Model and Real, in the lab's words), whether they are the
// same, and, apart, a difference of timing alone (a grant later than its
// step, a library renewing on its own), which does not count against it.
type RecordedStep struct {
	Step   int    `json:"step"`
	Action string `json:"action"`
	Model  string `json:"model"`
	Real   string `json:"real"`
	Agrees bool   `json:"agrees"`
	// Seen is what the real step left, which the page words (Model and
	// Real are the lab's own words, for its trace).
	Seen *Seen `json:"seen,omitempty"`
	// Timing says why the real step's timing differed from the model's,
	// its outcome the same, in the lab's words; Timings, for the page.
	Timing  string   `json:"timing,omitempty"`
	Timings []Timing `json:"timings,omitempty"`
	// Behind is how far the lab was behind the model's clock when the
	// step began, in ms: the model's actions take no time, and a real one
	// (a restart) can take seconds, which leases run on.
	Behind int64 `json:"behind_ms,omitempty"`
}

// RecordedCall is one thing that happened in a real run: when (ms from its
// start), at which of the scenario's steps, by which client ("" for the
// lab itself), the real call and what it returned.
type RecordedCall struct {
	MS     int64  `json:"ms"`
	Step   int    `json:"step"`
	Client string `json:"client,omitempty"`
	Call   string `json:"call"`
	Result string `json:"result"`
}

// Agrees reports whether a replayed cell agrees with the model at every
// step and so reaches its verdict.
func (r Recording) Agrees() bool {
	return r.Why == "" && r.FirstDiffers == 0 && r.Verdict == r.Model
}

// NotReplayed is why a cell cannot be replayed on real software.
type NotReplayed string

// Reasons a cell is not replayed.
const (
	// JumpedClock: a clock jumps, which neither etcd's leases nor Redis's
	// expiries can be made to see.
	JumpedClock NotReplayed = "jumped-clock"
	// NoLockDelay: the real lock services (Redis, etcd) have no lock-delay.
	NoLockDelay NotReplayed = "no-lock-delay"
	// CallInPartition: a client calls its lock service while a renewal of
	// its own is held, which the lab stages as a partition between them
	// (see HeldRenewalCall).
	CallInPartition NotReplayed = "call-in-partition"
	// NoRestore: the lock service is backed up and restored, which the lab
	// does not stage.
	NoRestore NotReplayed = "no-restore"
)

// Replayable says whether the lab can replay sc under st on real
// software, and if not, why: a clock jump under a row whose lock has a
// lease (a lock without one has no expiry for the jump to move), a
// lock-delay, which neither Redis nor etcd has, a call by a client in the
// partition its held renewal makes, or a backup and restore of the lock
// service, which the lab does not stage on every service (a sync of the
// replica and a failover it stages on all of them). A row without a lock service (the optimistic lock) has none of
// these: what its scenarios do to a lock service (restart it, back it up
// and restore it, sync it, fail it over, send it renewals) does nothing,
// in the model and in the lab alike.
func Replayable(sc core.Scenario, st core.Strategy) (NotReplayed, bool) {
	if st.Lockless() {
		return "", true
	}
	for _, s := range sc.Steps {
		if s.Action.Kind == core.ActJump && st.TTL() {
			return JumpedClock, false
		}
	}
	for _, s := range sc.Steps {
		if s.Action.Kind == core.ActBackup || s.Action.Kind == core.ActRestore {
			return NoRestore, false
		}
	}
	if sc.LockDelay > 0 && st.TTL() {
		return NoLockDelay, false
	}
	if HeldRenewalCall(sc) != 0 {
		return CallInPartition, false
	}
	return "", true
}

// HeldRenewalCall is the first item (1-based) where a client acquires,
// renews or releases while a renewal of its own is held and not yet
// delivered, or 0. The lab holds a renewal as a partition between the
// client and its lock service, both ways, so that the library's own
// keep-alives are held too; such a call would wait in the partition until
// the renewal is delivered, where the model lets it through.
func HeldRenewalCall(sc core.Scenario) int {
	held := map[string]string{} // a held renewal's message → its client
	for i, s := range sc.Steps {
		a := s.Action
		switch a.Kind {
		case core.ActDeliver:
			delete(held, a.Message)
		case core.ActAcquire, core.ActRenew, core.ActRelease:
			for _, c := range held {
				if c == a.Client {
					return i + 1
				}
			}
			if a.Kind == core.ActRenew && a.Hold != "" {
				held[a.Hold] = a.Client
			}
		}
	}
	return 0
}

// NotReplayedReasons lists every reason.
func NotReplayedReasons() []NotReplayed {
	return []NotReplayed{JumpedClock, NoLockDelay, CallInPartition, NoRestore}
}

// RowOp is one operation a real run made on a resource's row: who asked
// (a client, or "" for the lab's own read of the row after each step),
// what, and what the database answered, with when it was asked (Call,
// before the first statement was sent) and when it answered (Return,
// after the last answer came back), in µs from the run's start, by the
// clock of the process that asked (the clients and the lab run on one
// machine, on one clock). Step is the step it ended in.
type RowOp struct {
	Client string    `json:"client,omitempty"`
	Step   int       `json:"step"`
	Row    string    `json:"row"`
	Kind   RowOpKind `json:"kind"`
	// TwoStep: a fenced or versioned write checked by a statement of its
	// own (SELECT max_token, or SELECT version), then applied without a
	// check (UPDATE) in the same transaction: Call is before the SELECT,
	// Return after the COMMIT, however long the client was stopped
	// between them.
	TwoStep bool `json:"two_step,omitempty"`
	// Token is the token a fenced write or read carries; Expects the
	// version a versioned write expects (its WHERE version = ?).
	Token   int64 `json:"token,omitempty"`
	Expects int64 `json:"expects,omitempty"`
	// Value is the data a write writes.
	Value  string    `json:"value,omitempty"`
	Result RowResult `json:"result"`
	// Data is what a read read; MaxToken the max_token a read of the
	// row's state read; Version the version a read read, or, for a
	// versioned write applied in one statement, the row's new version (0
	// where the write does not say it).
	Data     string `json:"data,omitempty"`
	MaxToken int64  `json:"max_token,omitempty"`
	Version  int64  `json:"version,omitempty"`
	Call     int64  `json:"call_us"`
	Return   int64  `json:"return_us"`
}

// RowOpKind is what a RowOp asked of its row.
type RowOpKind string

// The operations the lab makes on a row.
const (
	// RowWrite: a plain UPDATE of the data, which checks nothing.
	RowWrite RowOpKind = "write"
	// RowFencedWrite: a write with a token, applied only if the token is
	// at least 1 and not below max_token, which it becomes.
	RowFencedWrite RowOpKind = "fenced-write"
	// RowVersionedWrite: a write applied only if the row is still at the
	// version it expects, which it then increments.
	RowVersionedWrite RowOpKind = "versioned-write"
	// RowRead: a SELECT of the data.
	RowRead RowOpKind = "read"
	// RowFencedRead: a token shown to the row (refused, or raising
	// max_token, as a write's would be), then its data read, in one
	// transaction.
	RowFencedRead RowOpKind = "fenced-read"
	// RowVersionedRead: a SELECT of the data and the version.
	RowVersionedRead RowOpKind = "versioned-read"
	// RowVersions: a SELECT of the version alone (the optimistic lock's
	// acquire, which reads every row's).
	RowVersions RowOpKind = "versions"
	// RowState: the lab's own read of the row after a step: its data,
	// max_token and version.
	RowState RowOpKind = "state"
)

// RowResult is what the database did with a RowOp.
type RowResult string

// The results of a RowOp.
const (
	RowApplied RowResult = "applied" // a write changed the row
	RowRefused RowResult = "refused" // the row's check turned it away (0 rows)
	// RowAborted: the database ended the write's transaction or session
	// (a serialization failure, an idle transaction's timeout): it
	// changed nothing, whatever its token.
	RowAborted RowResult = "aborted"
	RowReadIt  RowResult = "read" // a read returned Data (and what else its kind reads)
)
