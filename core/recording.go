package core

// Recording is a run of a scenario under a strategy replayed on real
// software (the lab, lab/), judged by the rules Replay's runs are judged by
// (Ledger), with the model's verdict beside it. A cell the lab cannot
// replay is a Recording with Why set and no calls. The lab writes one per
// cell as JSON; the page reads them.
type Recording struct {
	Scenario string   `json:"scenario"`
	Strategy Strategy `json:"strategy"`
	// Why names what keeps the cell from being replayed ("" when it is):
	// one of the NotReplayed reasons.
	Why      NotReplayed    `json:"why,omitempty"`
	Service  string         `json:"service,omitempty"`  // the real lock service, as the lab ran it
	Resource string         `json:"resource,omitempty"` // the real resource
	Calls    []RecordedCall `json:"calls,omitempty"`
	Verdict  Verdict        `json:"verdict,omitempty"` // the real run's
	Harm     Harm           `json:"harm,omitempty"`
	Model    Verdict        `json:"model"` // Replay's verdict of the same cell
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

// Agrees reports whether a replayed cell reached the model's verdict.
func (r Recording) Agrees() bool { return r.Why == "" && r.Verdict == r.Model }

// NotReplayed is why a cell cannot be replayed on real software.
type NotReplayed string

// Reasons a cell is not replayed.
const (
	// JumpedClock: a clock jumps, which neither etcd's leases nor Redis's
	// expiries can be made to see.
	JumpedClock NotReplayed = "jumped-clock"
	// NoLockDelay: the real lock services (Redis, etcd) have no lock-delay.
	NoLockDelay NotReplayed = "no-lock-delay"
	// SplitCheck: the resource checks and applies in two steps; a real
	// one does both in one statement.
	SplitCheck NotReplayed = "split-check"
)

// NotReplayedReasons lists every reason.
func NotReplayedReasons() []NotReplayed {
	return []NotReplayed{JumpedClock, NoLockDelay, SplitCheck}
}
