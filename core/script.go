package core

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A script is a run written as text, for free play and for links: items
// separated by commas, each one action (or a declaration):
//
//	A:acquire  A:acquire:15  A:acquire:10:n123   A asks for the lock (lease 10 unless given;
//	                                             under Redlock, reaching only nodes 1, 2 and 3)
//	A:renew  A:renew:15                          A renews its lease
//	A:release                                    A gives the lock back
//	A:write:VALUE  A:write:VALUE:row-43          A writes VALUE (to row-42 unless named;
//	                                             row-42 named reads as row-42 unnamed)
//	A:read  A:read:row-43                        A reads, showing its token (a fenced read)
//	A:peek  A:peek:row-43                        A reads without showing a token
//	A:check                                      A checks its own view of its lease
//	A:pause:12  A:resume                         A stops for 12 ticks; A runs again
//	A:crash                                      A dies
//	tick:5                                       5 ticks pass
//	jump:7                                       the lock service's clock (Redlock: node 3's) jumps 7 ahead
//	restart                                      the lock service (Redlock: node 3) restarts
//	backup  restore                              the lock service's state (Redlock: node 3's) is
//	                                             backed up; restored from the last backup
//	A:acquire@m1  A:write:V@m1   deliver:m1      hold the reply or the write until delivered
//	A:renew@m1                                   hold the renewal (a partition) until delivered
//	A:counts-from-reply                          declares that A counts its lease from the reply
//	check-then-apply                             declares that fenced resources check, then apply
//	lock-delay:5                                 declares a lock-delay of 5 ticks after a lapse
//
// Clients are single capital letters A to E, values [A-Za-z0-9-]+,
// resources row-42 and row-43, message ids a lower-case letter and digits.

// maxScriptActions is how many items a script may hold.
const maxScriptActions = 200

// PlayScenario is the id of a scenario read from a script.
const PlayScenario = "play"

// Errors in a script. A *ScriptError wraps one and says where.
var (
	ErrScriptTooLong  = errors.New("too many items")
	ErrEmptyItem      = errors.New("empty item")
	ErrScriptClient   = errors.New("a client is one capital letter from A to E")
	ErrScriptVerb     = errors.New("unknown action")
	ErrScriptArgument = errors.New("wrong argument")
	ErrScriptValue    = errors.New("a value is letters, digits and hyphens")
	ErrScriptNumber   = errors.New("not a number of ticks from 0 up")
	ErrScriptResource = errors.New("the resources are row-42 and row-43")
	ErrScriptMessage  = errors.New("a message id is a lower-case letter and digits")
)

// ScriptError reports the item (1-based) of a script that could not be
// read, and why.
type ScriptError struct {
	Item int
	Text string // the item as written (shortened when very long)
	Err  error
}

func (e *ScriptError) Error() string {
	return fmt.Sprintf("item %d (%q): %v", e.Item, e.Text, e.Err)
}

func (e *ScriptError) Unwrap() error { return e.Err }

// ParseScript reads a script into a scenario (id PlayScenario, clients A
// and B and any other named, resource row-42 and row-43 if named). A script
// that cannot be read gives a *ScriptError naming the first bad item; one
// that can be read but not run (a deliver of a message never held) gives
// Validate's *StepError, whose step counts the initial frame as 1.
func ParseScript(script string) (Scenario, error) {
	sc := Scenario{ID: PlayScenario, Resources: []string{Row42}, Clients: []string{"A", "B"},
		Title: "play.title", Shows: "play.shows", Start: "play.start"}
	if strings.TrimSpace(script) == "" {
		return sc, nil
	}
	items := strings.Split(script, ",")
	if len(items) > maxScriptActions {
		return Scenario{}, &ScriptError{Item: maxScriptActions + 1, Text: short(items[maxScriptActions]), Err: fmt.Errorf("%w: at most %d", ErrScriptTooLong, maxScriptActions)}
	}
	for i, raw := range items {
		item := strings.TrimSpace(raw)
		fail := func(err error) (Scenario, error) {
			return Scenario{}, &ScriptError{Item: i + 1, Text: short(item), Err: err}
		}
		a, decl, err := parseItem(item)
		if err != nil {
			return fail(err)
		}
		switch decl {
		case "check-then-apply":
			sc.NonAtomic = true
			continue
		case "lock-delay":
			sc.LockDelay = a.Ticks
			continue
		case "counts-from-reply":
			sc.FromReply = appendOnce(sc.FromReply, a.Client)
			sc.Clients = appendOnce(sc.Clients, a.Client)
			continue
		}
		if a.Client != "" {
			sc.Clients = appendOnce(sc.Clients, a.Client)
		}
		if a.Resource != "" {
			sc.Resources = appendOnce(sc.Resources, a.Resource)
		}
		sc.Steps = append(sc.Steps, Step{Action: a})
	}
	slices.Sort(sc.Clients)
	slices.Sort(sc.Resources)
	if err := sc.Validate(); err != nil {
		return Scenario{}, err
	}
	return sc, nil
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// parseItem reads one item: an action, or a declaration (decl).
func parseItem(item string) (a Action, decl string, err error) {
	if item == "" {
		return a, "", ErrEmptyItem
	}
	hold := ""
	if at := strings.LastIndexByte(item, '@'); at >= 0 {
		item, hold = item[:at], item[at+1:]
		if !isScriptMessage(hold) {
			return a, "", fmt.Errorf("%w: %q", ErrScriptMessage, hold)
		}
	}
	parts := strings.Split(item, ":")
	ticks := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%w: %q", ErrScriptNumber, s)
		}
		return n, nil
	}
	switch parts[0] {
	case "tick", "jump", "lock-delay":
		if len(parts) != 2 {
			return a, "", fmt.Errorf("%w: %s takes a number of ticks", ErrScriptArgument, parts[0])
		}
		a.Kind = ActTick
		if parts[0] == "jump" {
			a.Kind = ActJump
		}
		a.Ticks, err = ticks(parts[1])
		if parts[0] == "lock-delay" {
			if err == nil {
				err = holdless(hold)
			}
			return a, parts[0], err
		}
	case "restart", "backup", "restore", "check-then-apply":
		if len(parts) != 1 {
			return a, "", fmt.Errorf("%w: %s takes none", ErrScriptArgument, parts[0])
		}
		if parts[0] == "check-then-apply" {
			return a, parts[0], holdless(hold)
		}
		a.Kind = ActionKind(parts[0])
	case "deliver":
		if len(parts) != 2 || !isScriptMessage(parts[1]) {
			return a, "", fmt.Errorf("%w: deliver takes a message id", ErrScriptArgument)
		}
		a.Kind, a.Message = ActDeliver, parts[1]
	default:
		a, decl, err = parseClientItem(parts, ticks)
	}
	if err != nil {
		return a, decl, err
	}
	if hold != "" {
		if !a.Kind.Holdable() {
			return a, decl, ErrNotHoldable
		}
		a.Hold = hold
	}
	return a, decl, nil
}

func holdless(hold string) error {
	if hold != "" {
		return ErrNotHoldable
	}
	return nil
}

func parseClientItem(parts []string, ticks func(string) (int, error)) (a Action, decl string, err error) {
	if len(parts[0]) != 1 || parts[0][0] < 'A' || parts[0][0] > 'E' {
		if len(parts) == 1 {
			return a, "", fmt.Errorf("%w: %q", ErrScriptVerb, parts[0])
		}
		return a, "", fmt.Errorf("%w: %q", ErrScriptClient, parts[0])
	}
	if len(parts) < 2 {
		return a, "", fmt.Errorf("%w: %s does nothing", ErrScriptVerb, parts[0])
	}
	a.Client = parts[0]
	verb, args := parts[1], parts[2:]
	argc := func(lo, hi int) error {
		if len(args) < lo || len(args) > hi {
			return fmt.Errorf("%w: %s takes %d to %d", ErrScriptArgument, verb, lo, hi)
		}
		return nil
	}
	resource := func(i int) error {
		if len(args) > i {
			switch args[i] {
			case Row42:
				// The default resource, named: it reads as the default,
				// which ScriptOf writes unnamed, so that reading what was
				// written gives back the same action.
			case Row43:
				a.Resource = args[i]
			default:
				return fmt.Errorf("%w: %q", ErrScriptResource, args[i])
			}
		}
		return nil
	}
	lease := func() error {
		a.Lease = BookLease
		if len(args) > 0 && args[0] != "" {
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 1 {
				return fmt.Errorf("%w: a lease is a number of ticks from 1 up, not %q", ErrScriptArgument, args[0])
			}
			a.Lease = n
		}
		return nil
	}
	switch verb {
	case "acquire":
		a.Kind = ActAcquire
		if err = argc(0, 2); err == nil {
			err = lease()
		}
		if err == nil && len(args) == 2 {
			if !isScriptNodes(args[1]) {
				return a, "", fmt.Errorf("%w: nodes are written n and digits 1 to 5, as n123", ErrScriptArgument)
			}
			for _, d := range args[1][1:] {
				a.Nodes = append(a.Nodes, int(d-'0'))
			}
		}
	case "renew":
		a.Kind = ActRenew
		if err = argc(0, 1); err == nil {
			err = lease()
		}
	case "write":
		a.Kind = ActWrite
		if err = argc(1, 2); err == nil {
			if !isScriptValue(args[0]) {
				return a, "", fmt.Errorf("%w: %q", ErrScriptValue, args[0])
			}
			a.Value = args[0]
			err = resource(1)
		}
	case "read", "peek":
		a.Kind = ActRead
		if verb == "peek" {
			a.Kind = ActPeek
		}
		if err = argc(0, 1); err == nil {
			err = resource(0)
		}
	case "pause":
		a.Kind = ActPause
		if err = argc(1, 1); err == nil {
			a.Ticks, err = ticks(args[0])
		}
	case "release", "check", "resume", "crash", "counts-from-reply":
		a.Kind = map[string]ActionKind{"release": ActRelease, "check": ActCheck, "resume": ActResume, "crash": ActCrash}[verb]
		err = argc(0, 0)
		if verb == "counts-from-reply" {
			decl = verb
		}
	default:
		return a, "", fmt.Errorf("%w: %q", ErrScriptVerb, verb)
	}
	return a, decl, err
}

// ScriptOf writes sc as a script that ParseScript reads back into the same
// run (its story's words aside).
func ScriptOf(sc Scenario) string {
	var items []string
	for _, c := range sc.FromReply {
		items = append(items, c+":counts-from-reply")
	}
	if sc.NonAtomic {
		items = append(items, "check-then-apply")
	}
	if sc.LockDelay > 0 {
		items = append(items, "lock-delay:"+strconv.Itoa(sc.LockDelay))
	}
	for _, st := range sc.Steps {
		items = append(items, ItemOf(st.Action))
	}
	return strings.Join(items, ",")
}

// ItemOf writes one action as a script item.
func ItemOf(a Action) string {
	var s string
	switch a.Kind {
	case ActTick, ActJump:
		s = fmt.Sprintf("%s:%d", a.Kind, a.Ticks)
	case ActRestart, ActBackup, ActRestore:
		s = string(a.Kind)
	case ActDeliver:
		s = "deliver:" + a.Message
	case ActAcquire, ActRenew:
		s = a.Client + ":" + string(a.Kind)
		if a.Lease != BookLease || len(a.Nodes) > 0 {
			s += ":" + strconv.Itoa(a.Lease)
		}
		if len(a.Nodes) > 0 {
			s += ":n"
			for _, n := range a.Nodes {
				s += strconv.Itoa(n)
			}
		}
	case ActWrite:
		s = a.Client + ":write:" + a.Value
		if a.Resource != "" && a.Resource != Row42 {
			s += ":" + a.Resource
		}
	case ActRead, ActPeek:
		s = a.Client + ":" + string(a.Kind)
		if a.Resource != "" && a.Resource != Row42 {
			s += ":" + a.Resource
		}
	case ActPause:
		s = fmt.Sprintf("%s:pause:%d", a.Client, a.Ticks)
	default:
		s = a.Client + ":" + string(a.Kind)
	}
	if a.Hold != "" {
		s += "@" + a.Hold
	}
	return s
}

// isScriptValue reports whether s is a written value: one or more ASCII
// letters, digits or hyphens. The three small matchers below stand where
// regular expressions did: package regexp and the Unicode tables it keeps
// alive cost app.wasm about 0.4 MB for three character classes.
func isScriptValue(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// isScriptMessage reports whether s is a message id: one lower-case ASCII
// letter followed by one or more digits, like "m1".
func isScriptMessage(s string) bool {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isScriptNodes reports whether s names nodes of the five-node service:
// "n" followed by one or more of the digits 1 to 5, like "n123".
func isScriptNodes(s string) bool {
	if len(s) < 2 || s[0] != 'n' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '1' || s[i] > '5' {
			return false
		}
	}
	return true
}
