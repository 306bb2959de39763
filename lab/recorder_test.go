package main

import (
	"testing"
	"time"

	"dlock/core"
	"dlock/core/recording"
)

// A library's line is logged at the time its client wrote it, among the
// calls in the order of their times, and at the step under way when the
// lab read it; a line with no time, or one from before the run began, is
// logged when it is read, or at the run's start.
func TestALibrarysLineIsLoggedAtItsTime(t *testing.T) {
	r := newRecorder(recording.Recording{Scenario: "gc-pause"})
	r.begin()
	start := r.start.UnixMilli()
	time.Sleep(5 * time.Millisecond)
	r.stepBegins(2)
	r.log("A", "acquire", "granted")
	granted := r.recording().Calls[0].MS
	time.Sleep(30 * time.Millisecond)
	r.stepBegins(3)
	r.log("A", "write", "1 row")
	r.logAt(start+granted+1, "A", "library", "keep-alive sent")
	r.logAt(0, "B", "library", "said now")
	r.logAt(start-5000, "B", "library", "from before the run")
	got := r.recording().Calls
	want := []struct {
		client, result string
		step           int
	}{
		{"B", "from before the run", 3}, {"A", "granted", 2}, {"A", "keep-alive sent", 3}, {"A", "1 row", 3}, {"B", "said now", 3},
	}
	if len(got) != len(want) {
		t.Fatalf("%d calls logged, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Client != w.client || got[i].Result != w.result || got[i].Step != w.step {
			t.Errorf("call %d: %+v, want %s's %q at step %d", i, got[i], w.client, w.result, w.step)
		}
		if i > 0 && got[i].MS < got[i-1].MS {
			t.Errorf("call %d at %d ms, after one at %d ms", i, got[i].MS, got[i-1].MS)
		}
	}
	if got[0].MS != 0 || got[2].MS != granted+1 {
		t.Errorf("logged at %d and %d ms, want 0 and %d", got[0].MS, got[2].MS, granted+1)
	}
}

// A step compared is recorded as the step under way; a recording taken
// is a copy that what is logged later does not change.
func TestARecordingIsTheTraceSoFar(t *testing.T) {
	r := newRecorder(recording.Recording{Scenario: "gc-pause", Strategy: core.Lease})
	r.begin()
	r.stepBegins(4)
	r.compared(recording.RecordedStep{Action: "A:pause:10", Agrees: true})
	r.log("A", "kill -STOP 1", "paused for 10 s")
	got := r.recording()
	r.stepBegins(5)
	r.log("B", "acquire", "granted")
	r.compared(recording.RecordedStep{Action: "B:acquire"})
	if got.Scenario != "gc-pause" || got.Strategy != core.Lease {
		t.Errorf("the recording is of %s under %s", got.Scenario, got.Strategy)
	}
	if len(got.Steps) != 1 || got.Steps[0].Step != 4 || got.Steps[0].Action != "A:pause:10" {
		t.Errorf("steps %+v, want step 4 alone", got.Steps)
	}
	if len(got.Calls) != 1 || got.Calls[0].Step != 4 {
		t.Errorf("calls %+v, want the STOP at step 4 alone", got.Calls)
	}
	if later := r.recording(); len(later.Steps) != 2 || later.Steps[1].Step != 5 || len(later.Calls) != 2 {
		t.Errorf("later: steps %+v, calls %+v", later.Steps, later.Calls)
	}
}

// The slowest step is the one that took longest; the run is behind the
// model's clock by what its steps took beyond the model's time.
func TestTheRecorderKnowsTheSlowestStepAndHowFarBehindItIs(t *testing.T) {
	r := newRecorder(recording.Recording{})
	if step, took := r.slowest(); step != 0 || took != 0 {
		t.Errorf("before any step: step %d took %v", step, took)
	}
	r.stepTook(2, 20*time.Millisecond)
	r.stepTook(3, 3*time.Second)
	r.stepTook(4, time.Second)
	if step, took := r.slowest(); step != 3 || took != 3*time.Second {
		t.Errorf("the slowest step: %d, %v; want 3, 3s", step, took)
	}
	r.begin()
	if behind := r.behind(core.Frame{Clock: 0}); behind < 0 || behind > time.Second {
		t.Errorf("at the start, behind a clock at 0 by %v", behind)
	}
	if behind := r.behind(core.Frame{Clock: 10}); behind > -9*time.Second {
		t.Errorf("at the start, behind a clock at 10 by %v: the model is ahead", behind)
	}
}
