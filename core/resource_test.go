package core

import "testing"

func TestFencedResourceAcceptsEqualOrLargerToken(t *testing.T) {
	r := NewResource("row")
	for _, w := range []struct {
		token int64
		value string
	}{{1, "a"}, {1, "a2"}, {3, "c"}, {3, "c2"}} {
		if got := r.Write(w.token, w.value); got != Accepted {
			t.Fatalf("Write(%d) = %q, want accepted", w.token, got)
		}
	}
	if r.Data() != "c2" || r.MaxToken() != 3 || r.Writes() != 4 || r.Rejected() != 0 {
		t.Fatalf("data=%q max=%d writes=%d rejected=%d", r.Data(), r.MaxToken(), r.Writes(), r.Rejected())
	}
}

func TestFencedResourceRejectsStaleToken(t *testing.T) {
	r := NewResource("row")
	r.Write(2, "new")
	if got := r.Write(1, "old"); got != RejectedStale || got.Applied() || !got.Refused() {
		t.Fatalf("Write(1) after 2 = %q, want rejected-stale", got)
	}
	if r.Data() != "new" || r.MaxToken() != 2 || r.Rejected() != 1 || r.Writes() != 1 {
		t.Fatalf("data=%q max=%d rejected=%d writes=%d", r.Data(), r.MaxToken(), r.Rejected(), r.Writes())
	}
}

// The chapter's sketch accepted a write with token 0 on a fresh resource:
// 0 means "no token", so whoever sent it never held the lock.
func TestFencedResourceRejectsMissingToken(t *testing.T) {
	for _, token := range []int64{0, -1} {
		r := NewResource("row")
		if got := r.Write(token, "x"); got != RejectedNoToken {
			t.Fatalf("Write(%d) = %q, want rejected-no-token", token, got)
		}
		if r.Data() != "" || r.Rejected() != 1 || r.Writes() != 0 {
			t.Fatalf("data=%q rejected=%d writes=%d", r.Data(), r.Rejected(), r.Writes())
		}
	}
}

func TestUnfencedResourceAcceptsStaleTokenAndRecordsIt(t *testing.T) {
	r := newUnfencedResource("row")
	if r.Fenced() {
		t.Fatal("Fenced() = true")
	}
	r.Write(2, "new")
	if got := r.Write(1, "old"); got != AcceptedStale || !got.Applied() || got.Refused() {
		t.Fatalf("Write(1) after 2 = %q, want accepted-stale", got)
	}
	if r.Data() != "old" || r.MaxToken() != 2 || r.Rejected() != 0 || r.Writes() != 2 {
		t.Fatalf("data=%q max=%d rejected=%d writes=%d", r.Data(), r.MaxToken(), r.Rejected(), r.Writes())
	}
}

func TestMaxTokenNeverDecreases(t *testing.T) {
	for _, r := range []*Resource{NewResource("f"), newUnfencedResource("u")} {
		var max int64
		for _, tok := range []int64{1, 5, 3, 5, 2, 7, 0, 6} {
			r.Write(tok, "v")
			if r.MaxToken() < max {
				t.Fatalf("fenced=%v: maxToken went from %d to %d", r.Fenced(), max, r.MaxToken())
			}
			max = r.MaxToken()
		}
		if max != 7 {
			t.Fatalf("fenced=%v: maxToken = %d, want 7", r.Fenced(), max)
		}
	}
}

// A fenced resource that checks and applies in two steps applies a write
// whose check passed before a newer token landed: AcceptedStale, on a
// fenced resource. Written in one step, the same write is refused.
func TestCheckThenApplyResourceAppliesAWriteItCheckedTooEarly(t *testing.T) {
	r := newCheckThenApplyResource("row")
	if !r.Fenced() || r.Atomic() {
		t.Fatalf("fenced %v, atomic %v: want a fenced check-then-apply resource", r.Fenced(), r.Atomic())
	}
	if got := r.Check(33); got != Accepted {
		t.Fatalf("A's check with 33 on an empty resource: %s", got)
	}
	if got := r.Write(34, "B"); got != Accepted {
		t.Fatalf("B's write with 34: %s", got)
	}
	if got := r.Apply(33, "A"); got != AcceptedStale || !got.Applied() || r.Data() != "A" || r.MaxToken() != 34 {
		t.Fatalf("A's apply with 33 after 34: %s, data %q, maxToken %d; want accepted-stale, A, 34", got, r.Data(), r.MaxToken())
	}
	if got := r.Write(33, "A again"); got != RejectedStale || r.Data() != "A" {
		t.Fatalf("A's write with 33 in one step: %s, data %q; want rejected-stale, A", got, r.Data())
	}
}
