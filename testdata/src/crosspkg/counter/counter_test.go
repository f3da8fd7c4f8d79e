package counter_test

import (
	"sync"
	"testing"

	"crosspkg/counter"
)

// The race is in counter.go; it is reported where this package calls it.
func TestStats(t *testing.T) {
	s := counter.New()
	var wg sync.WaitGroup
	for _, k := range []string{"get", "put"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Add(k) // want `data race on s.total: write at crosspkg/counter/counter.go:22:4 by goroutine [12] and (read|write) at crosspkg/counter/counter.go:22:4 by goroutine [12] \(0 preemptions\)`
		}()
	}
	wg.Wait()
	if s.Total() != 2 {
		t.Errorf("total = %d, want 2", s.Total())
	}
}

func TestStatsFixed(t *testing.T) {
	s := counter.NewFixed()
	var wg sync.WaitGroup
	for _, k := range []string{"get", "put"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Add(k)
		}()
	}
	wg.Wait()
	if s.Total() != 2 {
		t.Errorf("total = %d, want 2", s.Total())
	}
}
