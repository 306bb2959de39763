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
