package main

import (
	"fmt"
	"strings"

	"dlock/core"
)

// Every step of a real run is compared with the model's: what the step did
// (granted, refused, applied, refused by the token, the value read, the
// renewal's answer, the check's), what each client believes after it, and
// what each resource holds. A run agrees only where every step does.
// Differences of timing alone (a grant that came later than its step, the
// library renewing on its own) are listed apart, with their reason.

// modelOutcome is what the model's step did, in the words a client's answer
// uses (reply.Outcome): prev is the frame before it, f after.
func modelOutcome(prev, f core.Frame) string {
	ev := f.Event
	switch ev.Kind {
	case core.ActAcquire:
		switch ev.Result {
		case core.ResultGranted:
			return "granted"
		case core.ResultHeld:
			if ev.Grant != 0 {
				return "held (granted)"
			}
			return "held (refused)"
		}
		return "refused"
	case core.ActRenew:
		switch ev.Result {
		case core.ResultRenewed:
			return "renewed"
		case core.ResultHeld:
			return "held"
		case core.ResultSkipped:
			return "skipped"
		}
		return "lost"
	case core.ActRelease:
		switch ev.Result {
		case core.ResultReleased:
			return "released"
		case core.ResultSkipped:
			return "skipped"
		}
		return "not-holder"
	case core.ActCheck:
		return map[core.Result]string{core.ResultValid: "valid", core.ResultExpired: "expired", core.ResultNoLock: "no-lock"}[ev.Result]
	case core.ActWrite:
		return writeOutcome(ev.Result)
	case core.ActRead, core.ActPeek:
		switch ev.Result {
		case core.ResultSkipped:
			return "skipped"
		case core.ResultRejected:
			return "refused-by-token"
		}
		r, _ := f.Resource(ev.Resource)
		return fmt.Sprintf("read %q", r.Data)
	case core.ActDeliver:
		switch {
		case ev.Result == core.ResultNothing:
			return "nothing"
		case ev.Result == core.ResultDropped:
			return "dropped"
		case ev.Delivered == core.MsgReply:
			return map[core.Result]string{core.ResultGranted: "granted", core.ResultLateGrant: "late-grant", core.ResultRefused: "refused"}[ev.Result]
		case ev.Delivered == core.MsgRenew:
			if ev.Result == core.ResultRenewed {
				return "renewed"
			}
			return "lost"
		}
		return writeOutcome(ev.Result)
	}
	return "-"
}

func writeOutcome(r core.Result) string {
	switch r {
	case core.ResultAccepted, core.ResultStale:
		return "applied"
	case core.ResultRejected:
		return "refused-by-token"
	case core.ResultSkipped:
		return "skipped"
	case core.ResultHeld:
		return "held"
	case core.ResultChecked:
		return "checked"
	}
	return string(r)
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

// compare records step a of the run: the model's outcome beside the real
// one (did), with what clients believe and resources hold on both sides.
func (c *cell) compare(a core.Action, prev, f core.Frame, did, timing string) error {
	model := modelOutcome(prev, f) + "; " + beliefs(c.sc.Clients, func(n string) (bool, bool) {
		cv, _ := f.Client(n)
		return cv.Holds(), cv.State == core.Crashed
	})
	real := did + "; " + beliefs(c.sc.Clients, func(n string) (bool, bool) {
		p := c.clients[n]
		return p.holds, p.crashed
	})
	for _, r := range f.Resources {
		data, _, err := state(c.db, r.Name)
		if err != nil {
			return err
		}
		model += fmt.Sprintf("; %s %q", r.Name, r.Data)
		real += fmt.Sprintf("; %s %q", r.Name, data)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trace.Steps = append(c.trace.Steps, core.RecordedStep{Step: c.step, Action: core.ItemOf(a), Model: model, Real: real, Agrees: model == real, Timing: timing})
	return nil
}
