package core

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"dlock/core/tables"
)

// bookTable reads testdata/book-frames.tsv, the published demo's table, and
// returns one row per frame for one mode: column name → cell, with the
// _on/_off columns of that mode under their plain names ("data", not
// "data_on").
func bookTable(t testing.TB, fencing bool) []map[string]string {
	t.Helper()
	table, err := tables.Read("testdata/book-frames.tsv")
	if err != nil {
		t.Fatal(err)
	}
	mode, other := "_on", "_off"
	if !fencing {
		mode, other = other, mode
	}
	var rows []map[string]string
	for _, cells := range table {
		row := map[string]string{}
		for name, v := range cells {
			switch {
			case strings.HasSuffix(name, other):
			case strings.HasSuffix(name, mode):
				row[strings.TrimSuffix(name, mode)] = v
			default:
				row[name] = v
			}
		}
		rows = append(rows, row)
	}
	if len(rows) != 7 {
		t.Fatalf("the book's table has %d frames, want 7", len(rows))
	}
	return rows
}

// cell renders a value as the book's table writes it.
func cell(v any) string {
	switch v := v.(type) {
	case string:
		if v == "" {
			return "-"
		}
		return v
	case int64:
		if v == 0 {
			return "-"
		}
		return strconv.FormatInt(v, 10)
	case int:
		return strconv.Itoa(v)
	}
	panic("cell of an unexpected type")
}

// bookRowOf reads a frame the way the book's table does.
func bookRowOf(f Frame, last bool) map[string]string {
	a, _ := f.Client("A")
	b, _ := f.Client("B")
	r := f.Resources[0]
	action := string(f.Event.Kind)
	if action == "" {
		action = "initial"
	}
	write := "-"
	switch {
	case f.Event.Write.Applied():
		write = "accepted"
	case f.Event.Write.Refused():
		write = "rejected"
	}
	badge := "running"
	switch {
	case f.Verdict == Corrupted:
		badge = "destroyed"
	case last && f.Verdict == Safe:
		badge = "protected"
	}
	return map[string]string{
		"step": cell(f.Step), "actor": cell(f.Event.Client), "action": action, "clock": cell(f.Lock.Now),
		"holder": cell(f.Lock.Holder), "token": cell(f.Lock.Token), "expiry": cell(f.Lock.Expiry),
		"data": cell(r.Data), "max_token": cell(int(r.MaxToken)), "rejected": cell(r.Rejected),
		"write": write, "badge": badge,
		"a_state": string(a.State), "a_token": cell(a.Token), "b_state": string(b.State), "b_token": cell(b.Token),
	}
}

// The book's demo is gc-pause with fencing on (lease-fencing) and off
// (lease); both must give exactly the published frames.
func TestBookScenarioMatchesPublishedFrames(t *testing.T) {
	for _, fencing := range []bool{true, false} {
		st := Lease.WithFencing(fencing)
		frames := mustReplay(t, gcPause(), st)
		want := bookTable(t, fencing)
		if len(frames) != len(want) {
			t.Fatalf("%s: %d frames, want %d", st, len(frames), len(want))
		}
		for i, w := range want {
			got := bookRowOf(frames[i], i == len(frames)-1)
			if !reflect.DeepEqual(got, w) {
				t.Errorf("%s frame %d:\n got %v\nwant %v", st, i+1, got, w)
			}
			if frames[i].Resources[0].Name != "row-42" || frames[i].Resources[0].Fenced != fencing || frames[i].Clock != frames[i].Lock.Now {
				t.Errorf("%s frame %d: resource %+v, clock %d", st, i+1, frames[i].Resources[0], frames[i].Clock)
			}
		}
	}
}

// The same story under the other rows: the lock service's view is the
// book's wherever the row has tokens and leases.
func TestBookScenarioUnderConsensusIsTheBooks(t *testing.T) {
	for st, fencing := range map[Strategy]bool{Consensus: true, ConsensusUnfenced: false} {
		frames := mustReplay(t, gcPause(), st)
		for i, w := range bookTable(t, fencing) {
			if got := bookRowOf(frames[i], i == 6); !reflect.DeepEqual(got, w) {
				t.Errorf("%s frame %d:\n got %v\nwant %v", st, i+1, got, w)
			}
		}
	}
}
