package core

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// refLock is a reference model of LockService, written independently of it:
// a map of every grant made and a counter. The grant with the largest token
// is the latest; the lock is held while the latest grant has neither ended
// (released, or forgotten by a restart) nor expired.
type refLock struct {
	clock   int
	grants  map[int64]*refGrant
	counter int64 // the last token issued
	noTTL   bool
	durable bool
}

type refGrant struct {
	client     string
	expiry     int // Never without TTL
	released   bool
	releasedAt int
}

func newRefLock(noTTL, durable bool) *refLock {
	return &refLock{grants: map[int64]*refGrant{}, noTTL: noTTL, durable: durable}
}

// latest returns the latest grant and its token (nil after a restart that
// forgot every grant, or before the first).
func (m *refLock) latest() (*refGrant, int64) {
	if m.counter == 0 {
		return nil, 0
	}
	return m.grants[m.counter], m.counter
}

func (m *refLock) inForce() (*refGrant, int64) {
	g, tok := m.latest()
	if g == nil || g.released || (g.expiry != Never && m.clock >= g.expiry) {
		return nil, 0
	}
	return g, tok
}

func (m *refLock) end(lease int) (int, error) {
	if m.noTTL {
		return Never, nil
	}
	lease = max(lease, 1)
	if m.clock > math.MaxInt-lease {
		return 0, errClockOverflow
	}
	return m.clock + lease, nil
}

func (m *refLock) acquire(c string, lease int) (int64, error) {
	if c == "" {
		return 0, errEmptyClient
	}
	if g, _ := m.inForce(); g != nil {
		return 0, ErrLockHeld
	}
	end, err := m.end(lease)
	if err != nil {
		return 0, err
	}
	if m.counter == math.MaxInt64 {
		return 0, errTokensExhausted
	}
	m.counter++
	m.grants[m.counter] = &refGrant{client: c, expiry: end}
	return m.counter, nil
}

func (m *refLock) renew(c string, lease int) error {
	if c == "" {
		return errEmptyClient
	}
	g, _ := m.latest()
	if g == nil || g.released || g.client != c {
		return errNotHolder
	}
	if in, _ := m.inForce(); in == nil {
		return ErrLeaseExpired
	}
	end, err := m.end(lease)
	if err != nil {
		return err
	}
	g.expiry = end
	return nil
}

func (m *refLock) release(c string) error {
	if c == "" {
		return errEmptyClient
	}
	g, _ := m.inForce()
	if g == nil || g.client != c {
		return errNotHolder
	}
	g.released, g.releasedAt = true, m.clock
	return nil
}

func (m *refLock) tick(d int) error {
	switch {
	case d < 0:
		return errNegativeTick
	case d > math.MaxInt-m.clock:
		return errClockOverflow
	}
	m.clock += d
	return nil
}

func (m *refLock) restart() {
	if !m.durable {
		m.grants, m.counter = map[int64]*refGrant{}, 0
	}
}

func (m *refLock) holder() (string, int64) {
	if g, tok := m.inForce(); g != nil {
		return g.client, tok
	}
	return "", 0
}

// expiry is when the latest grant ended or will end: 0 before any (or
// after a restart that forgot them), its release time once released.
func (m *refLock) expiry() int {
	g, _ := m.latest()
	switch {
	case g == nil:
		return 0
	case g.released:
		return g.releasedAt
	}
	return g.expiry
}

// lockOps drives a LockService and the reference model with the same
// operations, read from next, and fails on the first disagreement.
func lockOps(n int, noTTL, durable bool, next func() uint64) error {
	var s *LockService
	switch {
	case noTTL:
		s = newWithoutTTL()
	case durable:
		s = newReplicated()
	default:
		s = &LockService{} // the zero LockService is usable
	}
	m := newRefLock(noTTL, durable)
	clients := []string{"", "A", "B", "C"}
	leases := []int{-5, 0, 1, 2, 3, 7, 10, math.MaxInt / 2, math.MaxInt}
	ticks := []int{-1, 0, 1, 2, 3, 5, 11, math.MaxInt / 4, math.MaxInt}
	var lastToken int64
	for i := 0; i < n; i++ {
		op, c := next()%16, clients[next()%uint64(len(clients))]
		var desc string
		var got, want error
		switch {
		case op < 5:
			lease := leases[next()%uint64(len(leases))]
			desc = fmt.Sprintf("Acquire(%q, %d)", c, lease)
			var tok, wantTok int64
			tok, got = s.Acquire(c, lease)
			wantTok, want = m.acquire(c, lease)
			if tok != wantTok {
				return fmt.Errorf("op %d %s: token %d, reference %d", i, desc, tok, wantTok)
			}
			if got == nil {
				if durable && tok <= lastToken {
					return fmt.Errorf("op %d %s: token %d after %d on a replicated service", i, desc, tok, lastToken)
				}
				lastToken = tok
			}
		case op < 8:
			lease := leases[next()%uint64(len(leases))]
			desc = fmt.Sprintf("Renew(%q, %d)", c, lease)
			got, want = s.Renew(c, lease), m.renew(c, lease)
		case op < 10:
			desc = fmt.Sprintf("Release(%q)", c)
			got, want = s.Release(c), m.release(c)
		case op < 15:
			d := ticks[next()%uint64(len(ticks))]
			desc = fmt.Sprintf("Tick(%d)", d)
			got, want = s.Tick(d), m.tick(d)
		default:
			desc = "Restart()"
			s.Restart()
			m.restart()
		}
		if !errors.Is(got, want) || (got == nil) != (want == nil) {
			return fmt.Errorf("op %d %s: error %v, reference %v", i, desc, got, want)
		}
		h, tok := s.Holder()
		wh, wtok := m.holder()
		if h != wh || tok != wtok || s.Now() != m.clock || s.Expiry() != m.expiry() {
			return fmt.Errorf("op %d after %s: holder (%q, %d) now %d expiry %d; reference (%q, %d) now %d expiry %d",
				i, desc, h, tok, s.Now(), s.Expiry(), wh, wtok, m.clock, m.expiry())
		}
	}
	return nil
}

// referenceOps is how many random operations each `go test` checks against
// the reference model.
const referenceOps = 120000

func TestLockServiceAgreesWithAReferenceModel(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	per := referenceOps / 3
	for _, c := range []struct{ noTTL, durable bool }{{false, false}, {false, true}, {true, false}} {
		if err := lockOps(per, c.noTTL, c.durable, r.Uint64); err != nil {
			t.Fatalf("noTTL=%v durable=%v: %v", c.noTTL, c.durable, err)
		}
	}
}

// FuzzLockService drives the lock service with arbitrary operations, read
// from the input, and checks every answer against the reference model.
func FuzzLockService(f *testing.F) {
	f.Add([]byte{0, 1, 1, 6, 13, 3, 8, 1, 2, 15})
	f.Add([]byte{1, 0, 1, 7, 2, 2, 9, 3, 0, 4, 12, 0, 8})
	f.Add([]byte{2, 0, 2, 8, 14, 0, 8, 0, 1, 5, 0, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		mode, rest := data[0]%3, data[1:]
		next := func() uint64 {
			if len(rest) == 0 {
				return 0
			}
			var b [8]byte
			k := copy(b[:], rest[:1])
			rest = rest[k:]
			return binary.LittleEndian.Uint64(b[:])
		}
		if err := lockOps(len(rest)/2+1, mode == 2, mode == 1, next); err != nil {
			t.Fatal(err)
		}
	})
}
