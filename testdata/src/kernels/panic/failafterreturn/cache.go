// Package failafterreturn: the test reads the cache from goroutines and // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// reports an error with t.Errorf, but returns without waiting for them;
// its deferred Close runs first. A goroutine whose Get then fails calls
// t.Errorf after the test has completed, and package testing panics
// ("Fail in goroutine after TestX has completed"): the whole test binary
// dies, whichever test is running by then.
package failafterreturn

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("cache closed")

type Cache struct {
	mu     sync.Mutex
	closed bool
	data   map[string]string
}

func NewCache() *Cache {
	return &Cache{data: map[string]string{"a": "1", "b": "2"}}
}

func (c *Cache) Get(k string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return "", ErrClosed
	}
	return c.data[k], nil
}

func (c *Cache) Close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
}
