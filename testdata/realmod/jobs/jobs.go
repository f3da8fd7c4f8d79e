// Package jobs registers jobs by name and renders reports: the code under
// test of the module's bug kernels and their fixed twins.
package jobs

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// A Job is due at a deadline.
type Job struct {
	Name     string
	Deadline time.Time
}

// Registry maps names to jobs.
type Registry struct {
	jobs    sync.Map
	mu      sync.Mutex
	created int
}

// AddIfAbsent registers a job due in d unless one of that name exists;
// it reports whether it made one. It checks, then acts: two callers may
// both find the name free.
func (r *Registry) AddIfAbsent(name string, d time.Duration) bool {
	if _, ok := r.jobs.Load(name); ok {
		return false
	}
	r.jobs.Store(name, &Job{Name: name, Deadline: time.Now().Add(d)})
	r.count()
	return true
}

// AddOnce is AddIfAbsent done atomically.
func (r *Registry) AddOnce(name string, d time.Duration) bool {
	if _, loaded := r.jobs.LoadOrStore(name, &Job{Name: name, Deadline: time.Now().Add(d)}); loaded {
		return false
	}
	r.count()
	return true
}

func (r *Registry) count() {
	r.mu.Lock()
	r.created++
	r.mu.Unlock()
}

// Created is how many jobs were made.
func (r *Registry) Created() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.created
}

// Report writes one line per job to sb.
func Report(sb *strings.Builder, name string, n int) {
	fmt.Fprintf(sb, "%s: %d\n", name, n)
}
