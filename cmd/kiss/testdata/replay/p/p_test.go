package p_test

import (
	"sync"
	"testing"
	"time"

	"example.com/replay/p"
)

// The goroutine sends while holding mu, which the test needs before it
// receives.
func TestHandoff(t *testing.T) {
	var c p.Counter
	var mu sync.Mutex
	ch := make(chan int)
	go func() {
		mu.Lock()
		ch <- 1
		mu.Unlock()
	}()
	mu.Lock()
	c.Inc()
	select {
	case <-ch:
	case <-time.After(time.Second):
	}
	mu.Unlock()
}
