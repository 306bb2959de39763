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
//	sync                                         the lock service's asynchronous replica (Redlock:
//	                                             node 3's) catches up with its primary
//	failover                                     the primary (Redlock: node 3) dies and its replica
//	                                             takes over with what it had; replicated by
//	                                             consensus, a new leader is elected (once a run)
//	A:acquire@m1  A:write:V@m1   deliver:m1      hold the reply or the write until delivered
//	A:renew@m1                                   hold the renewal (a partition) until delivered
//	A:counts-from-reply                          declares that A counts its lease from the reply
//	check-then-apply                             declares that fenced resources check, then apply
//	lock-delay:5                                 declares a lock-delay of 5 ticks after a lapse
//
// An action's verb is its kind (ActionKinds), after its client where a
// client performs it (ByClient); what may follow the verb is its kind's
// Args, the one grammar that reading (ParseScript), writing (Action.String,
// Scenario.Script) and free play's editor share. Clients are single capital
// letters A to E (Clients), values [A-Za-z0-9-]+, resources row-42 and
// row-43, message ids a lower-case letter and digits.

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

// Arg is one argument of a script item, after its verb.
type Arg string

// The arguments a script item can take.
const (
	ArgLease    Arg = "lease"    // a lease in ticks from 1 up; empty for BookLease
	ArgNodes    Arg = "nodes"    // the Redlock nodes reached: n and digits 1 to 5, as n123
	ArgValue    Arg = "value"    // letters, digits and hyphens
	ArgResource Arg = "resource" // row-42 (the default) or row-43
	ArgTicks    Arg = "ticks"    // a number of ticks from 0 up
	ArgMessage  Arg = "message"  // a message id: a lower-case letter and digits
)

// grammar is the script's grammar: for each action kind, the arguments its
// item takes after its verb, in order, of which the first need must be
// given. The verb is the kind itself; a kind by a client (ByClient) has
// the client before it.
var grammar = map[ActionKind]struct {
	args []Arg
	need int
}{
	ActAcquire: {[]Arg{ArgLease, ArgNodes}, 0},
	ActRenew:   {[]Arg{ArgLease}, 0},
	ActWrite:   {[]Arg{ArgValue, ArgResource}, 1},
	ActRead:    {[]Arg{ArgResource}, 0},
	ActPeek:    {[]Arg{ArgResource}, 0},
	ActPause:   {[]Arg{ArgTicks}, 1},
	ActTick:    {[]Arg{ArgTicks}, 1},
	ActJump:    {[]Arg{ArgTicks}, 1},
	ActDeliver: {[]Arg{ArgMessage}, 1},
	// Release, check, resume, crash, restart, backup, restore, sync and
	// failover take none.
}

// Args says what a script item of this kind takes after its verb: its
// arguments in order, of which the first need must be given and the rest
// may be left off.
func (k ActionKind) Args() (args []Arg, need int) {
	g := grammar[k]
	return slices.Clone(g.args), g.need
}

// scriptClients are the clients a script can name, one letter each.
const scriptClients = "ABCDE"

// Clients lists the clients a script can name, in order.
func Clients() []string { return strings.Split(scriptClients, "") }

func isScriptClient(s string) bool { return len(s) == 1 && strings.Contains(scriptClients, s) }

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
	switch k := ActionKind(parts[0]); {
	case k == "lock-delay":
		if len(parts) != 2 {
			return a, "", fmt.Errorf("%w: %s takes a number of ticks", ErrScriptArgument, k)
		}
		if a.Ticks, err = scriptTicks(parts[1]); err == nil {
			err = holdless(hold)
		}
		return a, string(k), err
	case k == "check-then-apply":
		if len(parts) != 1 {
			return a, "", fmt.Errorf("%w: %s takes none", ErrScriptArgument, k)
		}
		return a, string(k), holdless(hold)
	case slices.Contains(ActionKinds(), k) && !k.ByClient():
		a.Kind = k
		err = a.readArgs(parts[1:])
	default:
		a, decl, err = parseClientItem(parts)
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

// parseClientItem reads an item that starts with a client: an action by
// a client, or the declaration counts-from-reply.
func parseClientItem(parts []string) (a Action, decl string, err error) {
	if !isScriptClient(parts[0]) {
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
	if verb == "counts-from-reply" {
		if len(args) != 0 {
			return a, "", fmt.Errorf("%w: %s takes none", ErrScriptArgument, verb)
		}
		return a, verb, nil
	}
	if k := ActionKind(verb); !slices.Contains(ActionKinds(), k) || !k.ByClient() {
		return a, "", fmt.Errorf("%w: %q", ErrScriptVerb, verb)
	}
	a.Kind = ActionKind(verb)
	return a, "", a.readArgs(args)
}

// readArgs reads the arguments after a's verb, as its kind's grammar says.
func (a *Action) readArgs(args []string) error {
	want, need := a.Kind.Args()
	if len(args) < need || len(args) > len(want) {
		return fmt.Errorf("%w: %s takes %d to %d", ErrScriptArgument, a.Kind, need, len(want))
	}
	for i, arg := range want {
		s, given := "", i < len(args)
		if given {
			s = args[i]
		}
		if err := a.readArg(arg, s, given); err != nil {
			return err
		}
	}
	return nil
}

// readArg reads one argument, s, into a; given is false where it was left
// off.
func (a *Action) readArg(arg Arg, s string, given bool) error {
	switch arg {
	case ArgLease:
		a.Lease = BookLease
		if s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				return fmt.Errorf("%w: a lease is a number of ticks from 1 up, not %q", ErrScriptArgument, s)
			}
			a.Lease = n
		}
	case ArgNodes:
		if !given {
			return nil
		}
		if !isScriptNodes(s) {
			return fmt.Errorf("%w: nodes are written n and digits 1 to 5, as n123", ErrScriptArgument)
		}
		for _, d := range s[1:] {
			a.Nodes = append(a.Nodes, int(d-'0'))
		}
	case ArgValue:
		if !isScriptValue(s) {
			return fmt.Errorf("%w: %q", ErrScriptValue, s)
		}
		a.Value = s
	case ArgResource:
		switch {
		case !given, s == Row42:
			// The default resource, named: it reads as the default, which
			// Action.String writes unnamed, so that reading what was written
			// gives back the same action.
		case s == Row43:
			a.Resource = s
		default:
			return fmt.Errorf("%w: %q", ErrScriptResource, s)
		}
	case ArgTicks:
		n, err := scriptTicks(s)
		if err != nil {
			return err
		}
		a.Ticks = n
	case ArgMessage:
		if !isScriptMessage(s) {
			return fmt.Errorf("%w: %s takes a message id", ErrScriptArgument, a.Kind)
		}
		a.Message = s
	}
	return nil
}

// scriptTicks reads a number of ticks from 0 up.
func scriptTicks(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%w: %q", ErrScriptNumber, s)
	}
	return n, nil
}

// Script writes sc as a script that ParseScript reads back into the same
// run (its story's words aside).
func (sc Scenario) Script() string {
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
		items = append(items, st.Action.String())
	}
	return strings.Join(items, ",")
}

// String writes a as a script item, as its kind's grammar says: the
// arguments left off at the end are those at their default. ParseScript
// reads it back.
func (a Action) String() string {
	s := string(a.Kind)
	if a.Kind.ByClient() {
		s = a.Client + ":" + s
	}
	args, need := a.Kind.Args()
	for len(args) > need && a.argDefault(args[len(args)-1]) {
		args = args[:len(args)-1]
	}
	for _, arg := range args {
		s += ":" + a.argText(arg)
	}
	if a.Hold != "" {
		s += "@" + a.Hold
	}
	return s
}

// argDefault reports whether a's argument arg is what reading it left off
// gives.
func (a Action) argDefault(arg Arg) bool {
	switch arg {
	case ArgLease:
		return a.Lease == BookLease
	case ArgNodes:
		return len(a.Nodes) == 0
	case ArgResource:
		return a.Resource == "" || a.Resource == Row42
	}
	return false
}

// argText writes a's argument arg.
func (a Action) argText(arg Arg) string {
	switch arg {
	case ArgLease:
		return strconv.Itoa(a.Lease)
	case ArgNodes:
		s := "n"
		for _, n := range a.Nodes {
			s += strconv.Itoa(n)
		}
		return s
	case ArgValue:
		return a.Value
	case ArgResource:
		if a.Resource == "" {
			return Row42
		}
		return a.Resource
	case ArgTicks:
		return strconv.Itoa(a.Ticks)
	case ArgMessage:
		return a.Message
	}
	return ""
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
