package main

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"dlock/core"
	"dlock/core/recording"

	"github.com/anishathalye/porcupine"
)

// A second checker of the lab's real runs: each run's rows' history (what
// its clients and the lab asked of each row, what PostgreSQL answered,
// and when each was asked and answered: recording.RowOp) is checked for
// linearizability with porcupine (github.com/anishathalye/porcupine,
// which etcd's own robustness tests use). A history is linearizable when
// each operation can be put at one instant between its call and its
// return, in an order in which a row that does what it promises, one
// operation at a time (rowModel), answers every operation as the database
// did. Where no such order exists, the database did something no atomic
// row does: a write passed a check that another write had made out of date
// (the two-step check at READ COMMITTED, non-atomic-check's lesson).
//
// The check is about the row alone, not the lock: a plain UPDATE is an
// atomic register, and a run in which the lock let two holders write one
// after the other is corrupted and yet linearizable; a late write a fenced
// row refuses is linearizable too, although the run was at risk.

// rowState is a row as the sequential model keeps it: its data, the
// largest token it has taken (max_token), and its version; a new row is
// ("", 0, 1), as lock.Schema makes it.
type rowState struct {
	data     string
	maxToken int64
	version  int64
}

// rowCall is what an operation asked of its row (porcupine's input), and
// rowAnswer what the row answered (its output).
type rowCall struct {
	who     string // the client, or "the lab" (with the row, in a run of more than one)
	row     string
	kind    recording.RowOpKind
	twoStep bool
	token   int64
	expects int64
	value   string
}

type rowAnswer struct {
	result   recording.RowResult
	data     string
	maxToken int64
	version  int64
}

// takes says whether a row in state s takes token: at least 1, and not
// below the largest it has taken (lock.Fence's rule).
func (s rowState) takes(token int64) bool { return token >= 1 && token >= s.maxToken }

// stepRow is the row as a sequential object: whether, in state s, it can
// answer c with a, and the state after. Every row is all of these at once
// (lock.Schema keeps data, max_token and version in each); a run uses one
// kind of write on it, the row's (plain, fenced or versioned):
//
//   - a plain write is applied, always;
//   - a fenced write with token t is applied iff t >= 1 and t >=
//     max_token, which becomes t; otherwise refused, nothing changed;
//   - a versioned write expecting version e is applied iff the version is
//     e, which is then incremented (and is what the write returns, where
//     it says); otherwise refused;
//   - a read returns the data; a fenced read with token t is refused as a
//     write with t would be, or raises max_token to t and returns the
//     data; a versioned read returns the data and the version; the lab's
//     read returns all three.
//
// A two-step write (TwoStep) is held to its one-statement rule: that is
// what its check promises. A write the database aborted (its transaction
// or session ended) changed nothing, and fits anywhere: an aborted
// transaction is as if it had not run.
func stepRow(s rowState, c rowCall, a rowAnswer) (bool, rowState) {
	write := c.kind == recording.RowWrite || c.kind == recording.RowFencedWrite || c.kind == recording.RowVersionedWrite
	if a.result == recording.RowAborted {
		return write, s
	}
	read := a.result == recording.RowReadIt
	switch c.kind {
	case recording.RowWrite:
		return a.result == recording.RowApplied, rowState{c.value, s.maxToken, s.version}
	case recording.RowFencedWrite:
		if !s.takes(c.token) {
			return a.result == recording.RowRefused, s
		}
		return a.result == recording.RowApplied, rowState{c.value, c.token, s.version}
	case recording.RowVersionedWrite:
		if c.expects != s.version {
			return a.result == recording.RowRefused, s
		}
		next := rowState{c.value, s.maxToken, s.version + 1}
		return a.result == recording.RowApplied && (a.version == 0 || a.version == next.version), next
	case recording.RowRead:
		return read && a.data == s.data, s
	case recording.RowFencedRead:
		if !s.takes(c.token) {
			return a.result == recording.RowRefused, s
		}
		s.maxToken = c.token
		return read && a.data == s.data, s
	case recording.RowVersionedRead:
		return read && a.data == s.data && a.version == s.version, s
	case recording.RowVersions:
		return read && a.version == s.version, s
	case recording.RowState:
		return read && a.data == s.data && a.maxToken == s.maxToken && a.version == s.version, s
	}
	return false, s
}

// rowModel is stepRow as porcupine's model, one partition per row:
// linearizability is local (Herlihy and Wing), so a run's history is
// linearizable iff each row's is. The one statement that reads every
// row's version (the optimistic lock's acquire) is a read of each row, at
// the statement's times: checked row by row, it is held to less than it
// promises (that its reads are of one instant), never to more.
var rowModel = porcupine.Model{
	Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
		var rows []string
		by := map[string][]porcupine.Operation{}
		for _, op := range history {
			row := op.Input.(rowCall).row
			if _, ok := by[row]; !ok {
				rows = append(rows, row)
			}
			by[row] = append(by[row], op)
		}
		var out [][]porcupine.Operation
		for _, row := range rows {
			out = append(out, by[row])
		}
		return out
	},
	Init: func() any { return rowState{version: 1} },
	Step: func(state, input, output any) (bool, any) {
		return stepRow(state.(rowState), input.(rowCall), output.(rowAnswer))
	},
	DescribeOperation: func(input, output any) string {
		return describeOp(input.(rowCall), output.(rowAnswer))
	},
	DescribeState: func(state any) string {
		s := state.(rowState)
		return rowWords(s.data, s.maxToken, s.version)
	},
	DescribeOperationMetadata: func(info any) string {
		if info == nil {
			return ""
		}
		return info.(string)
	},
}

// describeOp says an operation as the picture of a history shows it.
func describeOp(c rowCall, a rowAnswer) string {
	var asked string
	switch c.kind {
	case recording.RowWrite:
		asked = fmt.Sprintf("write %q (no check)", c.value)
	case recording.RowFencedWrite:
		asked = fmt.Sprintf("write %q with token %d", c.value, c.token)
	case recording.RowVersionedWrite:
		asked = fmt.Sprintf("write %q if at version %d", c.value, c.expects)
	case recording.RowRead:
		asked = "read"
	case recording.RowFencedRead:
		asked = fmt.Sprintf("read with token %d", c.token)
	case recording.RowVersionedRead:
		asked = "read with the version"
	case recording.RowVersions:
		asked = "read the version"
	case recording.RowState:
		asked = "read"
	}
	if c.twoStep {
		asked += ", checked by a SELECT, then an UPDATE without a check"
	}
	var got string
	switch {
	case c.kind == recording.RowState:
		got = rowWords(a.data, a.maxToken, a.version)
	case a.result == recording.RowReadIt && (c.kind == recording.RowVersionedRead):
		got = fmt.Sprintf("%q, version %d", a.data, a.version)
	case a.result == recording.RowReadIt && c.kind == recording.RowVersions:
		got = fmt.Sprintf("version %d", a.version)
	case a.result == recording.RowReadIt:
		got = fmt.Sprintf("%q", a.data)
	case a.result == recording.RowApplied && a.version != 0:
		got = fmt.Sprintf("applied, now at version %d", a.version)
	default:
		got = string(a.result)
	}
	return fmt.Sprintf("%s: %s → %s", c.who, asked, got)
}

// rowWords say a row's state: its data, and its max_token and version
// where they are not a new row's (0 and 1).
func rowWords(data string, maxToken, version int64) string {
	s := fmt.Sprintf("%q", data)
	if maxToken != 0 {
		s += fmt.Sprintf(", max_token %d", maxToken)
	}
	if version != 1 {
		s += fmt.Sprintf(", version %d", version)
	}
	return s
}

// theLab names the lab's own reads in a history's picture.
const theLab = "the lab"

// rowHistory is a recording's rows' operations as porcupine's history:
// each client a row of the picture, in the order of their names, and the
// lab's own reads below them; each operation's metadata its step.
func rowHistory(r recording.Recording) ([]porcupine.Operation, []string) {
	var who, rows []string
	for _, op := range r.RowOps {
		if op.Client != "" && !slices.Contains(who, op.Client) {
			who = append(who, op.Client)
		}
		if !slices.Contains(rows, op.Row) {
			rows = append(rows, op.Row)
		}
	}
	slices.Sort(who)
	who = append(who, theLab)
	actions := map[int]string{}
	for _, s := range r.Steps {
		actions[s.Step] = s.Action
	}
	var ops []porcupine.Operation
	for _, op := range r.RowOps {
		name := op.Client
		if name == "" {
			name = theLab
		}
		label := name
		if len(rows) > 1 {
			label += " on " + op.Row
		}
		step := fmt.Sprintf("step %d", op.Step)
		if a := actions[op.Step]; a != "" {
			step += " (" + a + ")"
		}
		ops = append(ops, porcupine.Operation{
			ClientId: slices.Index(who, name),
			Input:    rowCall{who: label, row: op.Row, kind: op.Kind, twoStep: op.TwoStep, token: op.Token, expects: op.Expects, value: op.Value},
			Call:     op.Call,
			Output:   rowAnswer{result: op.Result, data: op.Data, maxToken: op.MaxToken, version: op.Version},
			Return:   op.Return,
			Metadata: step,
		})
	}
	return ops, who
}

// checkLimit bounds one check: a run's history is tens of operations,
// which porcupine checks in milliseconds; a check that takes longer says
// "unknown" rather than hold the lab up.
const checkLimit = time.Minute

// linearizability is the porcupine check of a recording's rows' history.
type linearizability struct {
	result porcupine.CheckResult
	info   porcupine.LinearizationInfo
	ops    int      // the operations checked
	who    []string // the picture's rows: the clients, then the lab
}

// checkRows checks r's rows' history for linearizability.
func checkRows(r recording.Recording) linearizability {
	ops, who := rowHistory(r)
	res, info := porcupine.CheckOperationsVerbose(rowModel, ops, checkLimit)
	return linearizability{result: res, info: info, ops: len(ops), who: who}
}

// linearizable reports whether the history was found linearizable.
func (l linearizability) linearizable() bool { return l.result == porcupine.Ok }

// words say the check's verdict as the lab prints it.
func (l linearizability) words() string {
	switch {
	case l.ops == 0:
		return "no operation on the rows recorded"
	case l.result == porcupine.Ok:
		return fmt.Sprintf("linearizable: each of its %d operations can be put at one instant within its call, in an order in which a row that checks and writes in one step answers each as PostgreSQL did", l.ops)
	case l.result == porcupine.Illegal:
		return fmt.Sprintf("NOT linearizable: no order of its %d operations, each at one instant within its call, explains what PostgreSQL answered: a write passed a check that another write had made out of date", l.ops)
	}
	return fmt.Sprintf("unknown: porcupine did not decide within %s", checkLimit)
}

// short is the verdict in a word or two, for the summary's column.
func (l linearizability) short() string {
	switch {
	case l.ops == 0:
		return "-"
	case l.result == porcupine.Ok:
		return "linearizable"
	case l.result == porcupine.Illegal:
		return "NOT linearizable"
	}
	return "unknown"
}

// modelExpectsLinearizable says whether the rows' history of a run of sc
// under st on database d should be linearizable, by the model: not where
// the model's resource applies a write that its own check would refuse
// (core.AcceptedStale at a resource that checks tokens or versions, which
// only a check made apart from its write can do, another write landing
// between them), unless d refuses that write itself (d.differs: at
// SERIALIZABLE, or with idle transactions' sessions ended, PostgreSQL
// aborts it, where the model lets it land). Everywhere else the row is
// linearizable whatever the run's verdict: what makes a run corrupted
// there is the lock (two holders, or tokens that repeat or go back), not
// the row.
func modelExpectsLinearizable(sc core.Scenario, st core.Strategy, d *database) (bool, error) {
	frames, err := core.Replay(sc, st)
	if err != nil {
		return false, err
	}
	for _, f := range frames {
		if f.Event.Write != core.AcceptedStale {
			continue
		}
		for _, r := range f.Resources {
			if r.Name == f.Event.Resource && (r.Fenced || r.Versioned) {
				return d.differs != "", nil
			}
		}
	}
	return true, nil
}

// historyPicture is porcupine's picture of a run's rows' history (an HTML
// page of its own, its script inline), with a header that says what it
// shows: the run, who each row of the picture is, and what the check
// found.
func historyPicture(r recording.Recording, l linearizability, recorded string) ([]byte, error) {
	l.info.AddAnnotations(historyAnnotations(r))
	var b bytes.Buffer
	if err := porcupine.Visualize(rowModel, l.info, &b); err != nil {
		return nil, err
	}
	cell := fmt.Sprintf("%s under %s, on %s with %s", r.Scenario, r.Strategy, r.Backend, r.Database)
	if r.Strategy.Lockless() {
		cell = fmt.Sprintf("%s under %s, without a lock service, on %s", r.Scenario, r.Strategy, r.Database)
	}
	var rows []string
	for i, w := range l.who {
		if w == theLab {
			rows = append(rows, fmt.Sprintf("%d is the lab's own read of each row after each step", i))
		} else {
			rows = append(rows, fmt.Sprintf("%d is client %s", i, w))
		}
	}
	found := "No order of these operations, each taking effect at one instant within its box, has a row that checks and writes in one step answer each as PostgreSQL did: " +
		"the longest orders porcupine found are drawn, and the operation none of them can take next is marked in red (“jump to first error”)."
	if l.linearizable() {
		found = "Each operation can be put at one instant within its box, in an order in which a row that checks and writes in one step answers each as PostgreSQL did: porcupine draws that order."
	}
	head := fmt.Sprintf(`<header style="font: 15px/1.45 system-ui, sans-serif; max-width: 60em; margin: 0; padding-top: 40px">
<h1 style="font-size: 1.3em">The history of the resource’s row in one real run: %s</h1>
<p>%s.</p>
<p>Each box is one operation on the row, from when it was asked to when PostgreSQL answered; hover over one for its step and its times (µs from the run’s start; the picture keeps their order, not their lengths). A row is its data, and its max_token and version where they are not a new row’s (0 and 1). Rows of the picture: %s; below them, the leases the lock service granted and when a client was stopped.</p>
<p><strong>%s</strong> %s</p>
<p>Made by the lab (lab/linearizable.go) with porcupine from the recording %s.</p>
</header>
`, html.EscapeString(cell), html.EscapeString(r.Resource), html.EscapeString(strings.Join(rows, "; ")),
		html.EscapeString(l.short()+"."), html.EscapeString(found), html.EscapeString(recorded))
	page := b.String()
	for _, fix := range [][2]string{
		{`<title>Porcupine</title>`, "<title>" + html.EscapeString(cell) + ": the row’s history</title>"},
		{"<body>\n", "<body>\n" + head},
	} {
		if !strings.Contains(page, fix[0]) {
			return nil, fmt.Errorf("porcupine's page has no %q to put the header at", fix[0])
		}
		page = strings.Replace(page, fix[0], fix[1], 1)
	}
	return []byte(page), nil
}

// historyAnnotations mark, below the operations, each lease the lock
// service granted, from its grant to its end at the service (or the run's
// end), and each time a client was stopped (a pause, or a two-step check's
// stall), from its SIGSTOP to its SIGCONT. The trace logs these in ms, the
// rows' operations in µs: a mark runs from the start of its first
// millisecond to the end of its last, so that it covers what it marks.
func historyAnnotations(r recording.Recording) []porcupine.Annotation {
	var end int64
	for _, op := range r.RowOps {
		end = max(end, op.Return)
	}
	var out []porcupine.Annotation
	for _, l := range r.Leases {
		until := end
		if l.Service != 0 {
			until = l.Service*1000 + 999
		}
		words := "lease granted"
		if l.Token != 0 {
			words = fmt.Sprintf("token %d", l.Token)
		}
		out = append(out, porcupine.Annotation{Tag: "lease: " + l.Client, Start: l.Granted * 1000, End: until, Description: words,
			Details: fmt.Sprintf("%s's lease, granted at %d ms, ended at the service at %d ms (0: not in the run)", l.Client, l.Granted, l.Service)})
	}
	stopped := map[string]int64{}
	for _, call := range r.Calls {
		switch {
		case strings.HasPrefix(call.Call, "kill -STOP"):
			stopped[call.Client] = call.MS
		case strings.HasPrefix(call.Call, "kill -CONT"):
			if from, ok := stopped[call.Client]; ok {
				out = append(out, porcupine.Annotation{Tag: "stopped: " + call.Client, Start: from * 1000, End: call.MS*1000 + 999,
					Description: "SIGSTOP", Details: fmt.Sprintf("client %s stopped from %d ms to %d ms", call.Client, from, call.MS)})
				delete(stopped, call.Client)
			}
		}
	}
	return out
}

// writePicture writes the picture of r's rows' history to path.
func writePicture(path string, r recording.Recording, l linearizability, recorded string) error {
	page, err := historyPicture(r, l, recorded)
	if err != nil {
		return err
	}
	return os.WriteFile(path, page, 0o644)
}

// rowsJudged is the check of a replayed run's rows' history, beside what
// the model expects of it, and where its picture was written ("" where it
// was not: a linearizable history's).
type rowsJudged struct {
	linearizability
	expected bool
	picture  string
}

// unexpected says how the check differs from what the model expects (""
// where it does not).
func (j rowsJudged) unexpected() string {
	switch {
	case j.ops == 0 || j.linearizable() == j.expected:
		return ""
	case j.expected:
		return "the model expects it linearizable"
	}
	return "the model expects it not linearizable"
}

// judgeRows checks the rows' history of the replayed run c and, where it
// is not linearizable, writes its picture into dir, or into the system's
// temporary directory where dir is "", saying it was made from recorded
// (where the recording is). Where dir is given, the picture of
// a run whose history is linearizable is removed from it: dir holds the
// pictures of the histories that are not, and no others.
func judgeRows(c *result, dir, recorded string) (rowsJudged, error) {
	expected, err := modelExpectsLinearizable(c.sc, c.st, c.database)
	if err != nil {
		return rowsJudged{}, err
	}
	j := rowsJudged{linearizability: checkRows(c.trace), expected: expected}
	name := strings.TrimSuffix(fileName(c.sc.ID, c.st, c.setup), ".json") + ".html"
	switch {
	case j.result != porcupine.Illegal && dir != "":
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !os.IsNotExist(err) {
			return j, err
		}
		return j, nil
	case j.result != porcupine.Illegal:
		return j, nil
	case dir == "":
		dir = filepath.Join(os.TempDir(), "dlock-lab")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return j, err
	}
	j.picture = filepath.Join(dir, name)
	return j, writePicture(j.picture, c.trace, j.linearizability, recorded)
}
