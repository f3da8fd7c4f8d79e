// Package storeunlock: unlock of an unlocked mutex on an error path. The // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// *Locked helper unlocks before returning its error, and its caller unlocks
// again. The error path is only taken when a concurrent Delete removed the
// key first.
package storeunlock

import (
	"errors"
	"sync"
)

var ErrNotFound = errors.New("key not found")

type Store struct {
	mu   sync.Mutex
	data map[string]int
}

func NewStore() *Store { return &Store{data: make(map[string]int)} }

func (s *Store) Put(k string, v int) {
	s.mu.Lock()
	s.data[k] = v
	s.mu.Unlock()
}

func (s *Store) Delete(k string) {
	s.mu.Lock()
	delete(s.data, k)
	s.mu.Unlock()
}

// updateLocked requires s.mu.
func (s *Store) updateLocked(k string, v int) error {
	if _, ok := s.data[k]; !ok {
		s.mu.Unlock() // bug: the caller owns the lock
		return ErrNotFound
	}
	s.data[k] = v
	return nil
}

func (s *Store) Update(k string, v int) error {
	s.mu.Lock()
	err := s.updateLocked(k, v)
	s.mu.Unlock() // want `panic: .*\(1 preemption\)`
	return err
}

type StoreFixed struct {
	mu   sync.Mutex
	data map[string]int
}

func NewStoreFixed() *StoreFixed { return &StoreFixed{data: make(map[string]int)} }

func (s *StoreFixed) Put(k string, v int) {
	s.mu.Lock()
	s.data[k] = v
	s.mu.Unlock()
}

func (s *StoreFixed) Delete(k string) {
	s.mu.Lock()
	delete(s.data, k)
	s.mu.Unlock()
}

func (s *StoreFixed) updateLocked(k string, v int) error {
	if _, ok := s.data[k]; !ok {
		return ErrNotFound // fix: leave the lock to the caller
	}
	s.data[k] = v
	return nil
}

func (s *StoreFixed) Update(k string, v int) error {
	s.mu.Lock()
	err := s.updateLocked(k, v)
	s.mu.Unlock()
	return err
}
