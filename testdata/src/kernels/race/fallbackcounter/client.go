// Package fallbackcounter: a race that needs a preemption. Send counts the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// messages it had to queue because the connection was not ready yet, with a
// plain int; Connect reads that count right after marking the connection
// ready. The write only happens on the select's default path, so the race
// exists only in schedules where Send runs before Connect's close.
package fallbackcounter

import (
	"sync"
	"sync/atomic"
)

type Client struct {
	ready     chan struct{}
	fallbacks int

	mu      sync.Mutex
	sent    []string
	pending []string
}

func NewClient() *Client { return &Client{ready: make(chan struct{})} }

func (c *Client) Send(msg string) {
	select {
	case <-c.ready:
		c.mu.Lock()
		c.sent = append(c.sent, msg)
		c.mu.Unlock()
	default:
		c.fallbacks++
		c.mu.Lock()
		c.pending = append(c.pending, msg)
		c.mu.Unlock()
	}
}

// Connect marks the client ready and reports how many messages were queued.
func (c *Client) Connect() int {
	close(c.ready)
	return c.fallbacks // want `data race.*\(1 preemption\)`
}

type ClientFixed struct {
	ready     chan struct{}
	fallbacks atomic.Int64 // fix

	mu      sync.Mutex
	sent    []string
	pending []string
}

func NewClientFixed() *ClientFixed { return &ClientFixed{ready: make(chan struct{})} }

func (c *ClientFixed) Send(msg string) {
	select {
	case <-c.ready:
		c.mu.Lock()
		c.sent = append(c.sent, msg)
		c.mu.Unlock()
	default:
		c.fallbacks.Add(1)
		c.mu.Lock()
		c.pending = append(c.pending, msg)
		c.mu.Unlock()
	}
}

func (c *ClientFixed) Connect() int {
	close(c.ready)
	return int(c.fallbacks.Load())
}
