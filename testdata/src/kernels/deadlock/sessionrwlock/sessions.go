// Package sessionrwlock: a session manager whose expiry pass, holding the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// write lock, calls a method that takes the read lock of the same RWMutex
// (double locking through RLock inside Lock; a common shape in kubernetes
// and etcd code that logs a count from inside a critical section).
package sessionrwlock

import "sync"

type Session struct {
	User     string
	LastSeen int64
}

type Manager struct {
	mu       sync.RWMutex
	sessions map[string]*Session
	expired  []string
}

func NewManager() *Manager { return &Manager{sessions: make(map[string]*Session)} }

func (m *Manager) Touch(id, user string, now int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[id] = &Session{User: user, LastSeen: now}
}

// Count is the public, read-locked size.
func (m *Manager) Count() int {
	m.mu.RLock() // want `deadlock: .*\(0 preemptions\)`
	defer m.mu.RUnlock()
	return len(m.sessions)
}

// Expire drops sessions idle since before cutoff and returns how many remain.
func (m *Manager) Expire(cutoff int64) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, s := range m.sessions {
		if s.LastSeen < cutoff {
			delete(m.sessions, id)
			m.expired = append(m.expired, id)
		}
	}
	return m.Count() // bug: RLock while this goroutine holds the write lock
}

type ManagerFixed struct {
	mu       sync.RWMutex
	sessions map[string]*Session
	expired  []string
}

func NewManagerFixed() *ManagerFixed { return &ManagerFixed{sessions: make(map[string]*Session)} }

func (m *ManagerFixed) Touch(id, user string, now int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[id] = &Session{User: user, LastSeen: now}
}

func (m *ManagerFixed) Count() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.sessions)
}

func (m *ManagerFixed) Expire(cutoff int64) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, s := range m.sessions {
		if s.LastSeen < cutoff {
			delete(m.sessions, id)
			m.expired = append(m.expired, id)
		}
	}
	return len(m.sessions) // fix: the lock is already held
}
