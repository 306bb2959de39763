// Command lab replays the demo's scenarios on real software: real Redis
// servers and a real etcd cluster as the lock service, taken with the
// libraries people use (bsm/redislock, go-redsync/redsync, etcd's
// concurrency package; the fencing token, which no library issues, with a
// Lua script of the lab's own), a real SQLite database as the resource, a
// TCP proxy per client between it and its lock service (where messages
// are held, delayed and partitions made), and each client a process of its
// own that a GC pause really stops (SIGSTOP), its library's keep-alives
// with it, and a crash really kills. It compares every step with the
// model's (compare.go), judges the recording by the rules the model judges
// its runs with (core.Ledger), and says whether the real run is the
// model's.
//
//	lab                                  every cell it can replay, and a summary
//	lab -scenario gc-pause -strategy lease   one cell, its trace printed
//	lab -out DIR                         also write each cell as DIR/<scenario>.<strategy>.json
//	                                     (core.Recording; a cell not replayed says why)
//	lab -script 'A:acquire,…' [-strategy lease]  a free-play run, under one row or every row
//	lab -random 100 -seed 7 [-strategy lease]     runs drawn from the search's alphabet;
//	                                     one that differs is saved under -findings (findings/)
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"dlock/core"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "client" {
		clientMain(os.Args[2:])
		return
	}
	scenario := flag.String("scenario", "", "replay this scenario only")
	strategy := flag.String("strategy", "", "replay under this row only")
	out := flag.String("out", "", "write each trace as JSON into this directory")
	parallel := flag.Int("parallel", 6, "cells replayed at once")
	script := flag.String("script", "", "replay this free-play script (under -strategy, or every row)")
	random := flag.Int("random", 0, "replay this many runs drawn at random from the search's alphabet")
	seed := flag.Uint64("seed", 1, "the random runs' seed")
	findings := flag.String("findings", "findings", "where a random run that differs from the model is saved")
	flag.Parse()
	var err error
	switch {
	case *script != "":
		err = runScript(*script, core.Strategy(*strategy), *parallel)
	case *random > 0:
		err = runRandom(*random, *seed, core.Strategy(*strategy), *parallel, *findings)
	default:
		err = run(*scenario, core.Strategy(*strategy), *out, *parallel)
	}
	stopEtcd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "lab:", err)
		os.Exit(1)
	}
}

func clientMain(args []string) {
	fs := flag.NewFlagSet("client", flag.ExitOnError)
	var cfg clientConfig
	fs.StringVar(&cfg.Name, "name", "", "the client's name")
	fs.StringVar(&cfg.Service, "service", "", "the lock service: redislock, fenced, plain, redlock or etcd")
	addrs := fs.String("addrs", "", "the lock service's servers as the client reaches them, comma-separated")
	apart := fs.String("apart-addrs", "", "etcd: the servers as the client of its own for a held request reaches them")
	fs.StringVar(&cfg.Key, "key", "", "the lock's key (etcd: its prefix)")
	fs.StringVar(&cfg.Tokens, "tokens", "", "the token counter's key")
	fs.StringVar(&cfg.DB, "db", "", "the database file")
	fs.BoolVar(&cfg.Fenced, "fenced", false, "the resource checks tokens")
	fs.BoolVar(&cfg.FromReply, "from-reply", false, "count the lease from the reply, not the request")
	fs.BoolVar(&cfg.Library, "library", false, "the library keeps the lease alive")
	fs.Parse(args)
	if *addrs != "" {
		cfg.Addrs = strings.Split(*addrs, ",")
	}
	if *apart != "" {
		cfg.ApartAddrs = strings.Split(*apart, ",")
	}
	if err := runClient(cfg, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "lab client:", err)
		os.Exit(1)
	}
}

// result is one cell: replayed, or why not.
type result struct {
	sc    core.Scenario
	st    core.Strategy
	trace Trace
	why   core.NotReplayed // why it is not replayed
	err   error
}

func run(scenario string, strategy core.Strategy, out string, parallel int) error {
	rows, err := rowsOf(strategy)
	if err != nil {
		return err
	}
	var cells []*result
	for _, sc := range core.Scenarios() {
		if scenario != "" && sc.ID != scenario {
			continue
		}
		for _, st := range rows {
			cells = append(cells, newResult(sc, st))
		}
	}
	if len(cells) == 0 {
		return fmt.Errorf("unknown scenario %q", scenario)
	}
	if err := replayAll(cells, parallel); err != nil {
		return err
	}
	if len(cells) == 1 {
		c := cells[0]
		if c.why != "" {
			fmt.Printf("%s under %s is not replayed: %s\n", c.sc.ID, c.st, reasons[c.why])
			return writeTrace(out, c.trace)
		}
		printTrace(c.trace)
		if c.err != nil {
			return c.err
		}
		fmt.Printf("verdict: %s (model: %s)\n", c.trace.Verdict, c.trace.Model)
		if err := writeTrace(out, c.trace); err != nil || out == "" {
			return err
		}
		return writeIndex(out)
	}
	return summarize(cells, out)
}

// summarize prints a table of the cells, each with its steps that agree,
// writes each into out (if set) with the index, and fails if any cell
// failed or differs from the model.
func summarize(cells []*result, out string) error {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "scenario\tstrategy\tmodel\treal\tsteps agreeing\tagree")
	disagree, failed, replayed, steps, agreeing := 0, 0, 0, 0, 0
	for _, c := range cells {
		switch {
		case c.why != "":
			fmt.Fprintf(w, "%s\t%s\t%s\tnot replayed\t-\t-\t%s\n", c.sc.ID, c.st, c.trace.Model, reasons[c.why])
		case c.err != nil:
			failed++
			fmt.Fprintf(w, "%s\t%s\t%s\tfailed\t-\t-\t%v\n", c.sc.ID, c.st, c.trace.Model, c.err)
			continue
		default:
			replayed++
			n := 0
			for _, s := range c.trace.Steps {
				if s.Agrees {
					n++
				}
			}
			steps, agreeing = steps+len(c.trace.Steps), agreeing+n
			agree := "yes"
			if !c.trace.Agrees() {
				agree, disagree = fmt.Sprintf("NO, from step %d", c.trace.FirstDiffers), disagree+1
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d/%d\t%s\n", c.sc.ID, c.st, c.trace.Model, c.trace.Verdict, n, len(c.trace.Steps), agree)
		}
		if err := writeTrace(out, c.trace); err != nil {
			return err
		}
	}
	w.Flush()
	fmt.Printf("%d cells: %d replayed, %d agree at every step (%d of %d steps agree), %d not replayed, %d failed\n",
		len(cells), replayed, replayed-disagree, agreeing, steps, len(cells)-replayed-failed, failed)
	if out != "" && failed == 0 && cells[0].sc.ID != core.PlayScenario {
		if err := writeIndex(out); err != nil {
			return err
		}
	}
	if failed > 0 || disagree > 0 {
		return fmt.Errorf("%d cells failed to replay, %d differ from the model", failed, disagree)
	}
	return nil
}

// newResult is the cell sc under st, to replay; one the lab cannot replay
// has its reason and the model's verdict already.
func newResult(sc core.Scenario, st core.Strategy) *result {
	c := &result{sc: sc, st: st}
	if why, ok := core.Replayable(sc, st); !ok {
		c.why = why
		c.trace = Trace{Scenario: sc.ID, Strategy: st, Why: why, Model: modelVerdict(sc, st)}
	}
	return c
}

func modelVerdict(sc core.Scenario, st core.Strategy) core.Verdict {
	frames, err := core.Replay(sc, st)
	if err != nil {
		return ""
	}
	return core.VerdictOf(frames)
}

// printTrace prints a trace as a table of real times, clients and calls.
func printTrace(t Trace) {
	fmt.Printf("%s under %s: lock service %s; resource %s\n", t.Scenario, t.Strategy, t.Service, t.Resource)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ms\tstep\tclient\tcall\tresult")
	for _, e := range t.Calls {
		fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%s\n", e.MS, e.Step, orDash(e.Client), e.Call, strings.ReplaceAll(e.Result, "\t", " "))
	}
	w.Flush()
	fmt.Printf("renewal: %s\n", t.Renewal)
	w = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "step\taction\tagree\tmodel\treal")
	for _, s := range t.Steps {
		agree, real := "yes", "same"
		if !s.Agrees {
			agree, real = "NO", s.Real
		}
		if s.Timing != "" {
			real += " (timing: " + s.Timing + ")"
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", s.Step, s.Action, agree, s.Model, real)
	}
	w.Flush()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// writeIndex writes dir/index.json for the page's matrix: every recording
// in dir, in the matrix's order, without its calls. A run of some cells
// keeps the others' recordings in it.
func writeIndex(dir string) error {
	var index []Trace
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			b, err := os.ReadFile(filepath.Join(dir, sc.ID+"."+string(st)+".json"))
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				return err
			}
			var t Trace
			if err := json.Unmarshal(b, &t); err != nil {
				return fmt.Errorf("%s.%s.json: %w", sc.ID, st, err)
			}
			t.Calls, t.Steps, t.Leases, t.Service, t.Resource = nil, nil, nil, "", ""
			index = append(index, t)
		}
	}
	b, err := json.Marshal(index)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), append(b, '\n'), 0o644)
}

func writeTrace(dir string, t Trace) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, t.Scenario+"."+string(t.Strategy)+".json"), append(b, '\n'), 0o644)
}
