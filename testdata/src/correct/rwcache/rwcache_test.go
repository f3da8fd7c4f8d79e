package rwcache

import (
	"sync"
	"testing"
)

func TestCacheReadersAndWriter(t *testing.T) {
	c := New()
	c.Set("lang", "go")
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		c.Set("lang", "go1.26")
	}()
	for i := 0; i < 2; i++ {
		go func() {
			defer wg.Done()
			if v, ok := c.Get("lang"); !ok || (v != "go" && v != "go1.26") {
				t.Errorf("Get = %q, %v", v, ok)
			}
		}()
	}
	wg.Wait()
	if v, _ := c.Get("lang"); v != "go1.26" || c.Len() != 1 || c.hits.Load() != 3 {
		t.Errorf("after writes: %q, len %d, hits %d", v, c.Len(), c.hits.Load())
	}
}
