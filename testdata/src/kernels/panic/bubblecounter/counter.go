// Package bubblecounter: a counter fed through a channel by its own // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// goroutine, tested in a testing/synctest bubble. The test never closes
// the counter: its goroutine is left blocked in its receive when the
// bubble's function returns, which synctest.Test reports as a deadlock
// panic (Go 1.25 on). The fixed twin closes it.
package bubblecounter

import "sync/atomic"

// Counter counts the events sent on In.
type Counter struct {
	In chan int
	n  atomic.Int64
}

func NewCounter() *Counter {
	c := &Counter{In: make(chan int)}
	go func() {
		for range c.In {
			c.n.Add(1)
		}
	}()
	return c
}

func (c *Counter) N() int64 { return c.n.Load() }

// Close stops the counting goroutine.
func (c *Counter) Close() { close(c.In) }
