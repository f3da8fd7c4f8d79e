// Package janitor: a cache whose background goroutine purges it on a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// ticker and is never stopped (go-cache's janitor, pond's purger). After
// the test returns it ticks on; what the test left blocked is still a
// leak, and a test without one is checked to its end.
package janitor

import (
	"sync"
	"time"
)

type Cache struct {
	mu    sync.Mutex
	items map[string]int
}

func New() *Cache {
	c := &Cache{items: map[string]int{}}
	go func() {
		t := time.NewTicker(time.Minute)
		for range t.C {
			c.mu.Lock()
			clear(c.items)
			c.mu.Unlock()
		}
	}()
	return c
}

func (c *Cache) Set(k string, v int) {
	c.mu.Lock()
	c.items[k] = v
	c.mu.Unlock()
}

// Watch sends each value set on ch: the caller must receive them.
func (c *Cache) Watch(ch chan<- int) func(string, int) {
	return func(k string, v int) {
		c.Set(k, v)
		ch <- v // want `goroutine leak: goroutine 2 \(started at janitor_test.go:13:2\) blocks forever sending on a channel at janitor.go:40:6 after the test returned \(0 preemptions\)`
	}
}
