package main

import (
	"context"
	"fmt"
	"strings"

	"dlock/core"
	"dlock/core/recording"
)

// Every step of a real run is compared with the model's: what the step did
// (an outcome), what each client believes after it, and what each resource
// holds. A run agrees only where every step does. Differences of timing
// alone (a grant that came later than its step, the library renewing on
// its own) are listed apart, with their reason.

// outcome is what one step did, in the model's terms: the core.Result of
// its event, with what else tells two outcomes apart (whether the service
// granted a held acquire, the value a read returned). The lab's client
// answers with one; the model's is derived from its event (modelOutcome);
// comparing them is comparing values.
type outcome struct {
	Result core.Result `json:"result,omitempty"`
	// Granted: a held acquire the service granted (Result held).
	Granted bool `json:"granted,omitempty"`
	// Read is the value a read or peek returned (Result accepted).
	Read *string `json:"read,omitempty"`
	// Aborted: the database refused the write (Result rejected) by ending
	// its transaction or its session, not for its token: a two-step
	// check's apply at SERIALIZABLE, or after its session was ended.
	Aborted bool `json:"aborted,omitempty"`
	// ByVersion: a versioned row refused the write (Result rejected) for
	// the version it carried (recording.Outcome.ByVersion). No row the lab
	// replays keeps a version yet.
	ByVersion bool `json:"by_version,omitempty"`
}

func (o outcome) is(r core.Result) bool { return recording.Outcome(o).Is(r) }

// read is the outcome of a read that returned value.
func readOutcome(value string) outcome { return outcome(recording.ReadOutcome(value)) }

// equal reports whether o and p are the same outcome.
func (o outcome) equal(p outcome) bool { return recording.Outcome(o).Equal(recording.Outcome(p)) }

// words says o as the trace does, for a step of kind k (for a deliver, of
// a message of kind m), where the row has a lock service or not
// (lockless): the same result reads "refused" for an acquire, "lost" for
// a renewal, "not-holder" for a release; a held acquire without a lock
// service has read the versions, and nothing was granted or refused.
func (o outcome) words(k core.ActionKind, m core.MessageKind, lockless bool) string {
	if o.Read != nil {
		return fmt.Sprintf("read %q", *o.Read)
	}
	if o.Aborted {
		return "aborted-by-the-database"
	}
	if o.ByVersion {
		return "refused-by-version"
	}
	if k == core.ActDeliver {
		k = m.Action()
	}
	switch o.Result {
	case "":
		return "-"
	case core.ResultHeld:
		switch {
		case k == core.ActAcquire && lockless:
			return "held (read)"
		case k == core.ActAcquire:
			if o.Granted {
				return "held (granted)"
			}
			return "held (refused)"
		}
	case core.ResultRefused:
		switch k {
		case core.ActRenew:
			return "lost"
		case core.ActRelease:
			return "not-holder"
		}
	case core.ResultAccepted:
		return "applied"
	case core.ResultRejected:
		return "refused-by-token"
	}
	return string(o.Result)
}

// modelOutcome is what the model's step did, frame f after it.
func modelOutcome(f core.Frame) outcome { return outcome(recording.OutcomeOf(f)) }

// writeOutcome is a write's outcome (recording.WriteOutcome).
func writeOutcome(r core.Result) outcome { return outcome(recording.WriteOutcome(r)) }

// compare records step a of the run: the model's outcome (frame f after
// the step) beside the real one, with what clients believe and resources
// hold on both sides, and what the real run left (recording.Seen) for the page
// to word; delivered is the kind of message a deliver let through.
func (c *cell) compare(a core.Action, f core.Frame, real outcome, timing []recording.Timing, behind int64) error {
	model := recording.SeenIn(f, c.sc.Clients)
	seen := recording.Seen{Outcome: recording.Outcome(real)}
	for _, n := range c.sc.Clients {
		p := c.clients[n]
		seen.Clients = append(seen.Clients, recording.ClientSeen{Name: n, Holds: p.holds, Crashed: p.crashed})
	}
	for _, r := range f.Resources {
		op, err := c.rowState(context.Background(), r.Name)
		if err != nil {
			return err
		}
		seen.Rows = append(seen.Rows, recording.RowSeen{Name: r.Name, Data: op.Data})
	}
	m := f.Event.Delivered
	var says []string
	for _, t := range timing {
		says = append(says, timingWords(t))
	}
	c.trace.compared(recording.RecordedStep{
		Action: a.String(), Model: seenWords(model, a.Kind, m, c.st.Lockless()), Real: seenWords(seen, a.Kind, m, c.st.Lockless()),
		Seen: &seen, Agrees: model.Equal(seen), Timing: strings.Join(says, "; "), Timings: timing, Behind: behind,
	})
	return nil
}

// seenWords says what a step left as the trace does: "granted; A holds,
// B none; row-42 \"A-1\"".
func seenWords(s recording.Seen, k core.ActionKind, m core.MessageKind, lockless bool) string {
	var clients []string
	for _, cl := range s.Clients {
		switch {
		case cl.Crashed:
			clients = append(clients, cl.Name+" crashed")
		case cl.Holds:
			clients = append(clients, cl.Name+" holds")
		default:
			clients = append(clients, cl.Name+" none")
		}
	}
	out := outcome(s.Outcome).words(k, m, lockless) + "; " + strings.Join(clients, ", ")
	for _, r := range s.Rows {
		out += fmt.Sprintf("; %s %q", r.Name, r.Data)
	}
	return out
}

// timingWords says a timing as the trace does.
func timingWords(t recording.Timing) string {
	switch t.Kind {
	case recording.GrantedLate:
		return fmt.Sprintf("granted %.1f s after its step: the service still held the earlier lease", t.Seconds)
	case recording.SentLate:
		what := "release"
		if t.What == core.ActRenew {
			what = "renewal"
		}
		return fmt.Sprintf("%s sent %.1f s after its step: the service ended the lease that late", what, t.Seconds)
	case recording.LibraryRenews:
		return "the library renews on its own, every third of the lease, not only at this step"
	case recording.FellBehind:
		cause := ""
		if t.Step != 0 {
			cause = fmt.Sprintf(" (step %d, %s, took %.1f s)", t.Step, t.Item, t.Took)
		}
		return fmt.Sprintf("the lab was %.1f s behind the model's clock%s: %s's lease, which the model counts until t=%d, had ended at the service",
			t.Seconds, cause, t.Holder, t.Until)
	}
	return string(t.Kind)
}
