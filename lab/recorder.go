package main

import (
	"slices"
	"sync"
	"time"

	"dlock/core"
	"dlock/core/recording"
)

// recorder is a run's trace as it is made: every call the lab, the
// clients and their libraries made, at its time since the run began and
// at the step it was made in, and every step beside the model's. The
// clients' libraries and the service's watch log into it from goroutines
// of their own, as things happen; the run moves it from step to step, and
// asks it how far behind the model's clock the run has fallen.
type recorder struct {
	mu    sync.Mutex
	trace recording.Recording
	// step is the step under way (the first action is step 2), start when
	// the run began, took how long each step took in real time.
	step  int
	start time.Time
	took  map[int]time.Duration
}

// newRecorder is a recorder of a run that trace begins (what is known of
// it before it starts: the scenario, the row, the services).
func newRecorder(trace recording.Recording) *recorder {
	return &recorder{trace: trace, took: map[int]time.Duration{}}
}

// begin starts the run's clock: calls are logged at their time since now.
func (r *recorder) begin() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.start = time.Now()
}

// stepBegins logs what follows at step (the first action is step 2).
func (r *recorder) stepBegins(step int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.step = step
}

// stepTook records that step took d in real time.
func (r *recorder) stepTook(step int, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.took[step] = d
}

// slowest is the step that took longest so far, and how long (0: none
// has been timed).
func (r *recorder) slowest() (int, time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	step, took := 0, time.Duration(0)
	for s, d := range r.took {
		if d > took {
			step, took = s, d
		}
	}
	return step, took
}

// log records one call of the trace, now.
func (r *recorder) log(client, call, result string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.trace.Calls = append(r.trace.Calls, recording.RecordedCall{MS: r.ms(), Step: r.step, Client: client, Call: call, Result: result})
}

// logAt logs what a client's library did at at, by the client's clock
// (Unix ms; 0: unknown, now), among the calls in the order of their times:
// the lab reads a client's lines as it gets to them, which on a busy
// machine can be well after they were written (a keep-alive written just
// before a SIGSTOP, read after the stop is logged).
func (r *recorder) logAt(at int64, client, call, result string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ms := r.ms()
	if at != 0 {
		ms = min(ms, max(0, at-r.start.UnixMilli()))
	}
	i := len(r.trace.Calls)
	for i > 0 && r.trace.Calls[i-1].MS > ms {
		i--
	}
	r.trace.Calls = slices.Insert(r.trace.Calls, i, recording.RecordedCall{MS: ms, Step: r.step, Client: client, Call: call, Result: result})
}

// compared records a step beside the model's, as the step under way.
func (r *recorder) compared(s recording.RecordedStep) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s.Step = r.step
	r.trace.Steps = append(r.trace.Steps, s)
}

// now is the time since the run began, in ms, and the step under way.
func (r *recorder) now() (int64, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ms(), r.step
}

// ms is the time since the run began, in ms; r.mu is held.
func (r *recorder) ms() int64 { return time.Since(r.start).Milliseconds() }

// since is how long after the run began t was.
func (r *recorder) since(t time.Time) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return t.Sub(r.start)
}

// behind is how far the run is behind the model's clock as a step begins,
// frame prev before it: the model's actions take no time, the lab's real
// ones can take seconds (a restart), which leases run on meanwhile.
func (r *recorder) behind(prev core.Frame) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return time.Since(r.start) - time.Duration(prev.Clock)*Tick
}

// recording is the trace so far, its calls and steps copied: what is
// logged after it is not in it.
func (r *recorder) recording() recording.Recording {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.trace
	t.Calls, t.Steps = slices.Clone(t.Calls), slices.Clone(t.Steps)
	return t
}
