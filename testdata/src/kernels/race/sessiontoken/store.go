// Package sessiontoken: a session store whose tokens come from crypto/rand // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// and whose count of live sessions is updated outside its lock. kiss sees
// past crypto/rand (the runtime's getrandom gives bytes of a generator
// kiss keeps); replay runs the real crypto/rand, whose first read starts a
// timer goroutine in the standard library that the schedule never runs.
package sessiontoken

import (
	"crypto/rand"
	"encoding/base64"
	"sync"
)

type Store struct {
	mu       sync.Mutex
	sessions map[string]bool
	live     int
}

func NewStore() *Store { return &Store{sessions: map[string]bool{}} }

func token() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (s *Store) Open() string {
	tok := token()
	s.mu.Lock()
	s.sessions[tok] = true
	s.mu.Unlock()
	s.live++ // bug: outside the lock
	return tok
}

func (s *Store) Close(tok string) {
	s.mu.Lock()
	delete(s.sessions, tok)
	s.mu.Unlock()
	s.live-- // want `data race on .*live: .*\(0 preemptions\)`
}

type StoreFixed struct {
	mu       sync.Mutex
	sessions map[string]bool
	live     int
}

func NewStoreFixed() *StoreFixed { return &StoreFixed{sessions: map[string]bool{}} }

func (s *StoreFixed) Open() string {
	tok := token()
	s.mu.Lock()
	s.sessions[tok] = true
	s.live++ // fix: under the lock
	s.mu.Unlock()
	return tok
}

func (s *StoreFixed) Close(tok string) {
	s.mu.Lock()
	delete(s.sessions, tok)
	s.live--
	s.mu.Unlock()
}
