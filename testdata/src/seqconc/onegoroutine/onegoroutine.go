// Package onegoroutine holds roots that can never start a second goroutine
// (named _one) and roots that can (named _many), for
// sequentialize.OneGoroutine and Scenario.OneGoroutine.
package onegoroutine

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

// Starter is implemented by a type whose method starts a goroutine.
type Starter interface{ Start() }

type background struct{ done chan bool }

func (b background) Start() { go func() { b.done <- true }() }
