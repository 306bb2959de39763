//go:build !wasm

package words

import (
	"fmt"
	"slices"
	"strings"

	"dlock/core"
	"dlock/core/recording"
)

// SeenText says what a step left (recording.Seen), as the real-software panel
// shows the model's step and a real one beside it: its outcome, for a step
// of kind k (a deliver's, of a message of kind m), what each client
// believes, and what each resource holds.
func SeenText(l Lang, s recording.Seen, k core.ActionKind, m core.MessageKind) string {
	var clients []string
	for _, c := range s.Clients {
		switch {
		case c.Crashed:
			clients = append(clients, T(l, "real.seen.crashed", c.Name))
		case c.Holds:
			clients = append(clients, T(l, "real.seen.holds", c.Name))
		default:
			clients = append(clients, T(l, "real.seen.none", c.Name))
		}
	}
	var rows []string
	for _, r := range s.Rows {
		if r.Data == "" {
			rows = append(rows, T(l, "real.seen.row.empty", r.Name))
		} else {
			rows = append(rows, T(l, "real.seen.row", r.Name, r.Data))
		}
	}
	who, what := strings.Join(clients, T(l, "real.seen.and")), strings.Join(rows, T(l, "real.seen.and"))
	if s.Outcome.Equal(recording.Outcome{}) {
		return T(l, "real.seen.quiet", who, what) // a tick: nothing to say of it
	}
	return T(l, "real.seen", OutcomeText(l, s.Outcome, k, m), who, what)
}

// OutcomeText says what a step did (recording.Outcome), for a step of kind k (a
// deliver's, of a message of kind m): a refusal reads "refused" for an
// acquire, "lost" for a renewal, "not the holder" for a release; a write's
// says whether a token or a version was refused.
func OutcomeText(l Lang, o recording.Outcome, k core.ActionKind, m core.MessageKind) string {
	if o.Read != nil {
		return T(l, "real.outcome.read", *o.Read)
	}
	if k == core.ActDeliver {
		k = m.Action()
	}
	key := string(o.Result)
	switch {
	case o.Aborted:
		key = "aborted"
	case o.ByVersion:
		key = "rejected-version"
	case o.Result == "":
		key = "none"
	case o.Result == core.ResultHeld && o.Granted:
		key = "held-granted"
	case o.Result == core.ResultRefused && k == core.ActRenew:
		key = "lost"
	case o.Result == core.ResultRefused && k == core.ActRelease:
		key = "not-holder"
	}
	return T(l, "real.outcome."+key)
}

// TimingText says why a real step's timing differed from the model's.
func TimingText(l Lang, t recording.Timing) string {
	s := func(v float64) string { return fmt.Sprintf("%.1f", v) }
	switch t.Kind {
	case recording.GrantedLate:
		return T(l, "real.timing.granted-late", s(t.Seconds))
	case recording.SentLate:
		if t.What == core.ActRenew {
			return T(l, "real.timing.renewal-late", s(t.Seconds))
		}
		return T(l, "real.timing.release-late", s(t.Seconds))
	case recording.LibraryRenews:
		return T(l, "real.timing.library-renews")
	case recording.FellBehind:
		if t.Step != 0 {
			return T(l, "real.timing.fell-behind.by", s(t.Seconds), t.Step, t.Item, s(t.Took), t.Holder, t.Until)
		}
		return T(l, "real.timing.fell-behind", s(t.Seconds), t.Holder, t.Until)
	}
	return T(l, "real.timing.other")
}

// DiffersText says why a recorded run differs from the model where the lab
// expects it to (rec.Differs): at a restore, for the service's reason; at
// a two-step check's apply, for the database's; at a failover, how the
// lab staged it on the service and how its timing differs from the
// model's (the steps still agree). "" where it should not.
func DiffersText(l Lang, rec recording.Recording) string {
	switch {
	case rec.Differs == "":
		return ""
	case rec.Restore != "":
		return T(l, "real.differs", T(l, "real.differs."+rec.Backend))
	case failsOver(rec):
		return T(l, "real.failover", T(l, "real.failover."+rec.Backend))
	case rec.Strategy.Versioned():
		return T(l, "real.differs.database.version", T(l, "real.differs."+rec.Database+".version"))
	default:
		return T(l, "real.differs.database", T(l, "real.differs."+rec.Database))
	}
}

// ResourceText says the resource of a recorded run of sc under st: a plain
// row, a fenced one, a versioned one, or a two-step check (of a token or
// a version) at the database's isolation.
func ResourceText(l Lang, rec recording.Recording, sc core.Scenario, st core.Strategy) string {
	split := "real.resource.split"
	switch {
	case st.Versioned() && !sc.NonAtomic:
		return T(l, "real.resource.versioned")
	case st.Versioned():
		split = "real.resource.split-version"
	case !st.Fenced():
		return T(l, "real.resource.plain")
	case !sc.NonAtomic:
		return T(l, "real.resource.fenced")
	}
	db := rec.Database
	if db == "" {
		db = "postgres"
	}
	return T(l, split, T(l, "real.level."+db))
}

// failsOver reports whether a recorded run fails its lock service over.
func failsOver(rec recording.Recording) bool {
	return slices.ContainsFunc(rec.Steps, func(s recording.RecordedStep) bool { return s.Action == string(core.ActFailover) })
}
