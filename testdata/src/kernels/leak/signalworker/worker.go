// Package signalworker: a service that runs until an interrupt or its // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// context's end (os/signal.Notify starts the runtime's watcher goroutine).
// Run starts a worker over the jobs channel and returns without closing
// it, so the worker outlives the test.
package signalworker

import (
	"context"
	"os"
	"os/signal"
	"sync"
)

type Service struct {
	jobs chan int
	mu   sync.Mutex
	done int
}

func NewService() *Service { return &Service{jobs: make(chan int)} }

func (s *Service) work() {
	for range s.jobs { // want `goroutine leak: .*\(0 preemptions\)`
		s.mu.Lock()
		s.done++
		s.mu.Unlock()
	}
}

// wait returns at an interrupt or at ctx's end. (It leaves the channel
// registered: replay diverges in 1 run of 10 at signal.Stop, whose
// round trip to the runtime's signal thread it does not control.)
func wait(ctx context.Context) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	select {
	case <-c:
	case <-ctx.Done():
	}
}

func (s *Service) Run(ctx context.Context) {
	go s.work()
	wait(ctx) // bug: the worker still ranges over s.jobs
}

func (s *Service) RunFixed(ctx context.Context) {
	go s.work()
	wait(ctx)
	close(s.jobs)
}
