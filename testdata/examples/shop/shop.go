// Package shop is kiss's demo: a small inventory service with four
// concurrency bugs of the kinds kiss finds.
package shop

import "sync"

// Stock is an inventory guarded by a mutex.
type Stock struct {
	mu    sync.Mutex
	items map[string]int
	sold  int // updated without the lock by RecordSale: a data race
}

func NewStock() *Stock { return &Stock{items: map[string]int{"apple": 3, "pear": 1}} }

// Move transfers n units between two stocks, locking the source first: two
// opposite moves deadlock.
func Move(from, to *Stock, item string, n int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock()
	defer to.mu.Unlock()
	from.items[item] -= n
	to.items[item] += n
}

func (s *Stock) RecordSale() { s.sold++ }

// Lookup asks a worker for the count of item, but gives up when done is
// closed: the worker then blocks forever on its send.
func (s *Stock) Lookup(item string, done <-chan struct{}) (int, bool) {
	ch := make(chan int)
	go func() {
		s.mu.Lock()
		n := s.items[item]
		s.mu.Unlock()
		ch <- n
	}()
	select {
	case n := <-ch:
		return n, true
	case <-done:
		return 0, false
	}
}

// Closer closes its channel once... unless two goroutines both see it open.
type Closer struct {
	mu     sync.Mutex
	closed bool
	ch     chan struct{}
}

func (c *Closer) Close() {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if !closed {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		close(c.ch)
	}
}
