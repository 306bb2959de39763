package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
)

// A row that corrupts gets its shortest run, as a script that replays to
// corrupted; a row nothing corrupts gets its proof, with the worst run,
// which replays to it.
func TestProvePrintsAProofOrARun(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-strategy", "lease"}, &out); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^lease: corrupted in 5 steps: (\S+)$`).FindStringSubmatch(out.String())
	if line == nil {
		t.Fatalf("lease: %q", out.String())
	}
	replays(t, line[1], core.Lease, core.Corrupted)

	out.Reset()
	if err := run([]string{"-strategy", "optimistic", "-held", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "every run of any length of 2 clients over the search's default alphabet, at most 1 message held up at once\n") {
		t.Errorf("the first line does not say what was searched: %q", out.String())
	}
	line = regexp.MustCompile(`(?m)^optimistic: closed after \d+ states: worst verdict at risk, never corrupted \(at risk in 3 steps: (\S+)\)$`).FindStringSubmatch(out.String())
	if line == nil {
		t.Fatalf("optimistic: %q", out.String())
	}
	replays(t, line[1], core.Optimistic, core.AtRisk)
}

// The first lines name every action: those tried, and those not tried,
// which every proof assumes; -failover moves sync and failover over.
func TestProveNamesTheActionsItTriesAndThoseItDoesNot(t *testing.T) {
	for _, failover := range []bool{false, true} {
		args := []string{"-strategy", "optimistic", "-held", "1"}
		if failover {
			args = append(args, "-failover")
		}
		var out bytes.Buffer
		if err := run(args, &out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		if len(lines) < 4 || !strings.HasPrefix(lines[3], "  not tried: ") {
			t.Fatalf("%q: no line of what is not tried: %q", args, out.String())
		}
		tried, not := strings.Join(lines[1:3], "\n"), lines[3]
		verb := func(text string, k core.ActionKind) bool {
			return regexp.MustCompile(`[ ,:(]` + string(k) + `\b`).MatchString(text)
		}
		for _, k := range core.ActionKinds() {
			if verb(tried, k) == verb(not, k) {
				t.Errorf("%q: %s is named tried %v, not tried %v:\n%s", args, k, verb(tried, k), verb(not, k), out.String())
			}
		}
		for _, k := range []core.ActionKind{core.ActSync, core.ActFailover} {
			if verb(tried, k) != failover {
				t.Errorf("%q: %s tried: %v", args, k, verb(tried, k))
			}
		}
	}
}

func replays(t *testing.T, script string, st core.Strategy, want core.Verdict) {
	t.Helper()
	sc, err := core.ParseScript(script)
	if err != nil {
		t.Fatalf("%q: %v", script, err)
	}
	frames, err := core.Replay(sc, st)
	if err != nil {
		t.Fatalf("%q: %v", script, err)
	}
	if v := core.VerdictOf(frames); v != want {
		t.Errorf("%q under %s replays to %s, want %s", script, st, v, want)
	}
}

func TestProveRefusesWhatItCannotSearch(t *testing.T) {
	for _, args := range [][]string{
		{"-strategy", "paxos"},
		{"-clients", "4"},
		{"-held", "0"},
		{"consensus"},
	} {
		var out bytes.Buffer
		if err := run(args, &out); err == nil {
			t.Errorf("%q: no error, and %q", args, out.String())
		}
	}
}
