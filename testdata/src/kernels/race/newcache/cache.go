// Package newcache: the constructor starts the cache's janitor before it // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// has finished filling the cache, and the janitor writes the same field.
// kiss checks the constructor as a root of its own (a function without
// parameters that starts goroutines), and replay runs it as the body of
// a test.
package newcache

import "sync"

type Cache struct {
	mu      sync.Mutex
	entries map[string]string
	limit   int
}

func NewCache() *Cache {
	c := &Cache{entries: map[string]string{}}
	go c.janitor()
	c.limit = 100 // bug: written after the janitor started
	return c
}

func (c *Cache) janitor() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) > c.limit { // want `data race on .*limit: .*\(0 preemptions\)`
		c.entries = map[string]string{}
	}
}

type CacheFixed struct {
	mu      sync.Mutex
	entries map[string]string
	limit   int
}

func NewCacheFixed() *CacheFixed {
	c := &CacheFixed{entries: map[string]string{}}
	c.limit = 100 // fix: the cache is ready before the janitor starts
	go c.janitor()
	return c
}

func (c *CacheFixed) janitor() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) > c.limit {
		c.entries = map[string]string{}
	}
}
