// Command lab replays the demo's scenarios on real software: real lock
// services (Redis servers, an etcd cluster, a ZooKeeper ensemble), taken
// with the libraries people use (bsm/redislock, go-redsync/redsync, etcd's
// concurrency package, ZooKeeper's lock recipe on go-zookeeper; the locks
// are in lab/lock), a row of a real PostgreSQL database as the resource
// (fenced by lab/lock's Fence; a write checked in two steps is also
// replayed at SERIALIZABLE and with idle sessions ended), a TCP proxy
// per client between it and its lock service (where messages are held,
// delayed and partitions made), and each client a process of its own that
// a GC pause really stops (SIGSTOP), its library's keep-alives with it, and
// a crash really kills. It compares every step with the model's
// (outcome.go), judges the recording by the rules the model judges its
// runs with (core.Ledger), and says whether the real run is the model's.
// A row whose design more than one service serves (the consensus rows:
// etcd and ZooKeeper) is replayed on each (backend.go).
//
//	lab                                  every cell it can replay, and a summary
//	lab -scenario gc-pause -strategy lease   one cell, its trace printed
//	lab -service zookeeper …             on that lock service only
//	lab -database postgres-serializable …  with the resource on that database only
//	lab -out DIR                         also write each cell as DIR/<scenario>.<strategy>[.<service>][.<database>].json
//	                                     (a Recording; a cell not replayed says why), and DIR/index.json
//	lab -histories DIR                   write the picture of each run whose rows' history is not
//	                                     linearizable (linearizable.go) as DIR/<…>.html, and remove
//	                                     the others' (without it, pictures go to a temporary directory)
//	lab -script 'A:acquire,…' [-strategy lease]  a free-play run, under one row or every row
//	lab -random 100 -seed 7 [-strategy lease]     runs drawn from the search's alphabet;
//	                                     one that differs is saved under -findings (findings/)
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/internal/servers"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "client" {
		if len(os.Args) != 3 {
			fmt.Fprintln(os.Stderr, "lab client: usage: lab client '<configuration as JSON>'")
			os.Exit(2)
		}
		if err := clientMain(os.Args[2], os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "lab client:", err)
			os.Exit(1)
		}
		return
	}
	var o options
	scenario := flag.String("scenario", "", "replay this scenario only")
	strategy := flag.String("strategy", "", "replay under this row only")
	service := flag.String("service", "", "replay on this lock service only: "+backendNames())
	db := flag.String("database", "", "replay with the resource on this database only: "+databaseNames())
	out := flag.String("out", "", "write each recording as JSON into this directory, with an index")
	flag.StringVar(&o.histories, "histories", "", "write the picture of each run whose rows' history is not linearizable into this directory, and remove the others'")
	flag.IntVar(&o.parallel, "parallel", 6, "runs replayed at once")
	script := flag.String("script", "", "replay this free-play script (under -strategy, or every row)")
	random := flag.Int("random", 0, "replay this many runs drawn at random from the search's alphabet")
	seed := flag.Uint64("seed", 1, "the random runs' seed")
	findings := flag.String("findings", "findings", "where a random run that differs from the model is saved")
	flag.Parse()
	err := o.choose(core.Strategy(*strategy), *service)
	if err == nil {
		err = o.chooseDatabase(*db)
	}
	switch {
	case err != nil:
	case *script != "":
		err = runScript(*script, o)
	case *random > 0:
		err = runRandom(*random, *seed, o, *findings)
	default:
		err = run(*scenario, *out, o)
	}
	servers.StopShared()
	if err != nil {
		fmt.Fprintln(os.Stderr, "lab:", err)
		os.Exit(1)
	}
}

// options are the rows, services and databases a command replays on, and
// how many runs at once.
type options struct {
	rows     []core.Strategy
	service  *backend  // nil: every service of each row
	database *database // nil: the first, and the others where runsOf says
	parallel int
	// histories is where the pictures of rows' histories that are not
	// linearizable go ("": a temporary directory).
	histories string
}

// choose sets the rows (st, or every row) and the service (name, or
// every one), refusing a row or service that does not exist, or a service
// that serves none of the rows.
func (o *options) choose(st core.Strategy, name string) error {
	switch {
	case st == "":
		o.rows = core.Strategies()
	case !st.Valid():
		return fmt.Errorf("unknown strategy %q", st)
	default:
		o.rows = []core.Strategy{st}
	}
	if name == "" {
		return nil
	}
	b, ok := backendNamed(name)
	if !ok {
		return fmt.Errorf("unknown lock service %q (the lab runs %s)", name, backendNames())
	}
	o.service = b
	var served []core.Strategy
	for _, row := range o.rows {
		if b.serves(row) {
			served = append(served, row)
		}
	}
	if len(served) == 0 {
		return fmt.Errorf("%s serves no row asked for (%s)", name, rowNames(o.rows))
	}
	o.rows = served
	return nil
}

// chooseDatabase sets the database (name, or "" for the first, and the
// others where runsOf says), refusing one that does not exist.
func (o *options) chooseDatabase(name string) error {
	if name == "" {
		return nil
	}
	d, ok := databaseNamed(name)
	if !ok {
		return fmt.Errorf("unknown database %q (the lab makes %s)", name, databaseNames())
	}
	o.database = d
	return nil
}

// runsOf are the setups a run of sc under st is replayed on: runsOf's,
// and where a database is chosen, each service on that database alone.
func (o options) runsOf(sc core.Scenario, st core.Strategy) []setup {
	all := runsOf(sc, st, o.backendsOf(st))
	if o.database == nil {
		return all
	}
	var out []setup
	for _, on := range all {
		if on.database == databases[0] {
			out = append(out, setup{on.backend, o.database})
		}
	}
	return out
}

// databaseOf is the database a random run is replayed on: the one chosen,
// or the first.
func (o options) databaseOf() *database {
	if o.database != nil {
		return o.database
	}
	return databases[0]
}

func databaseNames() string {
	var s []string
	for _, d := range databases {
		s = append(s, d.name)
	}
	return strings.Join(s, ", ")
}

// backendsOf are the services a run under st is replayed on.
func (o options) backendsOf(st core.Strategy) []*backend {
	if o.service != nil {
		return []*backend{o.service}
	}
	return backendsFor(st)
}

func backendNames() string {
	var s []string
	for _, b := range backends {
		s = append(s, b.name)
	}
	return strings.Join(s, ", ")
}

func rowNames(rows []core.Strategy) string {
	var s []string
	for _, r := range rows {
		s = append(s, string(r))
	}
	return strings.Join(s, ", ")
}

// result is one run: replayed, or why not.
type result struct {
	sc core.Scenario
	st core.Strategy
	setup
	trace   recording.Recording
	why     recording.NotReplayed // why it is not replayed
	whyItem int                   // the item that shows why (0: the scenario)
	err     error
}

// newResult is the run of sc under st on on, to replay; one the lab cannot
// replay has its reason and the model's verdict already.
func newResult(sc core.Scenario, st core.Strategy, on setup) (*result, error) {
	c := &result{sc: sc, st: st, setup: on}
	b := on.backend
	why, item, err := replayable(sc, st, b)
	if err != nil {
		return nil, err
	}
	if why != "" {
		c.why, c.whyItem = why, item
		c.trace = recording.Recording{Scenario: sc.ID, Strategy: st, Why: why, Model: modelVerdict(sc, st), Backend: b.name, Database: on.database.name}
		if sc.ID == core.PlayScenario {
			c.trace.Script = sc.Script()
		}
	}
	return c, nil
}

func modelVerdict(sc core.Scenario, st core.Strategy) core.Verdict {
	frames, err := core.Replay(sc, st)
	if err != nil {
		return ""
	}
	return core.VerdictOf(frames)
}

func run(scenario, out string, o options) error {
	var cells []*result
	for _, sc := range core.Scenarios() {
		if scenario != "" && sc.ID != scenario {
			continue
		}
		for _, st := range o.rows {
			for _, on := range o.runsOf(sc, st) {
				c, err := newResult(sc, st, on)
				if err != nil {
					return err
				}
				cells = append(cells, c)
			}
		}
	}
	if len(cells) == 0 {
		return fmt.Errorf("unknown scenario %q", scenario)
	}
	if err := replayAll(cells, o.parallel); err != nil {
		return err
	}
	if len(cells) == 1 {
		c := cells[0]
		if c.why != "" {
			fmt.Printf("%s under %s on %s is not replayed: %s\n", c.sc.ID, c.st, c.setup, reasons[c.why])
			return writeRecording(out, c.trace, c.setup)
		}
		printTrace(c.trace)
		if c.err != nil {
			return c.err
		}
		fmt.Printf("verdict: %s (model: %s)\n", c.trace.Verdict, c.trace.Model)
		if !c.trace.Agrees() && mayDiffer(c.trace) {
			fmt.Printf("differs from the model from step %d, as recorded to show: %s\n", c.trace.FirstDiffers, c.trace.Differs)
		}
		j, err := judgeRows(c, o.histories, recordedAs(out, c))
		if err != nil {
			return err
		}
		fmt.Println(rowsWords(j))
		if err := writeRecording(out, c.trace, c.setup); err != nil {
			return err
		}
		if out != "" {
			if err := writeIndex(out); err != nil {
				return err
			}
		}
		if j.unexpected() != "" {
			return fmt.Errorf("the rows' history of %s under %s on %s: %s", c.sc.ID, c.st, c.setup, j.unexpected())
		}
		return nil
	}
	return summarize(cells, out, o.histories)
}

// summarize prints a table of the runs, each with its steps that agree,
// writes each into out (if set) with the index, and fails if any run
// failed or differs from the model (but where it is recorded to show how
// it differs, mayDiffer: a restore, a variant of the database).
//
// Each replayed run's rows' history is checked for linearizability
// (linearizable.go), in its own column; the pictures of those that are
// not are written into histories, and listed below the table.
func summarize(cells []*result, out, histories string) error {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "scenario\tstrategy\tservice\tmodel\treal\tsteps agreeing\trows' history\tagree")
	disagree, shown, failed, replayed, steps, agreeing := 0, 0, 0, 0, 0, 0
	var pictures []string
	linearizable, unexpected := 0, 0
	for _, c := range cells {
		switch {
		case c.why != "":
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\tnot replayed\t-\t-\t%s\n", c.sc.ID, c.st, c.setup, c.trace.Model, c.why)
		case c.err != nil:
			failed++
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\tfailed\t-\t-\t%v\n", c.sc.ID, c.st, c.setup, c.trace.Model, c.err)
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
			switch {
			case c.trace.Agrees():
			case mayDiffer(c.trace):
				agree, shown = fmt.Sprintf("no, from step %d, as recorded to show (%s)", c.trace.FirstDiffers, shownBy(c.setup)), shown+1
			default:
				agree, disagree = fmt.Sprintf("NO, from step %d", c.trace.FirstDiffers), disagree+1
				if t := timingAtFirstDifference(c.trace); t != "" {
					agree += " (timing: " + t + ")"
				}
			}
			j, err := judgeRows(c, histories, recordedAs(out, c))
			if err != nil {
				return err
			}
			history := j.short()
			switch {
			case j.unexpected() != "":
				history, unexpected = history+" ("+j.unexpected()+")", unexpected+1
			case j.linearizable():
				linearizable++
			}
			if j.picture != "" {
				pictures = append(pictures, fmt.Sprintf("%s under %s on %s: %s", c.sc.ID, c.st, c.setup, j.picture))
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d/%d\t%s\t%s\n", c.sc.ID, c.st, c.setup, c.trace.Model, c.trace.Verdict, n, len(c.trace.Steps), history, agree)
		}
		if err := writeRecording(out, c.trace, c.setup); err != nil {
			return err
		}
	}
	w.Flush()
	fmt.Printf("%d runs: %d replayed, %d agree at every step (%d of %d steps agree), %d differ where recorded to show how, %d not replayed, %d failed\n",
		len(cells), replayed, replayed-disagree-shown, agreeing, steps, shown, len(cells)-replayed-failed, failed)
	fmt.Printf("the rows' histories, checked for linearizability by porcupine: %d linearizable, %d not (a write passed a check another write had made out of date), %d not as the model expects\n",
		linearizable, len(pictures), unexpected)
	for _, p := range pictures {
		fmt.Println("  the picture of a history that is not linearizable, " + p)
	}
	if out != "" && failed == 0 && cells[0].sc.ID != core.PlayScenario {
		if err := writeIndex(out); err != nil {
			return err
		}
	}
	if failed > 0 || disagree > 0 || unexpected > 0 {
		return fmt.Errorf("%d runs failed to replay, %d differ from the model, %d rows' histories are not what the model expects", failed, disagree, unexpected)
	}
	return nil
}

// recordedAs says where the recording of c is written, for its
// picture: out's file, or that it is not written.
func recordedAs(out string, c *result) string {
	if out == "" {
		return "of this run (not written: make lab writes every recording into static/web/lab)"
	}
	dir := filepath.ToSlash(filepath.Clean(out))
	for strings.HasPrefix(dir, "../") { // make lab's ../static/web/lab: the repository's static/web/lab
		dir = strings.TrimPrefix(dir, "../")
	}
	return dir + "/" + fileName(c.sc.ID, c.st, c.setup)
}

// rowsWords says the check of a run's rows' history, as the trace of one
// run prints it.
func rowsWords(j rowsJudged) string {
	s := "the rows' history (porcupine): " + j.words()
	if j.unexpected() != "" {
		s += "; " + j.unexpected()
	}
	if j.picture != "" {
		s += "\nits picture: " + j.picture
	}
	return s
}

// shownBy says what a run that differs from the model was recorded to show.
func shownBy(on setup) string {
	if on.database != databases[0] {
		return "the database: " + on.database.name
	}
	return "the restore"
}

// timingAtFirstDifference is the timing said of the first step that
// differs ("" if none is).
func timingAtFirstDifference(r recording.Recording) string {
	for _, s := range r.Steps {
		if s.Step == r.FirstDiffers {
			return s.Timing
		}
	}
	return ""
}

// printTrace prints a recording as a table of real times, clients and
// calls, the leases and what the libraries said, and the steps.
func printTrace(t recording.Recording) {
	fmt.Printf("%s under %s on %s: lock service %s; resource %s\n", t.Scenario, t.Strategy, t.Backend, t.Service, t.Resource)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ms\tstep\tclient\tcall\tresult")
	for _, e := range t.Calls {
		fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%s\n", e.MS, e.Step, orDash(e.Client), e.Call, strings.ReplaceAll(e.Result, "\t", " "))
	}
	w.Flush()
	if t.Renewal != "" {
		fmt.Printf("renewal: %s\n", t.Renewal)
	}
	for _, l := range t.Leases {
		fmt.Println(leaseWords(l))
	}
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
		if s.Behind >= behindWorth.Milliseconds() {
			real += fmt.Sprintf(" [began %.1f s behind the model's clock]", float64(s.Behind)/1000)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", s.Step, s.Action, agree, s.Model, real)
	}
	w.Flush()
}

// leaseWords says a lease as the command line prints it.
func leaseWords(l recording.RealLease) string {
	sec := func(ms int64) string { return fmt.Sprintf("%.1f s", float64(ms)/1000) }
	s := fmt.Sprintf("lease: %s's, granted at %s", l.Client, sec(l.Granted))
	if l.Token != 0 {
		s += fmt.Sprintf(", token %d", l.Token)
	}
	if l.Service != 0 {
		s += "; the service ended it at " + sec(l.Service)
	}
	for _, w := range l.Said {
		s += fmt.Sprintf("; at %s (step %d) the library said %s (%s)", sec(w.MS), w.Step, w.Standing, w.Words)
	}
	for _, w := range l.Writes {
		s += fmt.Sprintf("; step %d's write at %s (%s)", w.Step, sec(w.MS), w.Outcome)
		if w.AfterWord {
			s += fmt.Sprintf(", %d ms after the library's first word", w.AfterWordMS)
		}
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
