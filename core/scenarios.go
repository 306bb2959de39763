package core

// BookLease is the lease, in ticks, the chapter's demo grants.
const BookLease = 10

// GCPause is the chapter's scenario: A takes the lock and writes, stops in a
// GC pause long enough for its lease to expire, B takes the lock with a newer
// token and writes, and A wakes up and writes with its old token.
func GCPause() Scenario {
	return Scenario{
		ID:       "gc-pause",
		Resource: "row-42",
		Clients:  []string{"A", "B"},
		Start:    "gc-pause.start",
		Steps: []Step{
			{Action: Action{Kind: ActAcquire, Client: "A", Lease: BookLease}, Note: "gc-pause.a-acquires"},
			{Action: Action{Kind: ActWrite, Client: "A", Value: "A-value"}, Note: "gc-pause.a-writes"},
			{Action: Action{Kind: ActPause, Client: "A", Ticks: BookLease}, Note: "gc-pause.a-pauses"},
			{Action: Action{Kind: ActAcquire, Client: "B", Lease: BookLease}, Note: "gc-pause.b-acquires"},
			{Action: Action{Kind: ActWrite, Client: "B", Value: "B-value"}, Note: "gc-pause.b-writes"},
			{Action: Action{Kind: ActWrite, Client: "A", Value: "A-STALE"}, Note: "gc-pause.a-writes-late",
				Notes: map[WriteResult]string{
					RejectedStale: "gc-pause.a-writes-late.refused",
					AcceptedStale: "gc-pause.a-writes-late.destroys",
				}},
		},
	}
}

// Scenarios returns every scenario, the default (the chapter's) first.
func Scenarios() []Scenario {
	return []Scenario{GCPause()}
}

// ScenarioByID returns the scenario with the given id, or false.
func ScenarioByID(id string) (Scenario, bool) {
	for _, sc := range Scenarios() {
		if sc.ID == id {
			return sc, true
		}
	}
	return Scenario{}, false
}
