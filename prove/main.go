// Command prove searches every row of the chapter's table to closure: every
// run of any length of two clients over the search's default alphabet, with
// at most two messages held up at once (core.SearchOptions). It first says
// what it searched: the actions it tries, and those it does not, which
// every proof assumes. For each row it then prints one line: either the
// search closed, with the number of states and the worst verdict any run
// comes to, or the shortest run that corrupts data, as a script that free
// play and `make lab SCRIPT=` take.
//
//	go run ./prove                     every row (make prove)
//	go run ./prove -strategy consensus one row
//	go run ./prove -clients 3 -held 1  three clients, one message held at most
//	go run ./prove -failover           with sync and failover too
//	go run ./prove -for 2m             give up on a row after two minutes
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"dlock/core"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "prove:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer) error {
	flags := flag.NewFlagSet("prove", flag.ContinueOnError)
	flags.SetOutput(out)
	strategy := flags.String("strategy", "", "one row (default: every row)")
	clients := flags.Int("clients", 2, "how many clients act: 2 or 3")
	held := flags.Int("held", core.DefaultMaxHeld, "the most messages held up at once")
	limit := flags.Duration("for", 10*time.Minute, "how long to search a row before giving up on it")
	failover := flags.Bool("failover", false, "also try a sync of the replica and a failover (a leader change under consensus)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", flags.Arg(0))
	}
	rows := core.Strategies()
	if *strategy != "" {
		st := core.Strategy(*strategy)
		if !st.Valid() {
			return fmt.Errorf("unknown strategy %q (one of %s)", *strategy, strings.Join(names(rows), ", "))
		}
		rows = []core.Strategy{st}
	}
	messages := "messages"
	if *held == 1 {
		messages = "message"
	}
	alphabet := "the search's default alphabet"
	if *failover {
		alphabet += " with sync and failover"
	}
	fmt.Fprintf(out, "every run of any length of %d clients over %s, at most %d %s held up at once\n", *clients, alphabet, *held, messages)
	if err := tell(out, *clients, *failover); err != nil {
		return err
	}
	start := time.Now()
	for _, st := range rows {
		line, err := prove(core.SearchOptions{Strategy: st, Closure: true, MaxHeld: *held, Clients: *clients, Failover: *failover}, *limit)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, line)
	}
	fmt.Fprintf(out, "in %s\n", time.Since(start).Round(100*time.Millisecond))
	return nil
}

// tell says which actions the search tries, and which it does not: what
// a proof assumes.
func tell(out io.Writer, clients int, failover bool) error {
	s, err := core.NewSearch(core.SearchOptions{Strategy: core.Lease, Closure: true, MaxHeld: 1, Clients: clients})
	if err != nil {
		return err
	}
	plain, held := s.Alphabet()
	tried := map[core.ActionKind]bool{}
	var mine, others, holds []string
	for _, a := range plain {
		tried[a.Kind] = true
		switch {
		case a.Client == "":
			others = append(others, item(a))
		case a.Client == "A":
			mine = append(mine, item(a))
		}
	}
	for _, a := range held {
		if a.Client == "A" {
			holds = append(holds, item(a))
		}
	}
	tried[core.ActDeliver] = true
	if failover {
		tried[core.ActSync], tried[core.ActFailover] = true, true
		others = append(others, "sync (where the lock service has a replica)", "failover (a leader change under consensus)")
	}
	var not []string
	for _, k := range core.ActionKinds() {
		if !tried[k] {
			not = append(not, string(k))
		}
	}
	fmt.Fprintf(out, "  each client: %s; held up in the network too: %s\n", strings.Join(mine, ", "), strings.Join(holds, ", "))
	fmt.Fprintf(out, "  the lock service and time: %s, deliver (a held message)\n", strings.Join(others, ", "))
	fmt.Fprintf(out, "  not tried: %s; leases other than %d ticks; a second resource; a resource that checks and writes in two steps\n",
		strings.Join(not, ", "), core.BookLease)
	return nil
}

// item is an action as the alphabet names it: its verb, and its ticks.
func item(a core.Action) string {
	if a.Ticks > 0 {
		return fmt.Sprintf("%s:%d", a.Kind, a.Ticks)
	}
	return string(a.Kind)
}

func names(rows []core.Strategy) []string {
	out := make([]string, len(rows))
	for i, st := range rows {
		out[i] = string(st)
	}
	return out
}

// prove searches one row to closure, for at most limit, and says what it
// found in one line.
func prove(opts core.SearchOptions, limit time.Duration) (string, error) {
	s, err := core.NewSearch(opts)
	if err != nil {
		return "", err
	}
	start := time.Now()
	for !s.Run(5000) {
		if time.Since(start) > limit {
			r := s.Result()
			return fmt.Sprintf("%s: not closed after %d states in %s: every run of up to %d steps explored, none corrupts", opts.Strategy, r.States, limit, r.Depth), nil
		}
	}
	return lineOf(opts.Strategy, s.Result())
}

// lineOf is the line that says what a search to closure came to.
func lineOf(st core.Strategy, r core.SearchResult) (string, error) {
	switch {
	case r.Found:
		return fmt.Sprintf("%s: %s in %d steps: %s", st, r.Verdict, r.Length, r.Script), nil
	case !r.Closed:
		return "", errors.New("a search to closure ended neither closed nor with a run")
	case r.Worst == core.Safe:
		return fmt.Sprintf("%s: closed after %d states: every run safe, never corrupted", st, r.States), nil
	}
	return fmt.Sprintf("%s: closed after %d states: worst verdict %s, never corrupted (%s in %d steps: %s)",
		st, r.States, words(r.Worst), words(r.Worst), r.WorstLength, r.WorstScript), nil
}

// words is a verdict as the line says it.
func words(v core.Verdict) string {
	if v == core.AtRisk {
		return "at risk"
	}
	return string(v)
}
