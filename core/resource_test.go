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
	if r.Data() != "new" || r.MaxToken() != 2 || r.Rejected() != 1 || r.Writes() != 1 || r.StaleAccepted() != 0 {
		t.Fatalf("data=%q max=%d rejected=%d writes=%d stale=%d", r.Data(), r.MaxToken(), r.Rejected(), r.Writes(), r.StaleAccepted())
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
	r := NewUnfencedResource("row")
	if r.Fenced() {
		t.Fatal("Fenced() = true")
	}
	r.Write(2, "new")
	if got := r.Write(1, "old"); got != AcceptedStale || !got.Applied() || got.Refused() {
		t.Fatalf("Write(1) after 2 = %q, want accepted-stale", got)
	}
	if r.Data() != "old" || r.MaxToken() != 2 || r.Rejected() != 0 || r.StaleAccepted() != 1 || r.Writes() != 2 {
		t.Fatalf("data=%q max=%d rejected=%d stale=%d writes=%d", r.Data(), r.MaxToken(), r.Rejected(), r.StaleAccepted(), r.Writes())
	}
}

func TestMaxTokenNeverDecreases(t *testing.T) {
	for _, r := range []*Resource{NewResource("f"), NewUnfencedResource("u")} {
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
