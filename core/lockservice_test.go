package core

import (
	"errors"
	"math"
	"testing"
)

// mustAcquire acquires or fails the test.
func mustAcquire(t *testing.T, s *LockService, client string, lease int) int64 {
	t.Helper()
	token, err := s.Acquire(client, lease)
	if err != nil {
		t.Fatalf("Acquire(%q, %d): %v", client, lease, err)
	}
	return token
}

func mustTick(t *testing.T, s *LockService, d int) {
	t.Helper()
	if err := s.Tick(d); err != nil {
		t.Fatalf("Tick(%d): %v", d, err)
	}
}

func assertHolder(t *testing.T, s *LockService, wantHolder string, wantToken int64) {
	t.Helper()
	if h, tok := s.Holder(); h != wantHolder || tok != wantToken {
		t.Fatalf("Holder() = (%q, %d) at t=%d, want (%q, %d)", h, tok, s.Now(), wantHolder, wantToken)
	}
}

// Chapter behaviours.

func TestNewLockServiceIsFreeAtTimeZero(t *testing.T) {
	s := New()
	assertHolder(t, s, "", 0)
	if s.Now() != 0 || s.Expiry() != 0 {
		t.Fatalf("Now()=%d Expiry()=%d, want 0 0", s.Now(), s.Expiry())
	}
}

func TestTickAdvancesClock(t *testing.T) {
	s := New()
	mustTick(t, s, 3)
	mustTick(t, s, 4)
	if s.Now() != 7 {
		t.Fatalf("Now() = %d, want 7", s.Now())
	}
}

func TestAcquireGrantsLeaseAndToken(t *testing.T) {
	s := New()
	mustTick(t, s, 5)
	if tok := mustAcquire(t, s, "A", 10); tok != 1 {
		t.Fatalf("first token = %d, want 1", tok)
	}
	assertHolder(t, s, "A", 1)
	if s.Expiry() != 15 {
		t.Fatalf("Expiry() = %d, want 15", s.Expiry())
	}
}

func TestAcquireWhileHeldFails(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	for _, c := range []string{"B", "A"} {
		if tok, err := s.Acquire(c, 10); !errors.Is(err, ErrLockHeld) || tok != 0 {
			t.Fatalf("Acquire(%q) while A holds = (%d, %v), want (0, ErrLockHeld)", c, tok, err)
		}
	}
	assertHolder(t, s, "A", 1)
}

func TestLeaseCoversGrantUpToButNotIncludingExpiry(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	mustTick(t, s, 9)
	assertHolder(t, s, "A", 1)
	if _, err := s.Acquire("B", 10); !errors.Is(err, ErrLockHeld) {
		t.Fatalf("Acquire at t=9 = %v, want ErrLockHeld", err)
	}
	mustTick(t, s, 1)
	assertHolder(t, s, "", 0)
	if tok := mustAcquire(t, s, "B", 10); tok != 2 {
		t.Fatalf("token after expiry = %d, want 2", tok)
	}
}

func TestRenewExtendsLeaseAndKeepsToken(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	mustTick(t, s, 8)
	if err := s.Renew("A", 10); err != nil {
		t.Fatalf("Renew: %v", err)
	}
	if s.Expiry() != 18 {
		t.Fatalf("Expiry() = %d, want 18", s.Expiry())
	}
	mustTick(t, s, 9)
	assertHolder(t, s, "A", 1)
}

func TestRenewByNonHolderFails(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	if err := s.Renew("B", 10); !errors.Is(err, errNotHolder) {
		t.Fatalf("Renew(B) = %v, want errNotHolder", err)
	}
	if s.Expiry() != 10 {
		t.Fatalf("Expiry() = %d, want 10", s.Expiry())
	}
}

func TestReleaseFreesLockNow(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	mustTick(t, s, 4)
	if err := s.Release("A"); err != nil {
		t.Fatalf("Release: %v", err)
	}
	assertHolder(t, s, "", 0)
	if s.Expiry() != 4 {
		t.Fatalf("Expiry() after release at t=4 = %d, want 4", s.Expiry())
	}
	if tok := mustAcquire(t, s, "B", 10); tok != 2 {
		t.Fatalf("token after release = %d, want 2", tok)
	}
}

func TestLeaseShorterThanOneTickIsOneTick(t *testing.T) {
	for _, lease := range []int{0, -5, math.MinInt} {
		s := New()
		mustAcquire(t, s, "A", lease)
		if s.Expiry() != 1 {
			t.Fatalf("lease %d: Expiry() = %d, want 1", lease, s.Expiry())
		}
		if err := s.Renew("A", lease); err != nil || s.Expiry() != 1 {
			t.Fatalf("lease %d: Renew = %v, Expiry() = %d, want nil, 1", lease, err, s.Expiry())
		}
	}
}

// The chapter's holes, one test each.

func TestAcquireWithEmptyClientFails(t *testing.T) {
	s := New()
	if tok, err := s.Acquire("", 10); !errors.Is(err, errEmptyClient) || tok != 0 {
		t.Fatalf(`Acquire("") = (%d, %v), want (0, errEmptyClient)`, tok, err)
	}
	assertHolder(t, s, "", 0)
	if tok := mustAcquire(t, s, "A", 10); tok != 1 {
		t.Fatalf("a refused empty name must not spend a token: got %d, want 1", tok)
	}
}

// In the chapter's sketch, Renew("") on a free lock matched holder "" and
// extended a lease nobody held.
func TestRenewWithEmptyClientFails(t *testing.T) {
	s := New()
	if err := s.Renew("", 10); !errors.Is(err, errEmptyClient) {
		t.Fatalf(`Renew("") on a free lock = %v, want errEmptyClient`, err)
	}
	if s.Expiry() != 0 {
		t.Fatalf("Expiry() = %d, want 0", s.Expiry())
	}
	if err := s.Release(""); !errors.Is(err, errEmptyClient) {
		t.Fatalf(`Release("") = %v, want errEmptyClient`, err)
	}
}

func TestHolderAppliesTheSameExpiryPredicate(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 3)
	mustTick(t, s, 3)
	// Holder must not report a lease that Acquire would override.
	assertHolder(t, s, "", 0)
	if _, err := s.Acquire("B", 3); err != nil {
		t.Fatalf("Acquire at expiry: %v", err)
	}
}

func TestRenewAfterExpiryFails(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	mustTick(t, s, 10)
	// Nobody took the lock, but A's tenure is over: it needs a new token.
	if err := s.Renew("A", 10); !errors.Is(err, ErrLeaseExpired) {
		t.Fatalf("Renew after expiry = %v, want ErrLeaseExpired", err)
	}
	assertHolder(t, s, "", 0)
	if s.Expiry() != 10 {
		t.Fatalf("Expiry() = %d, want 10 (unchanged)", s.Expiry())
	}
	if tok := mustAcquire(t, s, "A", 10); tok != 2 {
		t.Fatalf("re-acquire token = %d, want 2", tok)
	}
}

func TestReleaseByNonHolderIsNoOp(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	if err := s.Release("B"); !errors.Is(err, errNotHolder) {
		t.Fatalf("Release(B) = %v, want errNotHolder", err)
	}
	assertHolder(t, s, "A", 1)
	if s.Expiry() != 10 {
		t.Fatalf("Expiry() = %d, want 10", s.Expiry())
	}
}

func TestReleaseAfterExpiryIsNoOp(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	mustTick(t, s, 12)
	if err := s.Release("A"); !errors.Is(err, errNotHolder) {
		t.Fatalf("Release after expiry = %v, want errNotHolder", err)
	}
	if s.Expiry() != 10 {
		t.Fatalf("Expiry() = %d, want 10: a late release must not rewrite history", s.Expiry())
	}
}

func TestTickNonPositiveDoesNothing(t *testing.T) {
	s := New()
	mustTick(t, s, 5)
	if err := s.Tick(0); err != nil {
		t.Fatalf("Tick(0) = %v, want nil", err)
	}
	if err := s.Tick(-3); !errors.Is(err, errNegativeTick) {
		t.Fatalf("Tick(-3) = %v, want errNegativeTick", err)
	}
	if s.Now() != 5 {
		t.Fatalf("Now() = %d, want 5", s.Now())
	}
}

func TestTickOverflowFails(t *testing.T) {
	s := New()
	mustTick(t, s, math.MaxInt-1)
	if err := s.Tick(2); !errors.Is(err, errClockOverflow) {
		t.Fatalf("Tick past MaxInt = %v, want errClockOverflow", err)
	}
	if s.Now() != math.MaxInt-1 {
		t.Fatalf("Now() = %d, want MaxInt-1", s.Now())
	}
	mustTick(t, s, 1)
}

func TestLeaseOverflowFails(t *testing.T) {
	s := New()
	mustTick(t, s, math.MaxInt-5)
	if tok, err := s.Acquire("A", 6); !errors.Is(err, errClockOverflow) || tok != 0 {
		t.Fatalf("Acquire with overflowing lease = (%d, %v), want (0, errClockOverflow)", tok, err)
	}
	assertHolder(t, s, "", 0)
	if tok := mustAcquire(t, s, "A", 5); tok != 1 {
		t.Fatalf("token = %d, want 1: a refused grant must not spend a token", tok)
	}
	if err := s.Renew("A", math.MaxInt); !errors.Is(err, errClockOverflow) {
		t.Fatalf("Renew with overflowing lease = %v, want errClockOverflow", err)
	}
	if s.Expiry() != math.MaxInt {
		t.Fatalf("Expiry() = %d, want MaxInt (unchanged)", s.Expiry())
	}
}

func TestTokensStartAtOneAndNeverRepeat(t *testing.T) {
	s := New()
	seen := map[int64]bool{0: true} // 0 means "no token" and is never issued
	var last int64
	for i := 0; i < 100; i++ {
		tok := mustAcquire(t, s, "A", 1)
		if seen[tok] || tok <= last {
			t.Fatalf("grant %d issued token %d after %d", i, tok, last)
		}
		seen[tok], last = true, tok
		if i%2 == 0 {
			mustTick(t, s, 1) // let it expire
		} else if err := s.Release("A"); err != nil {
			t.Fatal(err)
		}
	}
	if last != 100 {
		t.Fatalf("100th token = %d, want 100", last)
	}
}

func TestTokensExhaustedFailsInsteadOfWrapping(t *testing.T) {
	s := New()
	s.issued = math.MaxInt64 - 1
	if tok := mustAcquire(t, s, "A", 1); tok != math.MaxInt64 {
		t.Fatalf("token = %d, want MaxInt64", tok)
	}
	mustTick(t, s, 1)
	if tok, err := s.Acquire("B", 1); !errors.Is(err, errTokensExhausted) || tok != 0 {
		t.Fatalf("Acquire after the last token = (%d, %v), want (0, errTokensExhausted)", tok, err)
	}
	assertHolder(t, s, "", 0)
}

func TestFailedCallsLeaveServiceUnchanged(t *testing.T) {
	s := New()
	mustAcquire(t, s, "A", 10)
	mustTick(t, s, 2)
	before := *s
	calls := []struct {
		name string
		call func() error
	}{
		{"Acquire held", func() error { _, err := s.Acquire("B", 5); return err }},
		{"Acquire empty", func() error { _, err := s.Acquire("", 5); return err }},
		{"Acquire overflow", func() error { _, err := s.Acquire("A", math.MaxInt); return err }},
		{"Renew non-holder", func() error { return s.Renew("B", 5) }},
		{"Renew overflow", func() error { return s.Renew("A", math.MaxInt) }},
		{"Release non-holder", func() error { return s.Release("B") }},
		{"Tick negative", func() error { return s.Tick(-1) }},
		{"Tick overflow", func() error { return s.Tick(math.MaxInt) }},
	}
	for _, c := range calls {
		if err := c.call(); err == nil {
			t.Errorf("%s: no error", c.name)
		}
		if *s != before {
			t.Errorf("%s changed the service: %+v, want %+v", c.name, *s, before)
		}
	}
}
