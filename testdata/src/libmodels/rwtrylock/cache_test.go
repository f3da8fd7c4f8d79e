package rwtrylock

import "testing"

func TestPeek(t *testing.T) {
	var s Stats
	done := make(chan int)
	go func() { done <- s.Peek() }()
	if !s.Bump() {
		t.Log("busy")
	}
	<-done
}

func TestPeekFixed(t *testing.T) {
	var s Stats
	done := make(chan int)
	go func() { done <- s.PeekFixed() }()
	if !s.Bump() {
		t.Log("busy")
	}
	<-done
}

// A writer that holds the lock keeps TryLock and TryRLock out; readers
// share it.
func TestTryLocks(t *testing.T) {
	var s Stats
	s.mu.Lock()
	if s.mu.TryLock() || s.mu.TryRLock() {
		t.Error("TryLock or TryRLock succeeded with the lock held")
	}
	s.mu.Unlock()
	if !s.mu.TryRLock() || !s.mu.TryRLock() || s.mu.TryLock() {
		t.Error("read locks do not share, or TryLock succeeded beside them")
	}
	s.mu.RUnlock()
	s.mu.RUnlock()
	if !s.mu.TryLock() {
		t.Error("TryLock failed with the lock free")
	}
	s.mu.Unlock()
}
