// Package workerstopflag: a plain bool used as a stop flag. The worker reads // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// stopping after each job it receives; Stop sets it with no lock and no
// atomic. The worker's read for job 1 and Stop's write are unordered, so the
// race is completed by the test goroutine's write in Stop.
package workerstopflag

import (
	"sync"
	"sync/atomic"
)

type Worker struct {
	jobs     chan int
	done     chan struct{}
	stopping bool

	mu        sync.Mutex
	processed []int
	dropped   int
}

func NewWorker() *Worker { return &Worker{jobs: make(chan int), done: make(chan struct{})} }

func (w *Worker) Run() {
	defer close(w.done)
	for j := range w.jobs {
		if w.stopping {
			w.mu.Lock()
			w.dropped++
			w.mu.Unlock()
			continue
		}
		w.mu.Lock()
		w.processed = append(w.processed, j)
		w.mu.Unlock()
	}
}

// Stop asks the worker to drop the remaining jobs.
func (w *Worker) Stop() {
	w.stopping = true // want `data race.*\(0 preemptions\)`
}

type WorkerFixed struct {
	jobs     chan int
	done     chan struct{}
	stopping atomic.Bool // fix

	mu        sync.Mutex
	processed []int
	dropped   int
}

func NewWorkerFixed() *WorkerFixed {
	return &WorkerFixed{jobs: make(chan int), done: make(chan struct{})}
}

func (w *WorkerFixed) Run() {
	defer close(w.done)
	for j := range w.jobs {
		if w.stopping.Load() {
			w.mu.Lock()
			w.dropped++
			w.mu.Unlock()
			continue
		}
		w.mu.Lock()
		w.processed = append(w.processed, j)
		w.mu.Unlock()
	}
}

func (w *WorkerFixed) Stop() { w.stopping.Store(true) }
