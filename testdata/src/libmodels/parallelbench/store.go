// Package parallelbench: benchmarks as libraries write them. A // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// body on b.RunParallel's goroutines, over every implementation of an
// interface, each made fresh with reflect.New.
package parallelbench

import "sync"

type store interface {
	Put(k int)
	Len() int
}

// lockedStore guards its map with a mutex.
type lockedStore struct {
	mu sync.Mutex
	m  map[int]bool
}

func (s *lockedStore) Put(k int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[int]bool{}
	}
	s.m[k] = true
}

func (s *lockedStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

// countingStore counts its puts without the lock.
type countingStore struct {
	lockedStore
	puts int
}

func (s *countingStore) Put(k int) {
	s.puts++ // want `data race.*\(0 preemptions\)`
	s.lockedStore.Put(k)
}
