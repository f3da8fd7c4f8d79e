// Package rwcache: a cache guarded by an RWMutex. Readers share the read // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// lock and only read; the hit counter is atomic; writers take the lock.
package rwcache

import (
	"sync"
	"sync/atomic"
)

type Cache struct {
	mu    sync.RWMutex
	items map[string]string
	hits  atomic.Int64
}

func New() *Cache { return &Cache{items: make(map[string]string)} }

func (c *Cache) Get(k string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[k]
	if ok {
		c.hits.Add(1)
	}
	return v, ok
}

func (c *Cache) Set(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = v
}

func (c *Cache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.items)
}
