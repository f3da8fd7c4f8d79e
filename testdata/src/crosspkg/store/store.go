// Package store keeps counters behind an interface whose implementations // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// are unexported: an importer sees them only through the Store interface.
// memStore.Put forgets its lock (the bug); lockedStore's does not.
package store

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed is returned by a closed store.
var ErrClosed = errors.New("store: closed")

// Store counts puts by key.
type Store interface {
	Put(k string) error
	Get(k string) int
	Close()
}

type memStore struct {
	mu     sync.Mutex
	m      map[string]int
	closed bool
}

// NewMem returns an in-memory store.
func NewMem() Store { return &memStore{m: map[string]int{}} }

func (s *memStore) Put(k string) error {
	if s.closed {
		return ErrClosed
	}
	s.m[k]++ // without s.mu
	return nil
}

func (s *memStore) Get(k string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[k]
}

func (s *memStore) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
}

type lockedStore struct {
	mu     sync.Mutex
	m      map[string]int
	closed bool
}

// NewMemFixed returns an in-memory store.
func NewMemFixed() Store { return &lockedStore{m: map[string]int{}} }

func (s *lockedStore) Put(k string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.m[k]++
	return nil
}

func (s *lockedStore) Get(k string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[k]
}

func (s *lockedStore) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
}

// Gone reports whether err says the store or the caller gave up.
func Gone(err error) bool {
	return errors.Is(err, ErrClosed) || err == context.Canceled
}
