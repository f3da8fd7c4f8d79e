package failafterreturn

import (
	"sync"
	"testing"
)

func TestCacheGet(t *testing.T) {
	c := NewCache()
	defer c.Close()
	for _, k := range []string{"a", "b"} {
		go func() {
			if _, err := c.Get(k); err != nil {
				t.Errorf("get %s: %v", k, err) // want `panic: Fail in goroutine after TestCacheGet has completed.*`
			}
		}()
	}
	// bug: returns (and closes the cache) without waiting for the readers
}

func TestCacheGetFixed(t *testing.T) {
	c := NewCache()
	defer c.Close()
	var wg sync.WaitGroup
	for _, k := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Get(k); err != nil {
				t.Errorf("get %s: %v", k, err)
			}
		}()
	}
	wg.Wait() // fix: the readers are done before Close
}
