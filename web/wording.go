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
		if ev.Err != nil {
			return T(l, "action.acquire.held")
		}
		return T(l, "action.acquire", ev.Token)
	case core.ActRenew:
		if ev.Err != nil {
			return T(l, "action.renew.refused")
		}
		return T(l, "action.renew", f.Lock.Expiry)
	case core.ActRelease:
		return T(l, "action.release")
	case core.ActWrite:
		return T(l, "action.write", ev.Token, ev.Value)
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
		return T(l, "action.tick", ev.Ticks)
	}
	return string(ev.Kind)
}

// writeResult is the language-independent value of the action-result hook
// and the words shown for it.
func writeResult(l Lang, r core.WriteResult) (value, words string) {
	switch r {
	case core.Accepted:
		return "accepted", T(l, "result.accepted")
	case core.AcceptedStale:
		return "accepted", T(l, "result.stale")
	case core.RejectedStale:
		return "rejected", T(l, "result.rejected")
	case core.RejectedNoToken:
		return "rejected", T(l, "result.noToken")
	}
	return none, ""
}

func clientStateText(l Lang, s core.ClientState) string {
	return T(l, "client."+string(s))
}

func fencingWord(l Lang, on bool) string {
	if on {
		return T(l, "fencing.on")
	}
	return T(l, "fencing.off")
}

func badgeText(l Lang, f core.Frame) string {
	switch f.Outcome {
	case core.Protected:
		return T(l, "badge.protected")
	case core.Destroyed:
		return T(l, "badge.destroyed")
	}
	return T(l, "badge.step", f.Step)
}

// announcement is what the live region says after a change of step or mode.
func announcement(l Lang, s Settings, total int, f core.Frame) string {
	action := actionText(l, f)
	if f.Event.Client != "" {
		action = f.Event.Client + ": " + action
	}
	if _, words := writeResult(l, f.Event.Write); words != "" {
		action += " — " + words
	}
	return T(l, "announce", f.Step, total, fencingWord(l, s.Fencing), action, T(l, f.Note))
}
