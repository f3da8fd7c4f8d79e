// Package tickwoken: a ticker's consumer blocked on its channel is woken // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// by a tick, and the test sleeps a millisecond for it to handle the tick,
// as tests of mock clocks do. The consumer has done nothing since it was
// woken: the report still names it as the goroutine the sleep waits for.
package tickwoken

import "sync/atomic"

// Counter counts the ticks it receives.
type Counter struct{ n atomic.Int32 }

// Run consumes ticks until the channel is closed; ready is closed first.
func (c *Counter) Run(tick <-chan int, ready chan<- struct{}) {
	go func() {
		close(ready)
		for range tick {
			c.n.Add(1)
		}
	}()
}

func (c *Counter) N() int32 { return c.n.Load() }
