package core

// Verdict is what a run comes to: a cell of the strategy matrix, and, frame
// by frame, what the run would come to if it ended there.
//
// Fencing promises order by token at the resource, not mutual exclusion in
// real time: no lease can stop an old holder's write from landing after a
// newer grant was issued. What the verdict judges is whether such a write
// did harm. Grants are numbered by the model (no token is needed to judge),
// and each resource is judged on its own.
type Verdict string

// Verdicts, from the worst: a run is corrupted once a resource has been
// harmed (see Harm), and stays so; otherwise stuck while the lock cannot be
// used correctly; otherwise at risk once an older grant's write has landed
// after a newer grant was issued; otherwise safe.
const (
	// Safe: no write made under an older grant landed after a newer grant
	// was issued, and the lock can be used.
	Safe Verdict = "safe"
	// AtRisk: a write made under an older grant was applied after a newer
	// grant was issued, but it destroyed nothing: no newer holder had
	// written the resource, and none that had read it wrote after it. It
	// was harmless in this run; a newer holder that read the resource
	// without showing its token, and then wrote, would lose it.
	AtRisk Verdict = "at-risk"
	// Corrupted: a resource was harmed, in one of the ways Harm names.
	Corrupted Verdict = "corrupted"
	// Stuck: the lock cannot be used correctly: its holder crashed and,
	// without a TTL, holds it forever; or a fenced resource has seen a
	// larger token than the holder's (after a counter reset) and refuses
	// every write of the holder in force.
	Stuck Verdict = "stuck"
)

// Harm says how a resource was corrupted.
type Harm string

// Harms.
const (
	// HarmOverwrite: the resource applied a write made under grant g after
	// it had applied a write under a newer grant g' > g: the newer holder's
	// value is destroyed.
	HarmOverwrite Harm = "overwrite"
	// HarmLostUpdate: the holder under grant g' read the resource, then a
	// write made under an older grant g < g' was applied, then the holder
	// under g' wrote: its write was computed from a read that missed the
	// older write, which is silently lost although it was acknowledged. A
	// fenced resource prevents it when the read shows the token (it raises
	// maxToken, so the older write is refused); a tokenless read (peek)
	// does not, and on an unfenced resource neither read protects.
	HarmLostUpdate Harm = "lost-update"
)

// stuck reports whether the lock or a resource can no longer be used
// correctly: the holder of a lock without TTL has crashed, or a fenced
// resource has seen a token larger than the one the service now issues (a
// counter reset), so it refuses the holder in force. It is the one rule
// the frames and the search judge by; checkRun recomputes it with its own
// code.
func (w *world) stuck() bool {
	g, token := w.inForce()
	if g == 0 {
		return false
	}
	if c := w.client(w.holders[g]); c != nil && c.State == Crashed && !w.st.TTL() {
		return true
	}
	for _, r := range w.resources {
		if r.Fenced() && token != 0 && r.MaxToken() > token {
			return true
		}
	}
	return false
}

// VerdictOf returns the verdict of a run: its last frame's.
func VerdictOf(frames []Frame) Verdict {
	if len(frames) == 0 {
		return Safe
	}
	return frames[len(frames)-1].Verdict
}
