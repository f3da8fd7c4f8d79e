package queueclosesignal

import (
	"sync"
	"testing"
)

func TestJobQueueShutdown(t *testing.T) {
	q := NewJobQueue()
	started := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			started <- struct{}{}
			for {
				if _, ok := q.Next(); !ok {
					return
				}
			}
		}()
	}
	<-started
	<-started
	q.Close()
	wg.Wait() // want `deadlock: .*\(0 preemptions\)`
}

func TestJobQueueShutdownFixed(t *testing.T) {
	q := NewJobQueueFixed()
	started := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			started <- struct{}{}
			for {
				if _, ok := q.Next(); !ok {
					return
				}
			}
		}()
	}
	<-started
	<-started
	q.Close()
	wg.Wait()
}
