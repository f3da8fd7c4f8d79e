package hubsend

import (
	"sync"
	"testing"
)

func TestHubBroadcastDuringShutdown(t *testing.T) {
	h := NewHub()
	h.Join("alice")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.Shutdown()
	}()
	h.Broadcast("maintenance in 5 minutes")
	wg.Wait()
}

func TestHubBroadcastDuringShutdownFixed(t *testing.T) {
	h := NewHubFixed()
	h.Join("alice")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.Shutdown()
	}()
	h.Broadcast("maintenance in 5 minutes")
	wg.Wait()
}
