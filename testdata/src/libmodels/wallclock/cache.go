// Package wallclock: deadlines kept as wall-clock times (UnixNano), as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// caches with expiring entries keep them (patrickmn/go-cache). The wall
// clock is an input kiss does not know, but it goes on as the fake clock
// does: an entry read after its time is expired, one read before is not,
// whatever the clock read when the test began.
package wallclock

import (
	"sync"
	"time"
)

type item struct {
	v       int
	expires int64 // UnixNano; 0: never
}

type Cache struct {
	mu    sync.RWMutex
	items map[string]item
}

func New() *Cache { return &Cache{items: map[string]item{}} }

func (c *Cache) Set(k string, v int, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = item{v, time.Now().Add(d).UnixNano()}
}

// SetSeconds keeps the deadline in seconds, and Get compares it with
// nanoseconds: every entry is expired at once.
func (c *Cache) SetSeconds(k string, v int, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = item{v, time.Now().Add(d).Unix()}
}

func (c *Cache) Get(k string) (int, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	it, ok := c.items[k]
	if !ok || it.expires > 0 && time.Now().UnixNano() > it.expires {
		return 0, false
	}
	return it.v, true
}
