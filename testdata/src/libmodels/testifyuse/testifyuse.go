// Package testifyuse: tests written with testify (a copy of its assert // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// and require in testdata/src/github.com/stretchr/testify). Counter.Inc
// reads and writes under two separate lock sections, so two increments
// can lose one (the SplitSync shape); CounterFixed holds the lock across.
package testifyuse

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	n := c.n
	c.mu.Unlock()
	c.mu.Lock()
	c.n = n + 1
	c.mu.Unlock()
}

func (c *Counter) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

type CounterFixed struct {
	mu sync.Mutex
	n  int
}

func (c *CounterFixed) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *CounterFixed) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
