package recording

import (
	"testing"

	"dlock/core"
)

// mustReplay replays sc under st, failing the test where the model cannot.
func mustReplay(t testing.TB, sc core.Scenario, st core.Strategy) []core.Frame {
	t.Helper()
	frames, err := core.Replay(sc, st)
	if err != nil {
		t.Fatalf("%s under %s: %v", sc.ID, st, err)
	}
	return frames
}

// scenario is the built-in scenario called id.
func scenario(id string) core.Scenario {
	sc, ok := core.ScenarioByID(id)
	if !ok {
		panic("no scenario " + id)
	}
	return sc
}

// The built-in scenarios the tests replay.
func gcPause() core.Scenario   { return scenario(core.GCPauseID) }
func heartbeat() core.Scenario { return scenario("heartbeat") }
func slowGrant() core.Scenario { return scenario("slow-grant") }
