package cachehits

import (
	"sync"
	"testing"
)

func TestCacheHitsConcurrentReaders(t *testing.T) {
	c := NewCache()
	c.Set("theme", "dark")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Get("theme")
	}()
	c.Get("theme")
	wg.Wait()
}

func TestCacheHitsConcurrentReadersFixed(t *testing.T) {
	c := NewCacheFixed()
	c.Set("theme", "dark")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Get("theme")
	}()
	c.Get("theme")
	wg.Wait()
	if n := c.hits.Load(); n != 2 {
		t.Errorf("hits = %d, want 2", n)
	}
}
