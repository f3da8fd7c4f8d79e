package sysinfo

import (
	"sync"
	"sync/atomic"
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

// A semaphore sized by the open-files limit, as net's acquireThread
// makes one: the kernel fills the limits in (kiss once left them zero,
// made the channel unbuffered and reported the send as a deadlock).
func TestRaceAfterRlimit(t *testing.T) {
	sem := make(chan struct{}, OpenFilesLimit(8))
	sem <- struct{}{}
	hits := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		hits++ // want `data race on hits.*\(0 preemptions\)`
	}()
	hits++
	wg.Wait()
	<-sem
}

func TestRaceAfterRlimitFixed(t *testing.T) {
	sem := make(chan struct{}, OpenFilesLimit(8))
	sem <- struct{}{}
	var hits atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		hits.Add(1)
	}()
	hits.Add(1)
	wg.Wait()
	<-sem
}
