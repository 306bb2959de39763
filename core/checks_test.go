package core

import (
	"strings"
	"testing"
)

// forged replays sc under st, lets forge change the frames, and returns
// checkRun's verdict on the result.
func forged(t *testing.T, sc Scenario, st Strategy, forge func(frames []Frame)) error {
	t.Helper()
	frames := mustReplay(t, sc, st)
	if err := checkRun(frames); err != nil {
		t.Fatalf("the genuine run fails: %v", err)
	}
	forge(frames)
	return checkRun(frames)
}

func wantViolation(t *testing.T, err error, phrase string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), phrase) {
		t.Errorf("checkRun = %v, want a violation about %q", err, phrase)
	}
}

// B is granted the lock while A, paused, still holds a lease in force: the
// old check passed this, because it looked only at running clients.
func TestCheckCatchesADoubleGrantWhileTheHolderIsPaused(t *testing.T) {
	sc := gcPause()
	sc.Steps[2].Action.Ticks = 5 // A's lease (until t=10) is in force at t=5
	frames := mustReplay(t, sc, Lease)
	// The genuine run refuses B; forge the grant the service must not make.
	b := &frames[4]
	b.Event = Event{Kind: ActAcquire, Client: "B", Token: 2, Grant: 2, Lease: 10, Nodes: 1, Result: ResultGranted}
	b.Lock.Holder, b.Lock.Token, b.Lock.Grant, b.Lock.Expiry = "B", 2, 2, 15
	b.Lock.Nodes[0] = NodeView{Clock: 5, Holder: "B", Token: 2, Grant: 2, Expiry: 15}
	b.Clients[1].Grant, b.Clients[1].Token, b.Clients[1].LeaseUntil = 2, 2, 15
	b.Clients[1].State = Running
	frames = frames[:5]
	wantViolation(t, checkRun(frames), "gave up grant 1")
}

func TestCheckCatchesALockInForceThatNoQuorumHolds(t *testing.T) {
	err := forged(t, clockJump(), Redlock, func(frames []Frame) {
		// After the jump node 3 no longer holds A's grant: A has two of
		// five nodes, yet the lock says A holds it.
		frames[4].Lock.Holder, frames[4].Lock.Grant = "A", 1
	})
	wantViolation(t, err, "quorum holds 0")
}

func TestCheckCatchesARepeatedTokenOnAReplicatedService(t *testing.T) {
	err := forged(t, gcPause(), Consensus, func(frames []Frame) {
		frames[4].Event.Token = 1
	})
	wantViolation(t, err, "token 1 issued after token 1")
	// The single node's restart forgets its counter: token 1 again is its
	// behaviour, not a violation.
	if err := checkRun(mustReplay(t, counterReset(), LeaseFencing)); err != nil {
		t.Errorf("a single node's counter reset: %v", err)
	}
	err = forged(t, counterReset(), Consensus, func(frames []Frame) {
		frames[4].Event.Result = ResultLost
	})
	wantViolation(t, err, "replicated service lost its state")
}

func TestCheckCatchesATokenWhereRedlockHasNone(t *testing.T) {
	err := forged(t, gcPause(), Redlock, func(frames []Frame) {
		frames[1].Event.Token = 1
	})
	wantViolation(t, err, "issues none")
}

func TestCheckCatchesAClientBelievingAnotherClientsGrant(t *testing.T) {
	err := forged(t, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[5].Clients[0].Grant = 2
	})
	wantViolation(t, err, "A believes in grant 2")
}

func TestCheckCatchesAFencedResourceApplyingAStaleToken(t *testing.T) {
	err := forged(t, gcPause(), LeaseFencing, func(frames []Frame) {
		last := &frames[6]
		last.Event.Write, last.Event.Result = Accepted, ResultAccepted
		last.Resources[0].Data, last.Resources[0].Writes, last.Resources[0].Rejected = "A-STALE", 3, 0
		last.Resources[0].Grant, last.Resources[0].Writer, last.Event.Replaced = 1, "A", "B"
	})
	wantViolation(t, err, "applied token 1 below maxToken 2")
}

// The resource says whose value it holds: the grant of the write it
// applied last, which a note and a result tag word.
func TestCheckCatchesAResourceNamingTheWrongWriter(t *testing.T) {
	err := forged(t, gcPause(), Lease, func(frames []Frame) {
		frames[6].Resources[0].Writer = "B"
	})
	wantViolation(t, err, `written under grant 1 by "B"`)
	err = forged(t, gcPause(), Lease, func(frames []Frame) {
		frames[6].Event.Replaced = "A"
	})
	wantViolation(t, err, `replace "A"'s value`)
}

func TestCheckCatchesDataChangedWithoutAWrite(t *testing.T) {
	err := forged(t, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[6].Resources[0].Data = "A-STALE"
	})
	wantViolation(t, err, "without applying a write")
}

// A destroying write forged as protected: the old check never looked at the
// outcome.
func TestCheckCatchesAVerdictThatHidesCorruption(t *testing.T) {
	err := forged(t, gcPause(), Lease, func(frames []Frame) {
		frames[6].Verdict = Safe
	})
	wantViolation(t, err, `verdict "safe", recomputed "corrupted"`)
	err = forged(t, gcPause(), Lease, func(frames []Frame) {
		frames[6].Event.Stale = BeforeNewHolder
	})
	wantViolation(t, err, `recomputed "overwrote"`)
	err = forged(t, crashNoTTL(), NoTTL, func(frames []Frame) {
		frames[3].Verdict = Safe
	})
	wantViolation(t, err, `recomputed "stuck"`)
}

func TestCheckCatchesAGrantThatWasNeverMade(t *testing.T) {
	err := forged(t, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[2].Lock.Nodes[0].Grant, frames[2].Lock.Grant = 5, 5
	})
	wantViolation(t, err, "never made")
	err = forged(t, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[4].Event.Grant = 3
	})
	wantViolation(t, err, "grant 3 follows grant 1")
}

// A late write that harmed nothing forged as corrupted, and a lost update
// forged as harmless: checkRun recomputes both from the reads and writes.
func TestCheckCatchesAVerdictThatConfusesAtRiskAndCorrupted(t *testing.T) {
	err := forged(t, staleBeforeNewHolder(), Consensus, func(frames []Frame) {
		frames[5].Verdict = Corrupted
	})
	wantViolation(t, err, `verdict "corrupted", recomputed "at-risk"`)
	err = forged(t, staleBeforeNewHolder(), Consensus, func(frames []Frame) {
		frames[6].Verdict = Safe
	})
	wantViolation(t, err, `verdict "safe", recomputed "at-risk"`)
	err = forged(t, fencedRead(), ConsensusUnfenced, func(frames []Frame) {
		frames[7].Event.Harm = ""
	})
	wantViolation(t, err, `recomputed "" and "lost-update"`)
	err = forged(t, fencedRead(), ConsensusUnfenced, func(frames []Frame) {
		frames[7].Harm = HarmOverwrite
	})
	wantViolation(t, err, `the run's harm is "overwrite", recomputed "lost-update"`)
	// Without B's read, the same writes are only at risk.
	err = forged(t, fencedRead(), ConsensusUnfenced, func(frames []Frame) {
		frames[5].Event.Kind = ActCheck
	})
	wantViolation(t, err, `said to land after "B"'s read, recomputed ""`)
}

// A tokenless read raises nothing: a peek forged to raise maxToken is caught.
func TestCheckCatchesAPeekThatRaisesMaxToken(t *testing.T) {
	sc := fencedRead()
	sc.Steps[4].Action.Kind = ActPeek
	frames := mustReplay(t, sc, Consensus)
	if err := checkRun(frames); err != nil {
		t.Fatalf("the genuine run fails: %v", err)
	}
	if VerdictOf(frames) != Corrupted || harmOf(frames) != HarmLostUpdate || frames[5].Resources[0].MaxToken != 1 {
		t.Fatalf("B peeks instead of reading: %s (%s), maxToken %d", VerdictOf(frames), harmOf(frames), frames[5].Resources[0].MaxToken)
	}
	frames[5].Resources[0].MaxToken = 2
	wantViolation(t, checkRun(frames), "maxToken went from 1 to 2")
}

// A reordering forged away, or forged where there is none, and a write
// numbered out of its order of sending: checkRun recomputes them.
func TestCheckCatchesAReorderingItDoesNotFind(t *testing.T) {
	err := forged(t, sameTokenRetry(), Consensus, func(frames []Frame) {
		frames[8].Event.Reordered, frames[8].Reordered = false, false
	})
	wantViolation(t, err, "said reordered false (the run false), recomputed true (true)")
	err = forged(t, sameTokenRetry(), Consensus, func(frames []Frame) {
		frames[6].Event.Reordered = true
	})
	wantViolation(t, err, "said reordered true (the run false), recomputed false (false)")
	err = forged(t, sameTokenRetry(), Consensus, func(frames []Frame) {
		frames[5].Event.Sent = 4
	})
	wantViolation(t, err, "a write numbered 4 is write 2 to be sent")
}

// A versioned row that applies a write carrying an old version is caught:
// A's late write, which the row refused, forged into one it applied.
func TestCheckCatchesAVersionedRowApplyingAnOldVersion(t *testing.T) {
	err := forged(t, gcPause(), Optimistic, func(frames []Frame) {
		f := &frames[6]
		f.Event.Result, f.Event.Write, f.Event.Replaced = ResultAccepted, Accepted, "B"
		r := &f.Resources[0]
		r.Data, r.Writes, r.Version, r.Rejected, r.Grant, r.Writer = "A-STALE", r.Writes+1, r.Version+1, 0, 1, "A"
	})
	wantViolation(t, err, "applied a write carrying version 2 at version 3")
}

// And one that refuses a write carrying its own version: B's write,
// forged into a refusal.
func TestCheckCatchesAVersionedRowRefusingItsOwnVersion(t *testing.T) {
	err := forged(t, gcPause(), Optimistic, func(frames []Frame) {
		f := &frames[5]
		f.Event.Result, f.Event.Write, f.Event.Replaced = ResultRejected, RejectedVersion, ""
		f.Resources[0] = frames[4].Resources[0]
		f.Resources[0].Rejected++
		f.Clients[1].Versions = frames[4].Clients[1].Versions
	})
	wantViolation(t, err, "refused (rejected-version) a write carrying version 2 at version 2")
}

// A client's version is one it read or produced: never above the row's,
// and never changed by someone else's step.
func TestCheckCatchesAVersionNobodyRead(t *testing.T) {
	err := forged(t, gcPause(), Optimistic, func(frames []Frame) {
		frames[3].Clients[0].Versions = []int64{3}
	})
	wantViolation(t, err, "above the row's 2")
	err = forged(t, gcPause(), Optimistic, func(frames []Frame) {
		for i := 5; i < len(frames); i++ {
			frames[i].Clients[0].Versions = []int64{3} // A learns of B's write by itself
		}
	})
	wantViolation(t, err, "A holds versions [3] after write, want [2]")
}

// Where there is no lock service, nothing may be held, and each read of
// versions is the next grant.
func TestCheckCatchesALockWhereThereIsNoService(t *testing.T) {
	err := forged(t, gcPause(), Optimistic, func(frames []Frame) {
		frames[2].Lock.Holder, frames[2].Lock.Grant = "A", 1
	})
	wantViolation(t, err, "there is no lock service")
	err = forged(t, fencedRead(), Optimistic, func(frames []Frame) {
		frames[5].Event.Grant = 2 // B's read, numbered as its acquire was
	})
	wantViolation(t, err, "grant 2 follows grant 2")
}

// Each of checkRun's checkers is tested alone: fed every genuine run, it
// passes them; fed a forgery of the invariant it holds, it rejects it,
// where the checkers it builds on (the grants, for most) pass it.

// alone builds a checker that builds on no other.
func alone(c func() frameChecker) func() []frameChecker {
	return func() []frameChecker { return []frameChecker{c()} }
}

// afterGrants builds a checker that learns the grants from a grantCheck
// fed each frame before it.
func afterGrants(c func(*grantCheck) frameChecker) func() []frameChecker {
	return func() []frameChecker {
		g := newGrantCheck()
		return []frameChecker{g, c(g)}
	}
}

// acceptsEveryRun asserts that the checker build makes (the last of the
// checkers it returns) passes every scenario under every row.
func acceptsEveryRun(t *testing.T, build func() []frameChecker) {
	t.Helper()
	for _, sc := range Scenarios() {
		for _, st := range Strategies() {
			if err := checkWith(mustReplay(t, sc, st), build()...); err != nil {
				t.Errorf("%s under %s: %v", sc.ID, st, err)
			}
		}
	}
}

// kills asserts that the checker build makes rejects the genuine run of sc
// under st once forge has changed it, with a violation about phrase,
// while the checkers it builds on pass the forgery.
func kills(t *testing.T, build func() []frameChecker, sc Scenario, st Strategy, forge func(frames []Frame), phrase string) {
	t.Helper()
	frames := mustReplay(t, sc, st)
	forge(frames)
	before := build()
	if err := checkWith(frames, before[:len(before)-1]...); err != nil {
		t.Fatalf("the checkers it builds on reject the forgery already: %v", err)
	}
	if err := checkWith(frames, build()...); err == nil || !strings.Contains(err.Error(), phrase) {
		t.Errorf("%s under %s, forged: %v, want a violation about %q", sc.ID, st, err, phrase)
	}
}

func TestGrantCheck(t *testing.T) {
	build := alone(func() frameChecker { return newGrantCheck() })
	acceptsEveryRun(t, build)
	kills(t, build, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[4].Event.Grant = 3
	}, "grant 3 follows grant 1")
	kills(t, build, gcPause(), Consensus, func(frames []Frame) {
		frames[4].Event.Token = 1
	}, "token 1 issued after token 1")
}

func TestVersionCheck(t *testing.T) {
	build := alone(func() frameChecker { return versionCheck{} })
	acceptsEveryRun(t, build)
	kills(t, build, gcPause(), Optimistic, func(frames []Frame) {
		frames[3].Clients[0].Versions = []int64{3}
	}, "above the row's 2")
}

func TestNodeCheck(t *testing.T) {
	build := afterGrants(func(g *grantCheck) frameChecker { return nodeCheck{g} })
	acceptsEveryRun(t, build)
	kills(t, build, clockJump(), Redlock, func(frames []Frame) {
		frames[4].Lock.Holder, frames[4].Lock.Grant = "A", 1
	}, "quorum holds 0")
}

func TestDelayCheck(t *testing.T) {
	build := alone(func() frameChecker { return newDelayCheck() })
	acceptsEveryRun(t, build)
	// A's lease lapsed at t=10; the node grants B's at t=12, within its
	// lock-delay of lockDelayLength.
	kills(t, build, lockDelay(), Lease, func(frames []Frame) {
		frames[4].Lock.Nodes[0] = NodeView{Clock: 12, Holder: "B", Token: 2, Grant: 2, Expiry: 22}
	}, "granted 2 at t=12, within its lock-delay of 5 after a lease lapsed at 10")
}

func TestBeliefCheck(t *testing.T) {
	build := afterGrants(func(g *grantCheck) frameChecker { return beliefCheck{g} })
	acceptsEveryRun(t, build)
	kills(t, build, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[5].Clients[0].Grant = 2
	}, "A believes in grant 2")
}

func TestResourceCheck(t *testing.T) {
	build := afterGrants(func(g *grantCheck) frameChecker { return resourceCheck{g} })
	acceptsEveryRun(t, build)
	kills(t, build, gcPause(), LeaseFencing, func(frames []Frame) {
		last := &frames[6]
		last.Event.Write, last.Event.Result = Accepted, ResultAccepted
		last.Resources[0].Data, last.Resources[0].Writes, last.Resources[0].Rejected = "A-STALE", 3, 0
		last.Resources[0].Grant, last.Resources[0].Writer, last.Event.Replaced = 1, "A", "B"
	}, "applied token 1 below maxToken 2")
}

func TestSendCheck(t *testing.T) {
	build := alone(func() frameChecker { return &sendCheck{} })
	acceptsEveryRun(t, build)
	kills(t, build, sameTokenRetry(), Consensus, func(frames []Frame) {
		frames[5].Event.Sent = 4
	}, "a write numbered 4 is write 2 to be sent")
}

func TestVerdictCheck(t *testing.T) {
	build := afterGrants(func(g *grantCheck) frameChecker { return newVerdictCheck(g) })
	acceptsEveryRun(t, build)
	kills(t, build, gcPause(), Lease, func(frames []Frame) {
		frames[6].Verdict = Safe
	}, `verdict "safe", recomputed "corrupted"`)
}

func TestCounterCheck(t *testing.T) {
	build := afterGrants(func(g *grantCheck) frameChecker { return counterCheck{g} })
	acceptsEveryRun(t, build)
	kills(t, build, gcPause(), LeaseFencing, func(frames []Frame) {
		frames[3].Lock.Issued = 5
	}, "the service's counter reads 5, the last token issued is 1")
}
