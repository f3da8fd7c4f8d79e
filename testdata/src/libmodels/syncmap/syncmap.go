// Package syncmap: a session registry on a sync.Map. A // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// check-then-act with Load then Store lets two goroutines both create
// the session (LoadOrStore is the fix), and a value shared through the
// map is written by both without a lock.
package syncmap

import (
	"sync"
	"sync/atomic"
)

// Session is what the registry hands out.
type Session struct {
	ID   string
	Hits int
}

// Registry creates a session per user, once.
type Registry struct {
	sessions sync.Map // user -> *Session
	created  atomic.Int32
}

// Open returns the user's session, creating it if there is none: the
// check and the store are two operations on the map.
func (r *Registry) Open(user string) *Session {
	if s, ok := r.sessions.Load(user); ok {
		return s.(*Session)
	}
	s := &Session{ID: user}
	r.sessions.Store(user, s)
	r.created.Add(1)
	return s
}

// OpenFixed creates the session with one LoadOrStore.
func (r *Registry) OpenFixed(user string) *Session {
	s, loaded := r.sessions.LoadOrStore(user, &Session{ID: user})
	if !loaded {
		r.created.Add(1)
	}
	return s.(*Session)
}

// Touch counts a hit on the user's session, without a lock.
func (r *Registry) Touch(user string) {
	s := r.OpenFixed(user)
	s.Hits++ // want `data race on .*Hits.*\(0 preemptions\)`
}

// TouchFixed counts under the registry's lock.
func (r *Registry) TouchFixed(mu *sync.Mutex, user string) {
	s := r.OpenFixed(user)
	mu.Lock()
	s.Hits++
	mu.Unlock()
}
