package course

import (
	"errors"

	"dlock/core"
)

// Why is the rule of the model that gave a question of predict mode its
// answer, with the values the rule compared, read from the run's frames:
// the reason the page gives under its feedback ("row-42 had seen token 2,
// and 1 < 2"). Rule says which rule; each rule's doc comment names the
// fields it fills, and the others stay zero.
type Why struct {
	Rule Rule
	// Client is who the question is about: the writer, the acquirer, the
	// client renewing, checking or hearing; for the holder, the holder
	// before the step; for the verdict, who made the step that decided it.
	Client string
	// Other is the other client the rule names: the holder in the way, the
	// last holder, the holder whose value was overwritten.
	Other    string
	Resource string
	// Token is a write's token, or a holder's; Max the largest token the
	// resource had seen before it.
	Token, Max int64
	// Version is the version a write carries; Row the row's version
	// before it.
	Version, Row int64
	// Until is when a lease, or a lock-delay, ends; Now the clock it is
	// compared with (the lock service's, or the client's own, as the rule
	// says); From when a client began to count its lease.
	Until, Now, From int
	// Nodes of Of: how many of Redlock's nodes.
	Nodes, Of int
	// Step is a step (1-based) the rule names: the one that decided the
	// verdict, the one a refusal was made at.
	Step int
	// Also is, for a verdict worse than at risk, that the run reached at
	// risk too: the verdict is the worst of what happened.
	Also core.Verdict
}

// Rule is a rule of the model that decides a question.
type Rule string

// The rules.
const (
	// A write (AskWrite).

	// RuleTokenBelow: the resource checks tokens, and the write's Token is
	// below Max: refused.
	RuleTokenBelow Rule = "token-below"
	// RuleTokenNotBelow: the resource checks tokens, and Token is not below
	// Max: accepted (an equal token too, so that one holder can write many
	// times).
	RuleTokenNotBelow Rule = "token-not-below"
	// RuleNoCheck: the resource checks nothing and applies every write
	// that reaches it.
	RuleNoCheck Rule = "no-check"
	// RuleCheckedEarlier: the resource checked the write at Step (Token
	// against the Max it had then, or its Version) and applies it now
	// without checking again.
	RuleCheckedEarlier Rule = "checked-earlier"
	// RuleVersionMatches: the row is still at the Version the write
	// carries: accepted.
	RuleVersionMatches Rule = "version-matches"
	// RuleVersionMoved: the row is at Row, not the Version the write
	// carries: refused.
	RuleVersionMoved Rule = "version-moved"
	// RuleNoVersion: the write carries no version (its writer read none):
	// refused.
	RuleNoVersion Rule = "no-version"

	// A grant (AskGrant), and a holder (AskHolder).

	// RuleFree: nobody has held the lock yet.
	RuleFree Rule = "free"
	// RuleReleased: Other, the last holder, released it.
	RuleReleased Rule = "released"
	// RuleLeaseEnded: Other's lease ended at Until, by the lock service's
	// clock, which reads Now.
	RuleLeaseEnded Rule = "lease-ended"
	// RuleForgot: the lock service lost Other's grant (a restart of a node
	// that keeps its state in memory, a restore, a failover to a replica
	// that lacked it).
	RuleForgot Rule = "forgot"
	// RuleHeld: Other holds the lock, its lease in force until Until (Never
	// without TTL) by the service's clock, which reads Now: refused.
	RuleHeld Rule = "held"
	// RuleLockDelay: Other's lease lapsed without a release, and the
	// service grants nobody the lock until Until (its clock reads Now).
	RuleLockDelay Rule = "lock-delay"
	// RuleMajority: Redlock: Nodes of Of nodes hold (or granted, or
	// renewed) it for Client (or Other, the holder), a majority.
	RuleMajority Rule = "majority"
	// RuleNoMajority: Redlock: only Nodes of Of nodes did, no majority.
	RuleNoMajority Rule = "no-majority"
	// RuleLeaseRuns: Other's lease runs until Until, past Now, the
	// service's clock.
	RuleLeaseRuns Rule = "lease-runs"
	// RuleNoTTL: the lock has no TTL: Other (or Client) holds it until it
	// releases it, whatever the time.
	RuleNoTTL Rule = "no-ttl"
	// RuleLeaderRestarted: a new leader restarted Other's lease in full:
	// it now ends at Until (the service's clock reads Now).
	RuleLeaderRestarted Rule = "leader-restarted"

	// An answer heard late (AskHeard).

	// RuleFromReply: Client counts its lease from the reply's arrival,
	// From, until Until: it believes it holds the lock.
	RuleFromReply Rule = "from-reply"
	// RuleFromRequest: Client counts its lease from its request, sent at
	// From, until Until, past Now: it still holds.
	RuleFromRequest Rule = "from-request"
	// RuleLateGrant: counted from its request, sent at From, the lease
	// ended at Until, by Now: Client does not use it.
	RuleLateGrant Rule = "late-grant"
	// RuleRefusedEarlier: the service refused Client's acquire at Step; the
	// reply only tells it so.
	RuleRefusedEarlier Rule = "refused-earlier"

	// A renewal (AskRenew).

	// RuleInForce: Client's lease was in force until Until, past Now (the
	// service's clock): renewed.
	RuleInForce Rule = "in-force"
	// RuleRenewTooLate: Client's lease had ended at Until, by Now: a lease
	// that has ended is not renewed.
	RuleRenewTooLate Rule = "renew-too-late"
	// RuleNotHolder: Client does not hold the lock; Other does ("" for
	// nobody).
	RuleNotHolder Rule = "not-holder"

	// A check (AskCheck).

	// RuleOwnClockValid: by Client's own clock, Now is before Until.
	RuleOwnClockValid Rule = "own-clock-valid"
	// RuleOwnClockPast: by Client's own clock, Now is at or past Until.
	RuleOwnClockPast Rule = "own-clock-past"

	// The verdict (AskVerdict), with the Step that decided it.

	// RuleOverwrite: at Step, Client's write, made under an older grant,
	// overwrote Other's newer value at Resource: corrupted.
	RuleOverwrite Rule = "overwrite"
	// RuleLostUpdate: at Step, Client wrote Resource from a read that
	// missed a late write, which is lost: corrupted.
	RuleLostUpdate Rule = "lost-update"
	// RuleStuckCrash: from Step, Client holds a lock without TTL and has
	// crashed: stuck.
	RuleStuckCrash Rule = "stuck-crash"
	// RuleStuckToken: from Step, Client holds the lock with Token, but
	// Resource, which checks tokens, has seen Max > Token: it refuses the
	// holder in force, stuck.
	RuleStuckToken Rule = "stuck-token"
	// RuleLateLanded: at Step, Client's write, made under an older grant,
	// landed at Resource after a newer grant, destroying nothing: at risk.
	RuleLateLanded Rule = "late-landed"
	// RuleLateRefused: no write made under an older grant landed after a
	// newer one; Resource refused Client's write at Step: safe.
	RuleLateRefused Rule = "late-refused"
	// RuleNothingLate: no write made under an older grant landed after a
	// newer one, and nothing was refused: safe.
	RuleNothingLate Rule = "nothing-late"
)

// WhyOf is the rule that answers q, a question of the run frames
// (QuestionAt, VerdictQuestion), with its values.
func WhyOf(frames []core.Frame, q Question) Why {
	if q.Ask == AskVerdict {
		return verdictWhy(frames)
	}
	if q.Frame < 1 || q.Frame >= len(frames) {
		return Why{}
	}
	prev, f := frames[q.Frame-1], frames[q.Frame]
	w := Why{Client: q.Client}
	switch q.Ask {
	case AskWrite:
		return writeWhy(frames, q, w)
	case AskGrant:
		return grantWhy(frames, q.Frame, w)
	case AskHeard:
		return heardWhy(frames, q.Frame, w)
	case AskRenew:
		return renewWhy(prev, f, w)
	case AskCheck:
		before, _ := prev.Client(q.Client)
		after, _ := f.Client(q.Client)
		w.Now, w.Until = f.Clock, before.LeaseUntil
		switch {
		case after.Holds() && after.LeaseUntil == core.Never:
			w.Rule, w.Until = RuleNoTTL, 0
		case after.Holds():
			w.Rule, w.Until = RuleOwnClockValid, after.LeaseUntil
		default:
			w.Rule = RuleOwnClockPast
		}
		return w
	case AskHolder:
		return holderWhy(prev, f, w)
	}
	return w
}

// writeWhy is the rule that answers a write question.
func writeWhy(frames []core.Frame, q Question, w Why) Why {
	f, e := frames[q.Frame], frames[q.Frame].Event
	before, _ := frames[q.Frame-1].Resource(e.Resource)
	res, _ := f.Resource(e.Resource)
	w.Resource, w.Token, w.Max, w.Version, w.Row = e.Resource, e.Token, before.MaxToken, e.Version, before.Version
	switch {
	case e.Kind == core.ActDeliver && e.Delivered == core.MsgApply:
		w.Rule, w.Step = RuleCheckedEarlier, q.Since
		if at := q.Since - 1; at >= 1 && at < len(frames) {
			r, _ := frames[at-1].Resource(e.Resource)
			w.Max = r.MaxToken
		}
	case res.Versioned && e.Version == 0 && e.Result == core.ResultRejected:
		w.Rule = RuleNoVersion
	case res.Versioned && e.Result == core.ResultRejected:
		w.Rule = RuleVersionMoved
	case res.Versioned:
		w.Rule = RuleVersionMatches
	case res.Fenced && e.Result == core.ResultRejected:
		w.Rule = RuleTokenBelow
	case res.Fenced:
		w.Rule = RuleTokenNotBelow
	default:
		w.Rule = RuleNoCheck
	}
	return w
}

// grantWhy is the rule that answers a grant question: what held the lock,
// or what freed it.
func grantWhy(frames []core.Frame, i int, w Why) Why {
	f, e := frames[i], frames[i].Event
	lock := f.Lock
	granted := e.Result == core.ResultGranted || e.Result == core.ResultHeld && e.Grant != 0
	if n := len(lock.Nodes); n > 1 {
		w.Nodes, w.Of, w.Rule = e.Nodes, n, RuleNoMajority
		if granted {
			w.Rule = RuleMajority
		}
		return w
	}
	w.Now = lock.Now
	last, lastAt := lastHolder(frames, i-1)
	switch {
	case granted:
		return freedWhy(frames, last, lastAt, w)
	case errors.Is(e.Err, core.ErrLockDelay):
		w.Rule, w.Other, w.Until = RuleLockDelay, last, lock.Expiry+lock.LockDelay
	default:
		w.Rule, w.Other, w.Until = RuleHeld, lock.Holder, lock.Expiry
		if lock.Holder == "" {
			w.Other = last
		}
	}
	return w
}

// lastHolder is the last client the lock service held the lock for, up to
// frames[i], and the index of the last frame it held it at; "" and -1
// where nobody has held it.
func lastHolder(frames []core.Frame, i int) (string, int) {
	for j := min(i, len(frames)-1); j >= 0; j-- {
		if h := frames[j].Lock.Holder; h != "" {
			return h, j
		}
	}
	return "", -1
}

// freedWhy is what freed the lock that last held it (at frames[at]):
// nothing had held it, its holder released it, its lease ended, or the
// service forgot it.
func freedWhy(frames []core.Frame, last string, at int, w Why) Why {
	if last == "" || at+1 >= len(frames) {
		w.Rule = RuleFree
		return w
	}
	w.Other = last
	switch frames[at+1].Event.Kind {
	case core.ActRelease:
		w.Rule = RuleReleased
	case core.ActRestart, core.ActRestore, core.ActFailover:
		w.Rule = RuleForgot
	default:
		w.Rule, w.Until = RuleLeaseEnded, frames[at].Lock.Expiry
	}
	return w
}

// heardWhy is the rule that answers what a client makes of a reply to its
// acquire, delivered late.
func heardWhy(frames []core.Frame, i int, w Why) Why {
	f, e := frames[i], frames[i].Event
	c, _ := f.Client(e.Client)
	w.Now, w.From = f.Clock, f.Clock
	for _, m := range frames[i-1].Network {
		if m.ID == e.Message {
			w.From = m.SentAt
		}
	}
	switch e.Result {
	case core.ResultGranted:
		switch {
		case c.LeaseUntil == core.Never:
			w.Rule = RuleNoTTL
		case c.Discipline == core.FromReply:
			w.Rule, w.From, w.Until = RuleFromReply, f.Clock, c.LeaseUntil
		default:
			w.Rule, w.Until = RuleFromRequest, c.LeaseUntil
		}
	case core.ResultLateGrant:
		w.Rule, w.Until = RuleLateGrant, e.LeaseEnd
	default:
		w.Rule, w.Step = RuleRefusedEarlier, sentAt(frames, i)
	}
	return w
}

// renewWhy is the rule that answers a renewal question.
func renewWhy(prev, f core.Frame, w Why) Why {
	e, lock := f.Event, f.Lock
	renewed := e.Result == core.ResultRenewed
	if n := len(lock.Nodes); n > 1 {
		w.Nodes, w.Of, w.Rule = e.Nodes, n, RuleNoMajority
		if renewed {
			w.Rule = RuleMajority
		}
		return w
	}
	w.Now, w.Until = lock.Now, prev.Lock.Expiry
	switch {
	case renewed:
		w.Rule = RuleInForce
	case errors.Is(e.Err, core.ErrLeaseExpired):
		w.Rule = RuleRenewTooLate
	default:
		w.Rule, w.Until, w.Other = RuleNotHolder, 0, lock.Holder
	}
	return w
}

// holderWhy is the rule that answers who holds the lock after a step in
// which time passed, or the service restarted or failed over.
func holderWhy(prev, f core.Frame, w Why) Why {
	before, after, e := prev.Lock, f.Lock, f.Event
	w.Client, w.Other, w.Now = "", before.Holder, after.Now
	kept := after.Holder == before.Holder && after.Grant == before.Grant
	if n := len(after.Nodes); n > 1 {
		w.Of = n
		for _, node := range after.Nodes {
			if node.Grant == before.Grant {
				w.Nodes++
			}
		}
		w.Rule = RuleNoMajority
		if kept {
			w.Rule = RuleMajority
		}
		return w
	}
	switch {
	case e.Kind == core.ActFailover && e.Result == core.ResultLeaderChanged && after.Holder != "":
		w.Rule, w.Other, w.Until = RuleLeaderRestarted, after.Holder, after.Expiry
	case kept && after.Expiry == core.Never:
		w.Rule = RuleNoTTL
	case kept:
		w.Rule, w.Until = RuleLeaseRuns, after.Expiry
	case e.Kind == core.ActRestart, e.Kind == core.ActFailover:
		w.Rule = RuleForgot
	default:
		w.Rule, w.Until = RuleLeaseEnded, before.Expiry
	}
	return w
}

// verdictWhy is the rule that gave the run its verdict, at the step that
// decided it.
func verdictWhy(frames []core.Frame) Why {
	if len(frames) == 0 {
		return Why{Rule: RuleNothingLate}
	}
	last := frames[len(frames)-1]
	var w Why
	switch core.VerdictOf(frames) {
	case core.Corrupted:
		for _, f := range frames {
			if f.Harm == "" {
				continue
			}
			e := f.Event
			w = Why{Step: f.Step, Client: e.Client, Resource: e.Resource, Other: e.Overwritten, Rule: RuleOverwrite}
			if e.Harm == core.HarmLostUpdate || f.Harm == core.HarmLostUpdate {
				w.Rule, w.Other = RuleLostUpdate, ""
			}
			break
		}
	case core.Stuck:
		w = Why{Step: DecidedAt(frames), Client: last.Lock.Holder, Rule: RuleStuckCrash}
		if c, _ := last.Client(last.Lock.Holder); c.State != core.Crashed || last.Lock.TTL {
			w.Rule, w.Token = RuleStuckToken, last.Lock.Token
			for _, r := range last.Resources {
				if r.Fenced && r.MaxToken > w.Token {
					w.Resource, w.Max = r.Name, r.MaxToken
					break
				}
			}
		}
		for _, f := range frames {
			if f.Event.Result == core.ResultStale {
				w.Also = core.AtRisk
			}
		}
	case core.AtRisk:
		for _, f := range frames {
			if f.Event.Result == core.ResultStale {
				w = Why{Rule: RuleLateLanded, Step: f.Step, Client: f.Event.Client, Resource: f.Event.Resource}
				break
			}
		}
	default:
		w.Rule = RuleNothingLate
		for _, f := range frames {
			if e := f.Event; e.Result == core.ResultRejected && (e.Kind == core.ActWrite || e.Kind == core.ActDeliver) {
				w = Why{Rule: RuleLateRefused, Step: f.Step, Client: e.Client, Resource: e.Resource}
			}
		}
	}
	return w
}
