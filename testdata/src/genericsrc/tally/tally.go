// Package tally has generic counters. Its external test holds them as an
// interface and calls their methods through it only: no selection names a
// method of the instance, but its code must still run.
package tally

import "sync"

// Counter counts without a lock (the bug).
type Counter[T any] struct{ n int }

// Add counts v.
func (c *Counter[T]) Add(v T) { c.n++ } // want `data race on c.n: write at tally.go:12:35 by goroutine [12] and (read|write) at tally.go:12:35 by goroutine [12] \(0 preemptions\)`

// N is the count.
func (c *Counter[T]) N() int { return c.n }

// Locked counts under its lock.
type Locked[T any] struct {
	mu sync.Mutex
	n  int
}

// Add counts v.
func (c *Locked[T]) Add(v T) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

// N is the count.
func (c *Locked[T]) N() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
