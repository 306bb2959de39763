package core

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
)

// scenarioFromBytes reads a scenario and a strategy from arbitrary bytes:
// valid runs and invalid ones alike (unknown clients and resources,
// negative and overflowing numbers, deliveries of messages never held).
func scenarioFromBytes(data []byte) (Scenario, Strategy) {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	strategies := append(Strategies(), "optimism")
	st := strategies[next()%len(strategies)]
	sc := Scenario{ID: "fuzz", Resources: []string{Row42}, Clients: []string{"A", "B", "C"}}
	head := next()
	if head&1 != 0 {
		sc.Resources = append(sc.Resources, Row43)
	}
	sc.NonAtomic = head&2 != 0
	if head&4 != 0 {
		sc.FromReply = []string{"B"}
	}
	if head&8 != 0 {
		sc.Clients = append(sc.Clients, "A") // listed twice: invalid
	}
	kinds := append(ActionKinds(), "teleport")
	clients := []string{"A", "B", "C", "", "Z"}
	numbers := []int{0, 1, 2, 3, 5, 7, 10, 12, -1, -3, math.MaxInt, math.MaxInt / 2, math.MinInt}
	resources := []string{"", Row42, Row43, "nope"}
	ids := []string{"m0", "m1", "m2", ""}
	for len(data) > 0 && len(sc.Steps) < 64 {
		a := Action{
			Kind:     kinds[next()%len(kinds)],
			Client:   clients[next()%len(clients)],
			Lease:    numbers[next()%len(numbers)],
			Ticks:    numbers[next()%len(numbers)],
			Resource: resources[next()%len(resources)],
			Value:    fmt.Sprintf("v%d", len(sc.Steps)),
		}
		if nodes := next(); nodes&0x1f != 0 {
			for n := 1; n <= 6; n++ {
				if nodes&(1<<(n-1)) != 0 {
					a.Nodes = append(a.Nodes, n)
				}
			}
		}
		id := ids[next()%len(ids)]
		if a.Kind == ActDeliver {
			a.Message = id
		} else {
			a.Hold = id
		}
		sc.Steps = append(sc.Steps, Step{Action: a})
	}
	return sc, st
}

// FuzzReplay replays arbitrary scenarios under arbitrary strategies: a
// valid one gives frames that pass checkRun and lay out as a timeline, the
// same every time; an invalid one gives a StepError and no frames; nothing
// panics.
func FuzzReplay(f *testing.F) {
	f.Add([]byte{3, 0, 0, 1, 6, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 7, 0, 0, 6, 0, 0, 0, 9, 1, 6, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{2, 1, 0, 0, 6, 0, 0, 7, 0, 10, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1, 0, 1, 0, 0, 0, 0, 12, 1, 0, 0, 28, 0})
	f.Add([]byte{5, 2, 0, 0, 6, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 9, 0, 0, 6, 0, 0, 0, 1, 0, 0, 6, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 1})
	f.Add([]byte{0, 15, 1, 4, 9, 9, 3, 3, 3, 4, 4, 200, 100, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, st := scenarioFromBytes(data)
		frames, err := Replay(sc, st)
		if err != nil {
			var se *StepError
			if frames != nil || (!errors.As(err, &se) && !errors.Is(err, errUnknownStrategy)) {
				t.Fatalf("%v: frames %d, error %T %v", st, len(frames), err, err)
			}
			return
		}
		if len(frames) != len(sc.Steps)+1 {
			t.Fatalf("%d frames for %d steps", len(frames), len(sc.Steps))
		}
		if err := checkRun(frames); err != nil {
			t.Fatalf("under %s: %v\n%+v", st, err, sc.Steps)
		}
		again, _ := Replay(sc, st)
		if !reflect.DeepEqual(frames, again) {
			t.Fatal("two replays differ")
		}
	})
}
