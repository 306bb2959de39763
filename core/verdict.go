package core

// Verdict is what a run comes to: a cell of the strategy matrix, and, frame
// by frame, what the run would come to if it ended there.
type Verdict string

// Verdicts. A run is corrupted once a stale write has been applied, and stays
// so; otherwise it is stuck while the lock cannot be used correctly, and
// safe when neither.
const (
	// Safe: no stale write was applied, and the lock can be used.
	Safe Verdict = "safe"
	// Corrupted: a resource applied a stale write, one made under a grant
	// older than the newest the lock service had issued, whatever the
	// tokens said (see StaleKind for the harm it does).
	Corrupted Verdict = "corrupted"
	// Stuck: the lock cannot be used correctly: its holder crashed and,
	// without a TTL, holds it forever; or a fenced resource has seen a
	// larger token than the holder's (after a counter reset) and refuses
	// every write of the holder in force.
	Stuck Verdict = "stuck"
)

// Verdicts lists every verdict.
func Verdicts() []Verdict { return []Verdict{Safe, Corrupted, Stuck} }

// judge is Replay's verdict for frame f, given whether a stale write has
// been applied so far. Check recomputes it independently.
func judge(stale bool, f Frame) Verdict {
	switch {
	case stale:
		return Corrupted
	case f.Lock.Grant == 0:
		return Safe
	}
	if c, ok := f.Client(f.Lock.Holder); ok && c.State == Crashed && !f.Lock.TTL {
		return Stuck
	}
	for _, r := range f.Resources {
		if r.Fenced && f.Lock.Token != 0 && r.MaxToken > f.Lock.Token {
			return Stuck
		}
	}
	return Safe
}

// VerdictOf returns the verdict of a run: its last frame's.
func VerdictOf(frames []Frame) Verdict {
	if len(frames) == 0 {
		return Safe
	}
	return frames[len(frames)-1].Verdict
}

// VerdictFor replays sc under st and returns its verdict.
func VerdictFor(sc Scenario, st Strategy) (Verdict, error) {
	frames, err := Replay(sc, st)
	if err != nil {
		return "", err
	}
	return VerdictOf(frames), nil
}
