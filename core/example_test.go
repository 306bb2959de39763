package core_test

import (
	"errors"
	"fmt"
	"log"

	"dlock/core"
)

// A lease keeps a second client out only while it is in force. Once it
// has expired the service grants the lock again, with a larger token.
func ExampleLockService() {
	s := core.New()
	a, err := s.Acquire("A", 10)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("t=%d: A acquires, token %d\n", s.Now(), a)
	if _, err = s.Acquire("B", 10); !errors.Is(err, core.ErrLockHeld) {
		log.Fatalf("B acquires while A's lease is in force: %v", err)
	}
	fmt.Printf("t=%d: B is refused: %v\n", s.Now(), err)
	if err := s.Tick(10); err != nil {
		log.Fatal(err)
	}
	holder, _ := s.Holder()
	fmt.Printf("t=%d: A's lease has expired, holder %q\n", s.Now(), holder)
	b, err := s.Acquire("B", 10)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("t=%d: B acquires, token %d\n", s.Now(), b)
	fmt.Println("the tokens rise:", a < b)
	// Output:
	// t=0: A acquires, token 1
	// t=0: B is refused: lock is held and its lease has not expired
	// t=10: A's lease has expired, holder ""
	// t=10: B acquires, token 2
	// the tokens rise: true
}

// A fenced resource remembers the largest token it has accepted and
// refuses a smaller one: A, whose lease expired while it was paused,
// writes with its old token 33 after B wrote with 34, and B's value stays.
func ExampleResource_Write() {
	r := core.NewResource(core.Row42)
	fmt.Println("B writes with token 34:", r.Write(34, "B-value"))
	fmt.Println("A writes with token 33:", r.Write(33, "A-STALE"))
	fmt.Printf("data %q, maxToken %d\n", r.Data(), r.MaxToken())
	// Output:
	// B writes with token 34: accepted
	// A writes with token 33: rejected-stale
	// data "B-value", maxToken 34
}

// The chapter's scenario: A acquires the lock and writes, a GC pause
// outlasts its lease, B acquires and writes, and A wakes up and writes with
// its old token. Under a lease alone the resource applies A's late write
// over B's; with fencing it refuses it.
func ExampleReplay() {
	sc, ok := core.ScenarioByID(core.GCPauseID)
	if !ok {
		log.Fatalf("no scenario %q", core.GCPauseID)
	}
	for _, st := range []core.Strategy{core.Lease, core.LeaseFencing} {
		frames, err := core.Replay(sc, st)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(st)
		for _, f := range frames[1:] {
			ev := f.Event
			action := ev.Client + " " + string(ev.Kind)
			switch {
			case ev.Kind == core.ActPause:
				action += fmt.Sprintf(" %d ticks", ev.Ticks)
			case ev.Value != "":
				action += " " + ev.Value
			}
			if ev.Token != 0 {
				action += fmt.Sprintf(", token %d", ev.Token)
			}
			fmt.Printf("  t=%-2d %-25s %-8s -> %s\n", f.Clock, action, ev.Result, f.Verdict)
		}
		last := frames[len(frames)-1]
		row, ok := last.Resource(core.Row42)
		if !ok {
			log.Fatalf("no resource %s", core.Row42)
		}
		fmt.Printf("  %s holds %q: %s\n", row.Name, row.Data, core.VerdictOf(frames))
	}
	// Output:
	// lease
	//   t=0  A acquire, token 1        granted  -> safe
	//   t=0  A write A-value, token 1  accepted -> safe
	//   t=10 A pause 10 ticks          expires  -> safe
	//   t=10 B acquire, token 2        granted  -> safe
	//   t=10 B write B-value, token 2  accepted -> safe
	//   t=10 A write A-STALE, token 1  stale    -> corrupted
	//   row-42 holds "A-STALE": corrupted
	// lease-fencing
	//   t=0  A acquire, token 1        granted  -> safe
	//   t=0  A write A-value, token 1  accepted -> safe
	//   t=10 A pause 10 ticks          expires  -> safe
	//   t=10 B acquire, token 2        granted  -> safe
	//   t=10 B write B-value, token 2  accepted -> safe
	//   t=10 A write A-STALE, token 1  rejected -> safe
	//   row-42 holds "B-value": safe
}
