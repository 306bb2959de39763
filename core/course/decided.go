package course

import "dlock/core"

// DecidedAt returns the step (1-based) at which a run's verdict is decided:
// the first frame from which every frame has the run's final verdict; for
// a safe run, its last step (nothing decided it earlier). A lesson asks its
// question there, and the matrix opens a run at it.
func DecidedAt(frames []core.Frame) int {
	if len(frames) == 0 {
		return 1
	}
	final := core.VerdictOf(frames)
	if final == core.Safe {
		return len(frames)
	}
	step := len(frames)
	for i := len(frames) - 1; i >= 0 && frames[i].Verdict == final; i-- {
		step = i + 1
	}
	return step
}
