// Package poolstop: a channel send with no partner. Stop sends one quit // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// token per worker it started, but a worker that met an invalid job has
// already returned, so the last send has no receiver (the shape of several
// docker and grpc bugs where a goroutine exits early on an error path).
package poolstop

import (
	"errors"
	"sync"
)

type Job struct{ ID int }

func (j Job) Validate() error {
	if j.ID < 0 {
		return errors.New("invalid job id")
	}
	return nil
}

type Pool struct {
	size int
	jobs chan Job
	quit chan struct{}

	mu       sync.Mutex
	done     []int
	rejected int
}

func NewPool(size int) *Pool {
	return &Pool{size: size, jobs: make(chan Job), quit: make(chan struct{})}
}

func (p *Pool) Worker() {
	for {
		select {
		case j := <-p.jobs:
			if err := j.Validate(); err != nil {
				p.mu.Lock()
				p.rejected++
				p.mu.Unlock()
				return // bug: the worker dies, but Stop still counts on it
			}
			p.mu.Lock()
			p.done = append(p.done, j.ID)
			p.mu.Unlock()
		case <-p.quit:
			return
		}
	}
}

func (p *Pool) Submit(j Job) { p.jobs <- j }

// Stop tells every worker to quit and returns once each has received it.
func (p *Pool) Stop() {
	for i := 0; i < p.size; i++ {
		p.quit <- struct{}{} // want `deadlock: .*\(0 preemptions\)`
	}
}

type PoolFixed struct {
	size int
	jobs chan Job
	quit chan struct{}

	mu       sync.Mutex
	done     []int
	rejected int
}

func NewPoolFixed(size int) *PoolFixed {
	return &PoolFixed{size: size, jobs: make(chan Job), quit: make(chan struct{})}
}

func (p *PoolFixed) Worker() {
	for {
		select {
		case j := <-p.jobs:
			if err := j.Validate(); err != nil {
				p.mu.Lock()
				p.rejected++
				p.mu.Unlock()
				continue // fix: reject the job, keep the worker
			}
			p.mu.Lock()
			p.done = append(p.done, j.ID)
			p.mu.Unlock()
		case <-p.quit:
			return
		}
	}
}

func (p *PoolFixed) Submit(j Job) { p.jobs <- j }

func (p *PoolFixed) Stop() {
	for i := 0; i < p.size; i++ {
		p.quit <- struct{}{}
	}
}
