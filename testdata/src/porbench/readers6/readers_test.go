package readers6

import (
	"sync"
	"testing"
)

type cache struct {
	mu sync.RWMutex
	m  map[string]int
}

func (c *cache) get(k string) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[k]
}

func (c *cache) set(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = v
}

// TestReaders6: six readers of a cache under an RWMutex, filled before
// they start.
func TestReaders6(t *testing.T) {
	c := &cache{m: map[string]int{}}
	c.set("a", 1)
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v := c.get("a"); v != 1 {
				t.Errorf("got %d, want 1", v)
			}
		}()
	}
	wg.Wait()
}
