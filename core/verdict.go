package core

// Verdict is what a whole run comes to: a cell of the strategy matrix.
type Verdict string

// Verdicts.
const (
	// Safe: the run ended without a late write applied and the lock usable.
	Safe Verdict = "safe"
	// Corrupted: a superseded holder's write destroyed a newer holder's data.
	Corrupted Verdict = "corrupted"
	// StuckVerdict: the lock ended held by a crashed client, forever.
	StuckVerdict Verdict = "stuck"
)

// VerdictOf returns the verdict of a run from its last frame.
func VerdictOf(frames []Frame) Verdict {
	if len(frames) == 0 {
		return Safe
	}
	switch frames[len(frames)-1].Outcome {
	case Destroyed:
		return Corrupted
	case Stuck:
		return StuckVerdict
	}
	return Safe
}

// VerdictFor replays sc under st and returns its verdict.
func VerdictFor(sc Scenario, st Strategy) (Verdict, error) {
	frames, err := Replay(sc, st)
	if err != nil {
		return "", err
	}
	return VerdictOf(frames), nil
}
