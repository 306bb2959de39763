package main

import (
	"context"
	"fmt"
	"strings"

	"dlock/core"
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
}

func (o outcome) is(r core.Result) bool {
	return o.Result == r && !o.Granted && o.Read == nil && !o.Aborted
}

// read is the outcome of a read that returned value.
func readOutcome(value string) outcome { return outcome{Result: core.ResultAccepted, Read: &value} }

// equal reports whether o and p are the same outcome.
func (o outcome) equal(p outcome) bool {
	return o.Result == p.Result && o.Granted == p.Granted && o.Aborted == p.Aborted &&
		(o.Read == nil) == (p.Read == nil) && (o.Read == nil || *o.Read == *p.Read)
}

// words says o as the trace does, for a step of kind k (for a deliver, of
// a message of kind m): the same result reads "refused" for an acquire,
// "lost" for a renewal, "not-holder" for a release.
func (o outcome) words(k core.ActionKind, m core.MessageKind) string {
	if o.Read != nil {
		return fmt.Sprintf("read %q", *o.Read)
	}
	if o.Aborted {
		return "aborted-by-the-database"
	}
	if k == core.ActDeliver {
		switch m {
		case core.MsgReply:
			k = core.ActAcquire
		case core.MsgRenew:
			k = core.ActRenew
		case core.MsgWrite, core.MsgApply:
			k = core.ActWrite
		}
	}
	switch o.Result {
	case "":
		return "-"
	case core.ResultHeld:
		if k == core.ActAcquire {
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
func modelOutcome(f core.Frame) outcome {
	ev := f.Event
	switch ev.Kind {
	case core.ActAcquire:
		switch ev.Result {
		case core.ResultGranted:
			return outcome{Result: core.ResultGranted}
		case core.ResultHeld:
			return outcome{Result: core.ResultHeld, Granted: ev.Grant != 0}
		}
		return outcome{Result: core.ResultRefused}
	case core.ActRenew:
		switch ev.Result {
		case core.ResultRenewed, core.ResultHeld, core.ResultSkipped:
			return outcome{Result: ev.Result}
		}
		return outcome{Result: core.ResultRefused}
	case core.ActRelease:
		switch ev.Result {
		case core.ResultReleased, core.ResultSkipped:
			return outcome{Result: ev.Result}
		}
		return outcome{Result: core.ResultRefused}
	case core.ActCheck:
		return outcome{Result: ev.Result}
	case core.ActWrite:
		return writeOutcome(ev.Result)
	case core.ActRead, core.ActPeek:
		switch ev.Result {
		case core.ResultSkipped, core.ResultRejected:
			return outcome{Result: ev.Result}
		}
		r, _ := f.Resource(ev.Resource)
		return readOutcome(r.Data)
	case core.ActDeliver:
		switch {
		case ev.Result == core.ResultNothing, ev.Result == core.ResultDropped:
			return outcome{Result: ev.Result}
		case ev.Delivered == core.MsgReply:
			return outcome{Result: ev.Result}
		case ev.Delivered == core.MsgRenew:
			if ev.Result == core.ResultRenewed {
				return outcome{Result: core.ResultRenewed}
			}
			return outcome{Result: core.ResultRefused}
		}
		return writeOutcome(ev.Result)
	}
	return outcome{}
}

// writeOutcome is a write's outcome: a stale write is applied as any other
// (which grant made it is the ledger's business, not the resource's).
func writeOutcome(r core.Result) outcome {
	if r == core.ResultStale {
		r = core.ResultAccepted
	}
	return outcome{Result: r}
}

// beliefs says what each client believes: holds, nothing, or crashed.
func beliefs(names []string, holds func(string) (bool, bool)) string {
	var s []string
	for _, n := range names {
		h, crashed := holds(n)
		switch {
		case crashed:
			s = append(s, n+" crashed")
		case h:
			s = append(s, n+" holds")
		default:
			s = append(s, n+" none")
		}
	}
	return strings.Join(s, ", ")
}

// compare records step a of the run: the model's outcome (frame f after
// the step) beside the real one, with what clients believe and resources
// hold on both sides; delivered is the kind of message a deliver let
// through.
func (c *cell) compare(a core.Action, f core.Frame, real outcome, timing string, behind int64) error {
	model := modelOutcome(f)
	modelRest := "; " + beliefs(c.sc.Clients, func(n string) (bool, bool) {
		cv, _ := f.Client(n)
		return cv.Holds(), cv.State == core.Crashed
	})
	realRest := "; " + beliefs(c.sc.Clients, func(n string) (bool, bool) {
		p := c.clients[n]
		return p.holds, p.crashed
	})
	for _, r := range f.Resources {
		data, _, err := state(context.Background(), c.db, r.Name)
		if err != nil {
			return err
		}
		modelRest += fmt.Sprintf("; %s %q", r.Name, r.Data)
		realRest += fmt.Sprintf("; %s %q", r.Name, data)
	}
	m := f.Event.Delivered
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trace.Steps = append(c.trace.Steps, core.RecordedStep{
		Step: c.step, Action: core.ItemOf(a),
		Model: model.words(a.Kind, m) + modelRest, Real: real.words(a.Kind, m) + realRest,
		Agrees: model.equal(real) && modelRest == realRest, Timing: timing, Behind: behind,
	})
	return nil
}
