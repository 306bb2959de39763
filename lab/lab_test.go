package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"dlock/core"
)

// The test binary is also the clients' binary: run as "client", it is one.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "client" {
		clientMain(os.Args[2:])
		return
	}
	code := m.Run()
	stopEtcd()
	os.Exit(code)
}

// The cells CI replays on real Redis servers, a real etcd cluster and a
// real SQLite: the book's story under every row, the counter reset under
// fencing and under consensus, a Redlock node's restart, a crash without
// TTL, a fenced read, and two held messages (a write, a renewal).
var ciCells = []struct {
	scenario string
	strategy core.Strategy
}{
	{"gc-pause", core.NoTTL}, {"gc-pause", core.Lease}, {"gc-pause", core.Redlock}, {"gc-pause", core.LeaseFencing},
	{"gc-pause", core.ConsensusUnfenced}, {"gc-pause", core.Consensus},
	{"counter-reset", core.LeaseFencing}, {"counter-reset", core.Consensus}, {"restart-during-lease", core.Redlock},
	{"crash-no-ttl", core.NoTTL}, {"fenced-read", core.Lease}, {"delayed-write", core.Lease},
	{"partitioned-holder", core.Consensus},
}

// Real software reaches the model's verdict, cell by cell, and the trace
// shows the calls that decide it.
func TestRealSoftwareAgreesWithTheModel(t *testing.T) {
	if testing.Short() {
		t.Skip("replays cells on real servers in real time (about 20 s); make test runs it")
	}
	var wg sync.WaitGroup
	for _, c := range ciCells {
		sc, ok := core.ScenarioByID(c.scenario)
		if !ok {
			t.Fatalf("no scenario %s", c.scenario)
		}
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr, err := Replay(sc, c.strategy, dir)
			if err != nil {
				t.Errorf("%s under %s: %v", c.scenario, c.strategy, err)
				return
			}
			if !tr.Agrees() {
				t.Errorf("%s under %s: real %s, model %s; trace %+v", c.scenario, c.strategy, tr.Verdict, tr.Model, tr.Calls)
			}
			if len(tr.Calls) < len(sc.Steps) {
				t.Errorf("%s under %s: %d trace entries for %d steps", c.scenario, c.strategy, len(tr.Calls), len(sc.Steps))
			}
		}()
	}
	wg.Wait()
}

// tracesDir is where make lab writes every cell, for the page to fetch.
var tracesDir = filepath.Join("..", "static", "web", "lab")

// Every cell has a committed recording (make lab writes them): a replayed
// cell's, or why it is not replayed. They are still what the model
// says and what the lab can replay, and every replayed one agreed with the
// model: a change that moves a verdict fails here until make lab records
// them again.
func TestCommittedTracesMatchTheModel(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(tracesDir, "*.*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no committed traces in static/web/lab (make lab writes them)")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var tr Trace
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		sc, ok := core.ScenarioByID(tr.Scenario)
		if !ok {
			t.Errorf("%s: no scenario %s", f, tr.Scenario)
			continue
		}
		frames, err := core.Replay(sc, tr.Strategy)
		if err != nil {
			t.Fatal(err)
		}
		model := core.VerdictOf(frames)
		why, _ := Replayable(sc, tr.Strategy)
		switch {
		case tr.Model != model:
			t.Errorf("%s: recorded beside the model's %s, the model now says %s", f, tr.Model, model)
		case tr.Why != why:
			t.Errorf("%s: recorded as not replayed for %q, the lab now says %q", f, tr.Why, why)
		case why == "" && !tr.Agrees():
			t.Errorf("%s: recorded %s, the model says %s", f, tr.Verdict, model)
		}
	}
}

// A cell the lab cannot replay says why, and is refused.
func TestCellsNotReplayedSayWhy(t *testing.T) {
	sc, _ := core.ScenarioByID("clock-jump")
	why, ok := Replayable(sc, core.Lease)
	if ok || why != core.JumpedClock {
		t.Fatalf("clock-jump under lease: replayable %v, %q", ok, why)
	}
	if _, err := Replay(sc, core.Lease, t.TempDir()); err == nil {
		t.Error("Replay ran a cell it cannot replay")
	}
}

func TestEveryCellHasARecording(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			f := filepath.Join(tracesDir, sc.ID+"."+string(st)+".json")
			if _, err := os.Stat(f); err != nil {
				t.Errorf("%s under %s has no recording (make lab): %v", sc.ID, st, err)
			}
		}
	}
}
