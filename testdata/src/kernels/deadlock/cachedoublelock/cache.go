// Package cachedoublelock: a read-through cache whose miss path calls a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// locking method while already holding the lock (double locking, the most
// frequent resource deadlock in Tu et al.; docker and kubernetes both had it).
package cachedoublelock

import "sync"

// Cache is a read-through cache in front of a slow backend.
type Cache struct {
	mu     sync.Mutex
	items  map[string]string
	misses int
}

func NewCache() *Cache { return &Cache{items: make(map[string]string)} }

// Get returns the cached value, loading and storing it on a miss.
func (c *Cache) Get(key string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[key]; ok {
		return v
	}
	c.misses++
	v := load(key)
	c.Set(key, v) // bug: Set takes c.mu, which Get already holds
	return v
}

// Set stores a value.
func (c *Cache) Set(key, value string) {
	c.mu.Lock() // want `deadlock: .*\(0 preemptions\)`
	c.items[key] = value
	c.mu.Unlock()
}

func load(key string) string { return "value-of-" + key }

// CacheFixed is Cache with the fix: the miss path stores through setLocked.
type CacheFixed struct {
	mu     sync.Mutex
	items  map[string]string
	misses int
}

func NewCacheFixed() *CacheFixed { return &CacheFixed{items: make(map[string]string)} }

func (c *CacheFixed) Get(key string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[key]; ok {
		return v
	}
	c.misses++
	v := load(key)
	c.setLocked(key, v)
	return v
}

func (c *CacheFixed) Set(key, value string) {
	c.mu.Lock()
	c.setLocked(key, value)
	c.mu.Unlock()
}

// setLocked requires c.mu.
func (c *CacheFixed) setLocked(key, value string) { c.items[key] = value }
