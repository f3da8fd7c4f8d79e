package limiterrefill

import (
	"sync"
	"testing"
)

func TestLimiterRefill(t *testing.T) {
	l := NewRateLimiter(1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the refill tick
		defer wg.Done()
		l.Refill()
	}()
	if !l.Allow() {
		t.Errorf("first request rejected")
	}
	wg.Wait()
}

func TestLimiterRefillFixed(t *testing.T) {
	l := NewRateLimiterFixed(1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.Refill()
	}()
	if !l.Allow() {
		t.Errorf("first request rejected")
	}
	wg.Wait()
}
