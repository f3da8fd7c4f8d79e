// Package sleeplock: Snapshot returns without unlocking; the compactor // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// wakes from its sleep and blocks on the lock forever, after the test
// has returned. (In a synctest bubble a goroutine blocked on a mutex is
// not durably blocked: replay must still let the test's own sleep end.)
package sleeplock

import (
	"sync"
	"time"
)

type Store struct {
	mu   sync.Mutex
	data map[string]int
}

func NewStore() *Store { return &Store{data: map[string]int{"a": 1}} }

func (s *Store) Compact(after time.Duration) {
	time.Sleep(after)
	s.mu.Lock() // want `goroutine leak: .*\(0 preemptions\)`
	for k, v := range s.data {
		if v == 0 {
			delete(s.data, k)
		}
	}
	s.mu.Unlock()
}

func (s *Store) Snapshot() map[string]int {
	s.mu.Lock()
	cp := make(map[string]int, len(s.data))
	for k, v := range s.data {
		cp[k] = v
	}
	return cp // bug: s.mu stays locked
}

type StoreFixed struct {
	mu   sync.Mutex
	data map[string]int
}

func NewStoreFixed() *StoreFixed { return &StoreFixed{data: map[string]int{"a": 1}} }

func (s *StoreFixed) Compact(after time.Duration) {
	time.Sleep(after)
	s.mu.Lock()
	for k, v := range s.data {
		if v == 0 {
			delete(s.data, k)
		}
	}
	s.mu.Unlock()
}

func (s *StoreFixed) Snapshot() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock() // fix
	cp := make(map[string]int, len(s.data))
	for k, v := range s.data {
		cp[k] = v
	}
	return cp
}
