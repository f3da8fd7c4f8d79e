//go:build go1.21

// Package loopvar: loop-variable capture. This file's //go:build go1.21 line
// sets its language version to go1.21 (a file may downgrade below its module's
// version since Go 1.21, down to go1.21), so the range variable job is one
// variable shared by every iteration: the loop's write for the next job races
// with the goroutine that reads the previous one. dispatch_fixed.go holds the
// same code without the downgrade; there each iteration has its own job.
package loopvar

import "sync"

type Job struct {
	ID   int
	Kind string
}

type Dispatcher struct {
	mu      sync.Mutex
	handled map[string]int
}

func NewDispatcher() *Dispatcher { return &Dispatcher{handled: make(map[string]int)} }

func (d *Dispatcher) handle(kind string) {
	d.mu.Lock()
	d.handled[kind]++
	d.mu.Unlock()
}

// DispatchAll handles every job concurrently and waits for them.
func (d *Dispatcher) DispatchAll(jobs []Job) {
	var wg sync.WaitGroup
	for _, job := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.handle(job.Kind) // want `data race.*\(0 preemptions\)`
		}()
	}
	wg.Wait()
}

func (d *Dispatcher) Total() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, c := range d.handled {
		n += c
	}
	return n
}
