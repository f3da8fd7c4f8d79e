// Package onegoroutine holds roots that can never start a second goroutine
// (a want comment on their func line expects root:"one goroutine") and
// roots that can (they have none), for sequentialize.OneGoroutine and
// Scenario.OneGoroutine, checked by the analyzer's harness
// (analyzer/harness_test.go).
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

func (b background) Start() { go func() { b.done <- true }() } // want `goroutine leak: goroutine 1 \(started at onegoroutine.go:26:31\) blocks forever sending on a channel at onegoroutine.go:26:50 after the test returned \(0 preemptions\)`
