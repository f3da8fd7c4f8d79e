// Package splitsync is SplitSync, Figure 1 of Bruening & Chapin (Systematic Testing of Multithreaded Programs), // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// in Go: every access to x is under the lock, yet the increment is split
// over two critical sections, so another goroutine's whole increment can
// run in between and one update is lost. No data race, a wrong answer.
package splitsync

import "sync"

type Resource struct {
	mu sync.Mutex
	x  int
}

// Increment increments x, reading and writing in separate critical sections.
func (r *Resource) Increment() {
	var y int
	r.mu.Lock()
	y = r.x
	r.mu.Unlock()
	r.mu.Lock()
	// invariant (the paper's assertion): r.x == y
	r.x = y + 1
	r.mu.Unlock()
}

func (r *Resource) Value() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.x
}

type ResourceFixed struct {
	mu sync.Mutex
	x  int
}

// Increment reads and writes x in one critical section.
func (r *ResourceFixed) Increment() {
	r.mu.Lock()
	y := r.x
	r.x = y + 1
	r.mu.Unlock()
}

func (r *ResourceFixed) Value() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.x
}
