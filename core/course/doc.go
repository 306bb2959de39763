// Package course is what the demo asks of its reader, beside the model it
// shows: predict mode's questions, read from a run's frames and answered by
// them (QuestionAt, VerdictQuestion); the step that decides a run, where a
// lesson asks its question (DecidedAt); and free play's exercises, a
// verdict to reach under a row, judged by the model and hinted at by its
// search (Exercises). Nothing is written per scenario: every run the model
// can replay, a script of free play and a run the search found included,
// has its questions.
//
// It is built on core's exported API alone, and core does not import it.
// Like core it holds no display text: questions, choices and the reasons a
// run misses an exercise are machine words, which web/words words.
package course
