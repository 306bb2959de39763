package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"dlock/core"
	"dlock/core/recording"
)

// fileName is where a recording of sc under st on on is written: on the
// row's first service and the first database as
// <scenario>.<strategy>.json, which the page reads first; on another
// service with .<service> before .json, on another database with
// .<database>.
func fileName(scenario string, st core.Strategy, on setup) string {
	name := scenario + "." + string(st)
	if on.backend != backendsFor(st)[0] {
		name += "." + on.backend.name
	}
	if on.database != databases[0] {
		name += "." + on.database.name
	}
	return name + ".json"
}

func writeRecording(dir string, r recording.Recording, on setup) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if r.Backend != on.backend.name {
		return fmt.Errorf("recording of %s under %s: made on %q, written as %s's", r.Scenario, r.Strategy, r.Backend, on.backend.name)
	}
	if r.Database != on.database.name {
		return fmt.Errorf("recording of %s under %s: made on the database %q, written as %s's", r.Scenario, r.Strategy, r.Database, on.database.name)
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fileName(r.Scenario, r.Strategy, on)), append(b, '\n'), 0o644)
}

// readRecording reads the recording of sc under st on on from dir, with
// the database it names ("" in one written before the lab named it);
// false if there is none.
func readRecording(dir, scenario string, st core.Strategy, on setup) (recording.Recording, bool, error) {
	name := fileName(scenario, st, on)
	data, err := os.ReadFile(filepath.Join(dir, name))
	if os.IsNotExist(err) {
		return recording.Recording{}, false, nil
	}
	if err != nil {
		return recording.Recording{}, false, err
	}
	var r recording.Recording
	if err := json.Unmarshal(data, &r); err != nil {
		return recording.Recording{}, false, fmt.Errorf("%s: %w", name, err)
	}
	return r, true, nil
}

// brief is a recording as the index holds it: without its calls, steps,
// leases, rows' operations and words.
func brief(r recording.Recording) recording.Recording {
	r.Calls, r.Steps, r.Leases, r.RowOps, r.Service, r.Resource = nil, nil, nil, nil, "", ""
	return r
}

// writeIndex writes dir/index.json for the page's matrix: for every cell
// recorded in dir, in the matrix's order, the recording on its row's first
// service and the first database, with the others (other services, other
// databases) in Others, without their calls. A run of some cells keeps the
// others' recordings in it.
func writeIndex(dir string) error {
	var index []recording.Recording
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			var cell *recording.Recording
			for _, on := range runsOf(sc, st, backendsFor(st)) {
				r, ok, err := readRecording(dir, sc.ID, st, on)
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
