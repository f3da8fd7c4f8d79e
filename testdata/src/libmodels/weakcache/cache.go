// Package weakcache: a cache of weak pointers (weak.Make, Pointer.Value), // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// which kiss runs as Go does without a garbage collection: a weak
// pointer's Value is its object until runtime.GC, after which whether the
// object was freed is an input kiss does not know. A runtime.GC once a
// finalizer or cleanup is registered stops the path: which of them run is
// unknown.
package weakcache

import (
	"sync"
	"weak"
)

type Item struct{ hits int }

type Cache struct {
	mu sync.Mutex
	m  map[string]weak.Pointer[Item]
}

func New() *Cache { return &Cache{m: map[string]weak.Pointer[Item]{}} }

// Get returns the live item of key, or a new one.
func (c *Cache) Get(key string) *Item {
	c.mu.Lock()
	defer c.mu.Unlock()
	if it := c.m[key].Value(); it != nil {
		return it
	}
	it := &Item{}
	c.m[key] = weak.Make(it)
	return it
}
