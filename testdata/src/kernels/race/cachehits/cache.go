// Package cachehits: an unprotected shared field, written under a read lock. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// Get holds only the read lock, which readers share, and still increments the
// hit counter (kubernetes and prometheus client code had this exact bug).
// RUnlock does not order a later RLock: only writers synchronize with readers.
package cachehits

import (
	"sync"
	"sync/atomic"
)

type Cache struct {
	mu    sync.RWMutex
	items map[string]string
	hits  int
}

func NewCache() *Cache { return &Cache{items: make(map[string]string)} }

func (c *Cache) Set(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = v
}

func (c *Cache) Get(k string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[k]
	if ok {
		c.hits++ // want `data race.*\(0 preemptions\)`
	}
	return v, ok
}

type CacheFixed struct {
	mu    sync.RWMutex
	items map[string]string
	hits  atomic.Int64 // fix: readers may update it concurrently
}

func NewCacheFixed() *CacheFixed { return &CacheFixed{items: make(map[string]string)} }

func (c *CacheFixed) Set(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = v
}

func (c *CacheFixed) Get(k string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[k]
	if ok {
		c.hits.Add(1)
	}
	return v, ok
}
