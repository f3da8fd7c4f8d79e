package sysinfo

import (
	"sync"
	"testing"
)

func TestRaceAfterIntrospection(t *testing.T) {
	_ = Describe()
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

func TestRaceAfterIntrospectionFixed(t *testing.T) {
	_ = Describe()
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
