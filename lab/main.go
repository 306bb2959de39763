// Command lab replays the demo's scenarios on real software: real Redis
// servers and a real etcd cluster as the lock service, a real SQLite
// database as the resource, and each
// client a process of its own that a GC pause really stops (SIGSTOP) and
// a crash really kills. It records what they did, judges the recording by
// the rules the model judges its runs with (core.Ledger), and says whether
// the real verdict is the model's.
//
//	lab                                  every cell it can replay, and a summary
//	lab -scenario gc-pause -strategy lease   one cell, its trace printed
//	lab -out DIR                         also write each cell as DIR/<scenario>.<strategy>.json
//	                                     (core.Recording; a cell not replayed says why)
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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
	flag.Parse()
	err := run(*scenario, core.Strategy(*strategy), *out, *parallel)
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
	redisAddrs := fs.String("redis", "", "the lock service's addresses, comma-separated")
	fs.StringVar(&cfg.Key, "key", "", "the lock's key")
	fs.StringVar(&cfg.Tokens, "tokens", "", "the token counter's key")
	fs.StringVar(&cfg.DB, "db", "", "the database file")
	fs.BoolVar(&cfg.TTL, "ttl", true, "leases expire")
	fs.BoolVar(&cfg.Fenced, "fenced", false, "the resource checks tokens")
	fs.BoolVar(&cfg.FromReply, "from-reply", false, "count the lease from the reply, not the request")
	etcdURLs := fs.String("etcd", "", "the etcd cluster's client URLs, comma-separated")
	fs.Parse(args)
	if *redisAddrs != "" {
		cfg.Redis = strings.Split(*redisAddrs, ",")
	}
	if *etcdURLs != "" {
		cfg.Etcd = strings.Split(*etcdURLs, ",")
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
	if strategy != "" && !strategy.Valid() {
		return fmt.Errorf("unknown strategy %q", strategy)
	}
	var cells []*result
	for _, sc := range core.Scenarios() {
		if scenario != "" && sc.ID != scenario {
			continue
		}
		for _, st := range core.Strategies() {
			if strategy == "" || st == strategy {
				cells = append(cells, &result{sc: sc, st: st})
			}
		}
	}
	if len(cells) == 0 {
		return fmt.Errorf("unknown scenario %q", scenario)
	}
	tmp, err := os.MkdirTemp("", "dlock-lab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	sem := make(chan struct{}, max(parallel, 1))
	var wg sync.WaitGroup
	for i, c := range cells {
		if why, ok := Replayable(c.sc, c.st); !ok {
			c.why = why
			c.trace = Trace{Scenario: c.sc.ID, Strategy: c.st, Why: why, Model: modelVerdict(c.sc, c.st)}
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
			c.trace, c.err = Replay(c.sc, c.st, dir)
		}()
	}
	wg.Wait()
	if len(cells) == 1 {
		c := cells[0]
		if c.why != "" {
			fmt.Printf("%s under %s is not replayed: %s\n", c.sc.ID, c.st, reasons[c.why])
			return nil
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
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "scenario\tstrategy\tmodel\treal\tagree")
	disagree, failed := 0, 0
	for _, c := range cells {
		switch {
		case c.why != "":
			fmt.Fprintf(w, "%s\t%s\t%s\tnot replayed\t-\t%s\n", c.sc.ID, c.st, c.trace.Model, reasons[c.why])
			if err := writeTrace(out, c.trace); err != nil {
				return err
			}
		case c.err != nil:
			failed++
			fmt.Fprintf(w, "%s\t%s\t%s\tfailed\t-\t%v\n", c.sc.ID, c.st, c.trace.Model, c.err)
		default:
			agree := "yes"
			if !c.trace.Agrees() {
				agree, disagree = "NO", disagree+1
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", c.sc.ID, c.st, c.trace.Model, c.trace.Verdict, agree)
			if err := writeTrace(out, c.trace); err != nil {
				return err
			}
		}
	}
	w.Flush()
	if out != "" && failed == 0 {
		if err := writeIndex(out); err != nil {
			return err
		}
	}
	if failed > 0 || disagree > 0 {
		return fmt.Errorf("%d cells failed to replay, %d disagree with the model", failed, disagree)
	}
	return nil
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
			t.Calls, t.Service, t.Resource = nil, "", ""
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
