// Package rwtrylock: sync.RWMutex's TryLock and TryRLock. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// TryRLock fails while a writer holds the lock: a reader that reads on
// anyway races with the writer.
package rwtrylock

import "sync"

// Stats is a counter updated under the write lock and read under the read
// lock when it can be had.
type Stats struct {
	mu sync.RWMutex
	n  int
}

// Bump adds one if the lock is free.
func (s *Stats) Bump() bool {
	if !s.mu.TryLock() {
		return false
	}
	s.n++
	s.mu.Unlock()
	return true
}

// Peek reads the counter, even when the read lock is busy: a race.
func (s *Stats) Peek() int {
	if !s.mu.TryRLock() {
		return s.n // want `data race on s.n: write at cache.go:20:4 by goroutine 0 and read at cache.go:28:12 by goroutine 1 \(1 preemption\)`
	}
	defer s.mu.RUnlock()
	return s.n
}

// PeekFixed reports -1 when the read lock is busy.
func (s *Stats) PeekFixed() int {
	if !s.mu.TryRLock() {
		return -1
	}
	defer s.mu.RUnlock()
	return s.n
}
