// Package recording is the vocabulary in which the lab (lab/) compares a
// run on real software with the model's, and in which the page reads what
// it found: a Recording per cell, with each step's outcome, what each
// client believes and what each resource holds (Seen, OutcomeOf), why a
// step's timing differed (Timing), the leases and the rows' history, and
// why a cell is not replayed at all (Replayable).
//
// It is built on core's exported API alone, and core does not import it.
// The lab writes recordings as JSON; the page and the server read them.
package recording
