// Package tablesubtests: a table-driven test whose cases are parallel // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// subtests of a parallel test, each with its own limiter, and one registry
// they all record into under its lock.
package tablesubtests

import "sync"

type Limiter struct {
	limit, used int
}

func (l *Limiter) Allow() bool {
	if l.used == l.limit {
		return false
	}
	l.used++
	return true
}

type Registry struct {
	mu    sync.Mutex
	names []string
}

func (r *Registry) Record(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.names = append(r.names, name)
}
