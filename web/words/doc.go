// Package words owns every sentence the page shows, in Japanese (the
// book's) and English, from one catalogue: the scenarios' own words, the
// notes worded from each step's event, the labels of actions and results.
// It words what core computed and decides nothing of the model: a rule of
// the lock, the resource or the verdict belongs in core, and a value this
// package needs is a field of core's frames.
//
// It imports core and web/state, never go-app.
package words
