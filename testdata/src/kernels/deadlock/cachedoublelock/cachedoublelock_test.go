package cachedoublelock

import (
	"sync"
	"testing"
)

func TestCacheDoubleLock(t *testing.T) {
	c := NewCache()
	c.Set("region", "eu-west-1")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Get("region")
	}()
	if got := c.Get("zone"); got != "value-of-zone" {
		t.Errorf("Get(zone) = %q", got)
	}
	wg.Wait()
}

func TestCacheDoubleLockFixed(t *testing.T) {
	c := NewCacheFixed()
	c.Set("region", "eu-west-1")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Get("region")
	}()
	if got := c.Get("zone"); got != "value-of-zone" {
		t.Errorf("Get(zone) = %q", got)
	}
	wg.Wait()
}
