// Package tally counts events by name: the code under test of the
// module's testify suites.
package tally

import "sync"

// Counter counts events; it is not safe for concurrent use.
type Counter struct {
	n map[string]int
}

// NewCounter returns an empty Counter.
func NewCounter() *Counter { return &Counter{n: map[string]int{}} }

// Add counts one event of name.
func (c *Counter) Add(name string) { c.n[name]++ }

// Get is the count of name.
func (c *Counter) Get(name string) int { return c.n[name] }

// Locked is a Counter safe for concurrent use.
type Locked struct {
	mu sync.Mutex
	c  Counter
}

// NewLocked returns an empty Locked.
func NewLocked() *Locked { return &Locked{c: Counter{n: map[string]int{}}} }

// Add counts one event of name.
func (l *Locked) Add(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.c.Add(name)
}

// Get is the count of name.
func (l *Locked) Get(name string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.c.Get(name)
}
