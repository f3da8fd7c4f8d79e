// Package loaderwakeup: condition variable, lost wake-up through a predicate // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// checked outside the lock. Wait reads the atomic loaded flag, and only then
// takes the lock and waits; a loader that stores the flag and broadcasts in
// between leaves the caller waiting for a broadcast that already happened.
package loaderwakeup

import (
	"sync"
	"sync/atomic"
)

type Loader struct {
	mu     sync.Mutex
	cond   *sync.Cond
	loaded atomic.Bool
	routes map[string]string
}

func NewLoader() *Loader {
	l := &Loader{}
	l.cond = sync.NewCond(&l.mu)
	return l
}

func (l *Loader) Load() {
	routes := map[string]string{"/api": "backend:8080"}
	l.mu.Lock()
	l.routes = routes
	l.mu.Unlock()
	l.loaded.Store(true)
	l.cond.Broadcast()
}

func (l *Loader) Wait() {
	if !l.loaded.Load() {
		l.mu.Lock()
		l.cond.Wait() // want `deadlock: .*\(1 preemption\)`
		l.mu.Unlock()
	}
}

func (l *Loader) Route(path string) string {
	l.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.routes[path]
}

type LoaderFixed struct {
	mu     sync.Mutex
	cond   *sync.Cond
	loaded bool
	routes map[string]string
}

func NewLoaderFixed() *LoaderFixed {
	l := &LoaderFixed{}
	l.cond = sync.NewCond(&l.mu)
	return l
}

// Load publishes the routes and the flag under the lock the waiters hold.
func (l *LoaderFixed) Load() {
	routes := map[string]string{"/api": "backend:8080"}
	l.mu.Lock()
	l.routes = routes
	l.loaded = true
	l.mu.Unlock()
	l.cond.Broadcast()
}

// Wait checks the predicate under the lock, in a loop.
func (l *LoaderFixed) Wait() {
	l.mu.Lock()
	for !l.loaded {
		l.cond.Wait()
	}
	l.mu.Unlock()
}

func (l *LoaderFixed) Route(path string) string {
	l.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.routes[path]
}
