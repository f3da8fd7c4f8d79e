package cryptorand

import (
	"sync"
	"testing"
)

func TestRaceAfterRandomID(t *testing.T) {
	id := NewID()
	if len(id) != 32 {
		t.Fatalf("id %q", id)
	}
	hits := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		hits++ // want `data race on hits.*\(0 preemptions\)`
	}()
	hits++
	wg.Wait()
}

func TestRaceAfterRandomIDFixed(t *testing.T) {
	id := NewID()
	if len(id) != 32 {
		t.Fatalf("id %q", id)
	}
	hits := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		hits++
		mu.Unlock()
	}()
	mu.Lock()
	hits++
	mu.Unlock()
	wg.Wait()
}
