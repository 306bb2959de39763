package web

import (
	"strconv"

	"dlock/core"
)

// none is the data-value of a hook that shows no value. go-app drops an
// attribute whose value is empty, so the hooks never use "".
const none = "none"

func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}

func tokenOrNone(t int64) string {
	if t == 0 {
		return none
	}
	return strconv.FormatInt(t, 10)
}

// actionText is the monospace label of a frame's event.
func actionText(l Lang, f core.Frame) string {
	ev := f.Event
	switch ev.Kind {
	case "":
		return T(l, "action.initial")
	case core.ActAcquire:
		switch {
		case ev.Result == core.ResultHeld && ev.Err != nil:
			return T(l, "action.acquire.held-refused")
		case ev.Result == core.ResultHeld:
			return T(l, "action.acquire.held", ev.Token)
		case ev.Err != nil:
			return T(l, "action.acquire.refused")
		}
		return T(l, "action.acquire", ev.Token)
	case core.ActRenew:
		switch {
		case ev.Err != nil:
			return T(l, "action.renew.refused")
		case f.Lock.Expiry == core.Never:
			return T(l, "action.renew.never")
		}
		return T(l, "action.renew", f.Lock.Expiry)
	case core.ActRelease:
		if ev.Err != nil {
			return T(l, "action.release.refused")
		}
		return T(l, "action.release")
	case core.ActWrite:
		switch ev.Result {
		case core.ResultSkipped:
			return T(l, "action.write.skipped")
		case core.ResultHeld:
			return T(l, "action.write.held", ev.Token, ev.Value)
		}
		return T(l, "action.write", ev.Token, ev.Value)
	case core.ActCheck:
		c, _ := f.Client(ev.Client)
		switch {
		case ev.Result == core.ResultNoLock:
			return T(l, "action.check.none")
		case ev.Result == core.ResultExpired:
			return T(l, "action.check.expired")
		case c.LeaseUntil == core.Never:
			return T(l, "action.check.forever")
		}
		return T(l, "action.check.valid", f.Clock, c.LeaseUntil)
	case core.ActPause:
		if ev.Expired != "" {
			return T(l, "action.pause.expires")
		}
		return T(l, "action.pause", ev.Ticks)
	case core.ActResume:
		return T(l, "action.resume")
	case core.ActCrash:
		return T(l, "action.crash")
	case core.ActTick:
		if ev.Expired != "" {
			return T(l, "action.tick.expires", ev.Ticks)
		}
		return T(l, "action.tick", ev.Ticks)
	case core.ActDeliver:
		switch {
		case ev.Result == core.ResultNothing:
			return T(l, "action.deliver.nothing")
		case ev.Delivered == core.ActWrite:
			return T(l, "action.deliver.write", ev.Token, ev.Value)
		case ev.Result == core.ResultRefused:
			return T(l, "action.deliver.refused")
		}
		return T(l, "action.deliver.grant", ev.Token)
	case core.ActRestart:
		if ev.Result == core.ResultKept {
			return T(l, "action.restart.kept")
		}
		return T(l, "action.restart.lost")
	}
	return string(ev.Kind)
}

// resultValue is the language-independent value of the action-result hook:
// what the resource did with a write that reached it.
func resultValue(ev core.Event) string {
	switch ev.Result {
	case core.ResultAccepted, core.ResultDestroys:
		return "accepted"
	case core.ResultRejected:
		return "rejected"
	}
	return none
}

// resultWords are the words of the action line's result tag.
func resultWords(l Lang, ev core.Event) string {
	switch ev.Result {
	case core.ResultAccepted:
		if ev.Write == core.AcceptedStale {
			return T(l, "result.stale")
		}
		return T(l, "result.accepted")
	case core.ResultDestroys:
		return T(l, "result.destroys")
	case core.ResultRejected:
		if ev.Write == core.RejectedNoToken {
			return T(l, "result.noToken")
		}
		return T(l, "result.rejected")
	case core.ResultRefused:
		return T(l, "result.refused")
	case core.ResultHeld:
		return T(l, "result.held")
	case core.ResultSkipped:
		return T(l, "result.skipped")
	case core.ResultValid:
		return T(l, "result.valid")
	case core.ResultExpired:
		return T(l, "result.expired")
	case core.ResultStuck:
		return T(l, "result.stuck")
	case core.ResultLost:
		return T(l, "result.lost")
	case core.ResultDropped:
		return T(l, "result.dropped")
	}
	return ""
}

func clientStateText(l Lang, s core.ClientState) string {
	return T(l, "client."+string(s))
}

// beliefText says which token a client believes it holds and until when
// its own view says the lease runs.
func beliefText(l Lang, c core.ClientView) string {
	switch {
	case c.Token == 0:
		return T(l, "client.holdsNone")
	case c.LeaseUntil == core.Never:
		return T(l, "client.holds.forever", c.Token)
	case c.LeaseUntil > 0:
		return T(l, "client.holds.until", c.Token, c.LeaseUntil)
	}
	return T(l, "client.holds", c.Token)
}

// messageText describes a message in flight.
func messageText(l Lang, m core.Message) string {
	if m.Kind == core.ActWrite {
		return T(l, "network.write", m.ID, m.Client, m.Token, m.Value, m.SentAt)
	}
	if m.Token == 0 {
		return T(l, "network.refusal", m.ID, m.Client, m.SentAt)
	}
	return T(l, "network.grant", m.ID, m.Client, m.Token, m.SentAt)
}

func badgeText(l Lang, f core.Frame) string {
	switch f.Outcome {
	case core.Protected:
		return T(l, "badge.protected")
	case core.Destroyed:
		return T(l, "badge.destroyed")
	case core.Stuck:
		return T(l, "badge.stuck")
	}
	return T(l, "badge.step", f.Step)
}

// announcement is what the live region says of one run after a change of
// step or mode.
func announcement(s Settings, r runView) string {
	l, f := s.Lang, r.f
	action := actionText(l, f)
	if f.Event.Client != "" {
		action = f.Event.Client + ": " + action
	}
	if words := resultWords(l, f.Event); words != "" {
		action += " — " + words
	}
	mode := T(l, "strategy."+string(r.st))
	if s.View == ViewDemo && (r.st == core.Lease || r.st == core.LeaseFencing) {
		mode = T(l, "announce.fencing."+onOff(r.st.Fenced()))
	}
	return T(l, "announce", f.Step, len(r.frames), mode, action, T(l, f.Note))
}
