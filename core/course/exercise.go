package course

import (
	"fmt"
	"slices"

	"dlock/core"
)

// An Exercise is a goal for a reader's own run in free play: a verdict to
// reach under a row, sometimes without some kinds of action. The model
// judges the run against it (Judge), and the search finds how short such
// a run can be (Shortest), as a hint. Nothing is written per exercise but
// the goal: the judging and the hint are the model's.
type Exercise struct {
	ID       string
	Strategy core.Strategy
	// Goal is the verdict to reach: Corrupted, Stuck, or AtRisk (which a
	// corrupted run reaches too, as the search counts it).
	Goal core.Verdict
	// Without are the kinds of action the run may not use.
	Without []core.ActionKind
	// Steps are the search's options the run needs, beyond the chapter's
	// assumptions (tokenless reads, say); the hint's search uses them.
	Steps core.SearchOptions
}

// Exercises are the exercises free play offers, one at least for every row
// a reader can break.
func Exercises() []Exercise {
	return []Exercise{
		{ID: "corrupt-lease", Strategy: core.Lease, Goal: core.Corrupted},
		{ID: "corrupt-without-pause", Strategy: core.ConsensusUnfenced, Goal: core.Corrupted, Without: []core.ActionKind{core.ActPause, core.ActCrash}},
		// Redlock's own case: no time passes, so no lease can end; a node
		// that restarts without its state does it.
		{ID: "corrupt-redlock-without-waiting", Strategy: core.Redlock, Goal: core.Corrupted, Without: []core.ActionKind{core.ActPause, core.ActTick, core.ActCrash},
			Steps: core.SearchOptions{Partial: true}},
		{ID: "stuck-without-ttl", Strategy: core.NoTTL, Goal: core.Stuck},
		{ID: "stuck-with-fencing", Strategy: core.LeaseFencing, Goal: core.Stuck},
		{ID: "break-consensus", Strategy: core.Consensus, Goal: core.Corrupted, Steps: core.SearchOptions{Peek: true}},
		{ID: "risk-optimistic", Strategy: core.Optimistic, Goal: core.AtRisk},
	}
}

// ExerciseByID is the exercise called id.
func ExerciseByID(id string) (Exercise, bool) {
	i := slices.IndexFunc(Exercises(), func(e Exercise) bool { return e.ID == id })
	if i < 0 {
		return Exercise{}, false
	}
	return Exercises()[i], true
}

// Miss is why a run does not meet an exercise.
type Miss string

// Why a run misses.
const (
	// MissAction: the run uses a kind of action the exercise leaves out.
	MissAction Miss = "action"
	// MissVerdict: the run does not reach the goal's verdict.
	MissVerdict Miss = "verdict"
)

// Judgement is the model's judgement of a run against an exercise.
type Judgement struct {
	Solved  bool
	Verdict core.Verdict // the run's verdict under the exercise's row
	Miss    Miss         // why not, where not solved
	// Item (1-based) and Kind: the first action of a kind left out
	// (MissAction).
	Item int
	Kind core.ActionKind
}

// Met reports whether a run's verdict v reaches goal: the same verdict,
// or for AtRisk, a corrupted run too.
func Met(goal, v core.Verdict) bool { return v == goal || goal == core.AtRisk && v == core.Corrupted }

// Judge replays sc under the exercise's row and judges it: solved when it
// uses no kind of action the exercise leaves out and reaches its goal.
func (e Exercise) Judge(sc core.Scenario) (Judgement, error) {
	frames, err := core.Replay(sc, e.Strategy)
	if err != nil {
		return Judgement{}, err
	}
	j := Judgement{Verdict: core.VerdictOf(frames)}
	for i, s := range sc.Steps {
		if slices.Contains(e.Without, s.Action.Kind) {
			j.Miss, j.Item, j.Kind = MissAction, i+1, s.Action.Kind
			return j, nil
		}
	}
	if !Met(e.Goal, j.Verdict) {
		j.Miss = MissVerdict
		return j, nil
	}
	j.Solved = true
	return j, nil
}

// Shortest searches, up to maxDepth actions, for the shortest run that
// meets the exercise, with its options: the hint ("the shortest run is N
// actions"). found is false if there is none that short.
func (e Exercise) Shortest(maxDepth int) (core.SearchResult, error) {
	opts := e.Steps
	opts.Strategy, opts.Goal, opts.MaxDepth, opts.Without = e.Strategy, e.Goal, maxDepth, e.Without
	s, err := core.NewSearch(opts)
	if err != nil {
		return core.SearchResult{}, fmt.Errorf("exercise %s: %w", e.ID, err)
	}
	for !s.Run(1 << 16) {
	}
	return s.Result(), nil
}
