package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"dlock/core"
)

// Recording is a run replayed on real software and judged: core's, which
// the page reads too.
type Recording = core.Recording

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
	r.Calls, r.Steps, r.Leases, r.Service, r.Resource = nil, nil, nil, "", ""
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
