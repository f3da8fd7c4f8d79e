// Package sessiontwolocks: a shared map guarded by two different mutexes. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// Create takes mu, the expiry path takes expMu; each method is "locked",
// but not by the same lock, so nothing orders them (a cockroach-style bug
// after a lock was split in two).
package sessiontwolocks

import "sync"

type SessionStore struct {
	mu       sync.Mutex
	sessions map[string]string

	expMu   sync.Mutex
	expired int
}

func NewSessionStore() *SessionStore { return &SessionStore{sessions: make(map[string]string)} }

func (s *SessionStore) Create(id, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[id] = user
}

// Expire drops a session; called by the janitor.
func (s *SessionStore) Expire(id string) {
	s.expMu.Lock()
	defer s.expMu.Unlock()
	delete(s.sessions, id) // want `data race.*\(0 preemptions\)`
	s.expired++
}

type SessionStoreFixed struct {
	mu       sync.Mutex
	sessions map[string]string

	expMu   sync.Mutex
	expired int
}

func NewSessionStoreFixed() *SessionStoreFixed {
	return &SessionStoreFixed{sessions: make(map[string]string)}
}

func (s *SessionStoreFixed) Create(id, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[id] = user
}

func (s *SessionStoreFixed) Expire(id string) {
	s.mu.Lock() // fix: the map's lock guards the map
	delete(s.sessions, id)
	s.mu.Unlock()
	s.expMu.Lock()
	s.expired++
	s.expMu.Unlock()
}
