package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"dlock/core"
)

// Recording is a run replayed on real software and judged: core.Recording,
// which the page reads, and what the lab says beside it. Each field added
// here is one the page may read or ignore: a reader that knows only
// core.Recording reads the same recording.
type Recording struct {
	core.Recording
	// Backend names the lock service the run took its lock on (backend.name).
	Backend string `json:"backend"`
	// Token says what the grant's fencing token is on this service, in
	// the trace's words ("" where it issues none).
	Token string `json:"token,omitempty"`
	// Restore says how the lab backed the service up and restored it,
	// where the run does ("" otherwise).
	Restore string `json:"restore,omitempty"`
	// Differs, on a run that restores the service, says why the real run
	// may differ from the model's there, which restores the service as it
	// was, its token counter with it: etcd restored with --bump-revision
	// (a variant, recorded beside the row's own run), ZooKeeper, whose
	// restored ensemble starts a new epoch.
	Differs string `json:"differs,omitempty"`
	// Steps are core's, each with how far the lab was behind the model's
	// clock when it began.
	Steps []Step `json:"steps,omitempty"`
	// Leases are every lease granted in the run: core's ends (the service's,
	// and the library's word that it was gone), with every word the
	// holder's library said of it and the holder's writes after its first
	// word.
	Leases []Lease `json:"leases,omitempty"`
	// Others, in the index only, are the same cell's recordings on the
	// row's other lock services, without their calls and steps.
	Others []Recording `json:"others,omitempty"`
}

// Step is one step of a real run beside the model's (core.RecordedStep),
// and how far the lab was behind the model's clock when it began: the
// model's actions take no time, and a real one (a restart) can take
// seconds, which leases run on.
type Step struct {
	core.RecordedStep
	BehindMS int64 `json:"behind_ms,omitempty"`
}

// Lease is one lease granted in a real run: core's account of its end, and
// what the holder's library said of it.
type Lease struct {
	core.RealLeaseEnd
	// Token is the grant's token (0 where the service issues none).
	Token int64 `json:"token,omitempty"`
	// SuspendedMS is when the library first said it could not tell
	// whether the lease still held (lock.Suspended: ZooKeeper's
	// Disconnected), in ms from the run's start; 0 if it never did.
	SuspendedMS int64 `json:"suspended_ms,omitempty"`
	// Said is every word the library said of the lease, in order: what it
	// told the holder on its own, and what it answered at check steps.
	Said []Said `json:"said,omitempty"`
	// WritesAfter are the holder's writes sent after its library's first
	// word that the lease was gone or in doubt (SuspendedMS, or
	// core's Library, whichever came first), each with how long after.
	WritesAfter []WriteAfter `json:"writes_after,omitempty"`
}

// Said is one word of a library about a lease: when (ms from the run's
// start), at which step, what it amounts to (held, suspended, gone: see
// lock.Standing), and the library's own words.
type Said struct {
	MS       int64  `json:"ms"`
	Step     int    `json:"step"`
	Standing string `json:"standing"`
	Words    string `json:"words"`
}

// WriteAfter is a write a client sent after its library had said its lease
// was gone or in doubt: the step, when, how long after that word, and what
// the resource did with it (applied, refused-by-token, or held: kept to be
// delivered later).
type WriteAfter struct {
	Step    int    `json:"step"`
	MS      int64  `json:"ms"`
	AfterMS int64  `json:"after_ms"`
	Outcome string `json:"outcome"`
}

// Agrees reports whether a replayed run agrees with the model at every step
// and so reaches its verdict.
func (r Recording) Agrees() bool { return r.Recording.Agrees() }

// fileName is where a recording of sc under st on b is written: the row's
// first service's as <scenario>.<strategy>.json, which the page reads
// first; another's as <scenario>.<strategy>.<service>.json.
func fileName(scenario string, st core.Strategy, b *backend) string {
	if b == backendsFor(st)[0] {
		return scenario + "." + string(st) + ".json"
	}
	return scenario + "." + string(st) + "." + b.name + ".json"
}

func writeRecording(dir string, r Recording) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	be, ok := backendNamed(r.Backend)
	if !ok {
		return fmt.Errorf("recording of %s under %s: no service %q", r.Scenario, r.Strategy, r.Backend)
	}
	return os.WriteFile(filepath.Join(dir, fileName(r.Scenario, r.Strategy, be)), append(b, '\n'), 0o644)
}

// readRecording reads the recording of sc under st on b from dir; false if
// there is none.
func readRecording(dir, scenario string, st core.Strategy, b *backend) (Recording, bool, error) {
	name := fileName(scenario, st, b)
	data, err := os.ReadFile(filepath.Join(dir, name))
	if os.IsNotExist(err) {
		return Recording{}, false, nil
	}
	if err != nil {
		return Recording{}, false, err
	}
	var r Recording
	if err := json.Unmarshal(data, &r); err != nil {
		return Recording{}, false, fmt.Errorf("%s: %w", name, err)
	}
	return r, true, nil
}

// brief is a recording as the index holds it: without its calls, steps,
// leases and words.
func brief(r Recording) Recording {
	r.Calls, r.Recording.Steps, r.Steps, r.Recording.Leases, r.Leases, r.Service, r.Resource = nil, nil, nil, nil, nil, "", ""
	return r
}

// writeIndex writes dir/index.json for the page's matrix: for every cell
// recorded in dir, in the matrix's order, the recording on its row's first
// service, with the others in Others, all without their calls. A run of
// some cells keeps the others' recordings in it.
func writeIndex(dir string) error {
	var index []Recording
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			var cell *Recording
			for _, b := range backendsFor(st) {
				r, ok, err := readRecording(dir, sc.ID, st, b)
				if err != nil {
					return err
				}
				switch {
				case !ok:
				case cell == nil:
					first := brief(r)
					cell = &first
				default:
					cell.Others = append(cell.Others, brief(r))
				}
			}
			if cell != nil {
				index = append(index, *cell)
			}
		}
	}
	b, err := json.Marshal(index)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), append(b, '\n'), 0o644)
}
