package latchsignal

import (
	"sync"
	"testing"
)

func TestLatchReleasesAll(t *testing.T) {
	l := NewLatch()
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready <- struct{}{}
			l.Await()
		}()
	}
	<-ready
	<-ready
	l.Open()
	wg.Wait() // want `deadlock: .*\(0 preemptions\)`
}

func TestLatchReleasesAllFixed(t *testing.T) {
	l := NewLatchFixed()
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready <- struct{}{}
			l.Await()
		}()
	}
	<-ready
	<-ready
	l.Open()
	wg.Wait()
}
