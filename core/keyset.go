package core

import (
	"bytes"
	"hash/maphash"
)

// keySet is the set of state keys a search has seen. It holds no pointer
// for the garbage collector to follow, however many keys it holds: the
// keys lie one after another in one byte slice, and are found by a hash
// of each, then compared in full (two keys with one hash are told apart).
// A map of strings would be one allocation per key, each for the collector
// to mark on every cycle, and the page's collector runs between its
// search's slices.
type keySet struct {
	seed  maphash.Seed
	bytes []byte
	start []int            // where each key starts in bytes; it ends where the next starts
	last  map[uint64]int32 // a hash → 1 + the last key added with it
	prev  []int32          // per key: 1 + the key added before it with its hash (0 for none)
}

func newKeySet() *keySet {
	return &keySet{seed: maphash.MakeSeed(), last: map[uint64]int32{}}
}

// add adds k and reports whether it was new.
func (s *keySet) add(k []byte) bool {
	h := maphash.Bytes(s.seed, k)
	for i := s.last[h]; i != 0; i = s.prev[i-1] {
		if bytes.Equal(s.key(int(i-1)), k) {
			return false
		}
	}
	s.start = append(s.start, len(s.bytes))
	s.bytes = append(s.bytes, k...)
	s.prev = append(s.prev, s.last[h])
	s.last[h] = int32(len(s.start))
	return true
}

// key is the i-th key added.
func (s *keySet) key(i int) []byte {
	end := len(s.bytes)
	if i+1 < len(s.start) {
		end = s.start[i+1]
	}
	return s.bytes[s.start[i]:end]
}
