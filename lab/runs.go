package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"

	"dlock/core"
	"dlock/core/recording"
)

// Beside the scenarios, the lab replays any script (a free-play run) and
// runs drawn at random from the search's alphabet: what the model says of
// a run nobody wrote for it, checked against real software step by step.

// stageable says why the lab cannot stage sc under st on b, naming the
// item, or nil.
func stageable(sc core.Scenario, st core.Strategy, b *backend) error {
	why, item, err := replayable(sc, st, b)
	switch {
	case err != nil:
		return err
	case why == "":
		return nil
	case item != 0: // the service's own reason, at its item
	case why == recording.CallInPartition:
		item = recording.HeldRenewalCall(sc)
	case why == recording.JumpedClock:
		for i, s := range sc.Steps {
			if s.Action.Kind == core.ActJump {
				item = i + 1
				break
			}
		}
	}
	if item > 0 {
		return fmt.Errorf("item %d (%s) cannot be staged under %s on %s: %s", item, sc.Steps[item-1].Action.String(), st, b.name, reasons[why])
	}
	return fmt.Errorf("%s cannot be staged under %s on %s: %s", sc.ID, st, b.name, reasons[why])
}

// runScript replays a script under one row on one service, its trace
// printed, or on every row and service it can be staged on, as a table. A
// script that cannot be read or staged runs nothing.
func runScript(script string, o options) error {
	sc, err := core.ParseScript(script)
	if err != nil {
		return fmt.Errorf("script: %w", err)
	}
	if runs := o.runsOf(sc, o.rows[0]); len(o.rows) == 1 && len(runs) == 1 {
		st, on := o.rows[0], runs[0]
		if err := stageable(sc, st, on.backend); err != nil {
			return err
		}
		dir, err := os.MkdirTemp("", "dlock-lab-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		tr, err := Replay(sc, st, on, dir)
		printTrace(tr)
		if err != nil {
			return err
		}
		fmt.Printf("verdict: %s (model: %s)\n", tr.Verdict, tr.Model)
		j, err := judgeRows(&result{sc: sc, st: st, setup: on, trace: tr}, o.histories, recordedAs("", nil))
		if err != nil {
			return err
		}
		fmt.Println(rowsWords(j))
		switch {
		case !tr.Agrees():
			return fmt.Errorf("the real run differs from the model's from step %d", tr.FirstDiffers)
		case j.unexpected() != "":
			return fmt.Errorf("the rows' history: %s", j.unexpected())
		}
		return nil
	}
	var cells []*result
	for _, row := range o.rows {
		for _, on := range o.runsOf(sc, row) {
			c, err := newResult(sc, row, on)
			if err != nil {
				return err
			}
			cells = append(cells, c)
		}
	}
	if err := replayAll(cells, o.parallel); err != nil {
		return err
	}
	return summarize(cells, "", o.histories)
}

// randomOptions is the alphabet random runs draw from: the search's, with
// renewals, Redlock's partial reach and reads without the token; a clock
// jump only where the lab can stage it.
func randomOptions(st core.Strategy) (core.SearchOptions, []core.ActionKind) {
	opts := core.SearchOptions{Strategy: st, Renew: true, Partial: true, Peek: true}
	if st.TTL() {
		return opts, []core.ActionKind{core.ActJump}
	}
	return opts, nil
}

// randomRun is the i-th of the runs of seed: its row and service (the ones
// asked, or each in turn) and 2 to 8 actions drawn from randomOptions,
// drawn again while the lab cannot stage them (redrawn counts how often).
func randomRun(seed uint64, i int, o options) (sc core.Scenario, st core.Strategy, b *backend, redrawn int, err error) {
	type pair struct {
		st core.Strategy
		b  *backend
	}
	var pairs []pair
	for _, row := range o.rows {
		for _, b := range o.backendsOf(row) {
			pairs = append(pairs, pair{row, b})
		}
	}
	st, b = pairs[i%len(pairs)].st, pairs[i%len(pairs)].b
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	opts, exclude := randomOptions(st)
	for ; redrawn < 100; redrawn++ {
		drawn, err := core.RandomRun(r, opts, 2+r.IntN(7), exclude...)
		if err != nil {
			return core.Scenario{}, st, b, redrawn, err
		}
		if sc, err = core.ParseScript(drawn.Script()); err != nil {
			return sc, st, b, redrawn, err
		}
		if stageable(sc, st, b) == nil {
			return sc, st, b, redrawn, nil
		}
	}
	return sc, st, b, redrawn, fmt.Errorf("run %d of seed %d: nothing stageable on %s in %d draws", i, seed, b.name, redrawn)
}

// runRandom replays n random runs of seed on real software, compares each
// with the model step by step, prints every disagreement with its script,
// row and first differing step, saves it in findings, and sums up per row
// and service.
func runRandom(n int, seed uint64, o options, findings string) error {
	var cells []*result
	redraws := 0
	for i := range n {
		sc, row, b, redrawn, err := randomRun(seed, i, o)
		if err != nil {
			return fmt.Errorf("run %d: %w", i, err)
		}
		redraws += redrawn
		cells = append(cells, &result{sc: sc, st: row, setup: setup{b, o.databaseOf()}})
	}
	if err := replayAll(cells, o.parallel); err != nil {
		return err
	}
	type sums struct{ runs, steps, agreeing, stepsAgreeing, behind, findings int }
	type key struct {
		st core.Strategy
		b  string
	}
	per := map[key]*sums{}
	var order []key
	found := 0
	histories := map[string]int{} // the rows' histories, by their check's verdict
	for i, c := range cells {
		if c.err == nil {
			j, err := judgeRows(c, o.histories, recordedAs("", nil))
			if err != nil {
				return err
			}
			histories[j.short()]++
			if j.unexpected() != "" {
				histories["unexpected"]++
				fmt.Printf("the rows' history of run %d of seed %d under %s on %s is %s: %s\n  %s\n", i, seed, c.st, c.backend.name, j.short(), j.unexpected(), findingCommand(c))
			}
		}
		k := key{c.st, c.backend.name}
		s := per[k]
		if s == nil {
			s = &sums{}
			per[k] = s
			order = append(order, k)
		}
		s.runs++
		s.steps += len(c.sc.Steps)
		for _, step := range c.trace.Steps {
			if step.Agrees {
				s.stepsAgreeing++
			}
		}
		if c.err == nil && c.trace.Agrees() {
			s.agreeing++
			continue
		}
		if c.err == nil && fellBehindAtFirstDifference(c.trace) {
			s.behind++
		}
		s.findings++
		found++
		fmt.Printf("finding: run %d of seed %d under %s on %s\n", i, seed, c.st, c.backend.name)
		fmt.Printf("  %s\n", findingCommand(c))
		switch {
		case c.err != nil:
			fmt.Printf("  failed: %v\n", c.err)
		case c.trace.FirstDiffers != 0:
			for _, step := range c.trace.Steps {
				if step.Step == c.trace.FirstDiffers {
					fmt.Printf("  step %d (%s): model %s; real %s\n", step.Step, step.Action, step.Model, step.Real)
					if step.Timing != "" {
						fmt.Printf("  timing: %s\n", step.Timing)
					}
				}
			}
		default:
			fmt.Printf("  verdict: real %s, model %s\n", c.trace.Verdict, c.trace.Model)
		}
		if err := saveFinding(findings, seed, i, c); err != nil {
			return err
		}
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "row\tservice\truns\tsteps\tagreeing runs\tagreeing steps\tfindings\tof which the lab fell behind\t\n")
	var total sums
	for _, k := range order {
		s := per[k]
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", k.st, k.b, s.runs, s.steps, s.agreeing, s.stepsAgreeing, s.findings, s.behind)
		total.runs, total.steps, total.agreeing = total.runs+s.runs, total.steps+s.steps, total.agreeing+s.agreeing
		total.stepsAgreeing, total.findings, total.behind = total.stepsAgreeing+s.stepsAgreeing, total.findings+s.findings, total.behind+s.behind
	}
	fmt.Fprintf(w, "all (seed %d)\t\t%d\t%d\t%d\t%d\t%d\t%d\t\n", seed, total.runs, total.steps, total.agreeing, total.stepsAgreeing, total.findings, total.behind)
	w.Flush()
	fmt.Printf("%d drawn runs the lab cannot stage were drawn again\n", redraws)
	fmt.Printf("the rows' histories, checked for linearizability by porcupine: %d linearizable, %d not, %d not as the model expects\n",
		histories["linearizable"], histories["NOT linearizable"], histories["unexpected"])
	if found > 0 {
		return fmt.Errorf("%d of %d random runs differ from the model (saved in %s)", found, n, findings)
	}
	if histories["unexpected"] > 0 {
		return fmt.Errorf("%d of %d random runs leave a rows' history that is not what the model expects", histories["unexpected"], n)
	}
	return nil
}

// fellBehindAtFirstDifference reports whether the first step that differs
// began with the lab behind the model's clock and the model's lease ended
// at the service (fellBehind's note).
func fellBehindAtFirstDifference(r recording.Recording) bool {
	for _, s := range r.Steps {
		if s.Step == r.FirstDiffers {
			return s.Behind >= behindWorth.Milliseconds() && strings.Contains(s.Timing, "behind the model's clock")
		}
	}
	return false
}

// finding is a random run that differs from the model, as saved.
type finding struct {
	Seed      uint64              `json:"seed"`
	Run       int                 `json:"run"`
	Script    string              `json:"script"`
	Strategy  core.Strategy       `json:"strategy"`
	Service   string              `json:"service"`
	Command   string              `json:"command"`
	Error     string              `json:"error,omitempty"`
	Recording recording.Recording `json:"recording"`
}

func saveFinding(dir string, seed uint64, i int, c *result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f := finding{Seed: seed, Run: i, Script: c.sc.Script(), Strategy: c.st, Service: c.backend.name, Recording: c.trace,
		Command: findingCommand(c)}
	if c.err != nil {
		f.Error = c.err.Error()
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed%d-run%d.%s.%s.json", seed, i, c.st, c.backend.name)), append(b, '\n'), 0o644)
}

// findingCommand is the command that replays a random run alone.
func findingCommand(c *result) string {
	cmd := fmt.Sprintf("make lab SCRIPT='%s' STRATEGY=%s SERVICE=%s", c.sc.Script(), c.st, c.backend.name)
	if c.database != databases[0] {
		cmd += " DATABASE=" + c.database.name
	}
	return cmd
}

// replayAll replays every run that is replayable, parallel at a time, each
// in a directory of its own.
func replayAll(cells []*result, parallel int) error {
	tmp, err := os.MkdirTemp("", "dlock-lab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	sem := make(chan struct{}, max(parallel, 1))
	var wg sync.WaitGroup
	for i, c := range cells {
		if c.why != "" {
			continue
		}
		dir := filepath.Join(tmp, fmt.Sprint(i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c.trace, c.err = Replay(c.sc, c.st, c.setup, dir)
		}()
	}
	wg.Wait()
	return nil
}
