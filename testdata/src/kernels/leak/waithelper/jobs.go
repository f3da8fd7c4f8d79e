// Package waithelper: a job runner's tests wait for a job in a select, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// through a helper that turns a WaitGroup into a channel, as robfig/cron's
// tests do. When the job never runs (the test's success), the helper's
// goroutine waits forever. Replay takes the select's step after its
// operands, whose helper starts that goroutine; the package's subtests
// make replay run on real time, where the time.After goroutine sleeps
// until the real timer has fired.
package waithelper

import "sync"

type Runner struct {
	mu      sync.Mutex
	stopped bool
	jobs    []func()
}

func (r *Runner) Stop() {
	r.mu.Lock()
	r.stopped = true
	r.mu.Unlock()
}

// Add runs f unless the runner is stopped.
func (r *Runner) Add(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		r.jobs = append(r.jobs, f)
		return
	}
	go f()
}

// wait is closed once wg is done; its goroutine waits for that forever.
func wait(wg *sync.WaitGroup) chan bool {
	ch := make(chan bool)
	go func() {
		wg.Wait() // want `goroutine leak: goroutine 2 \(started at jobs.go:38:2\) blocks forever in WaitGroup.Wait at jobs.go:39:10 after the test returned \(0 preemptions\)`
		ch <- true
	}()
	return ch
}

// waitBuffered is wait whose goroutine can send without a receiver: it
// ends once wg is done, whether or not anyone still waits.
func waitBuffered(wg *sync.WaitGroup) chan bool {
	ch := make(chan bool, 1)
	go func() {
		wg.Wait()
		ch <- true
	}()
	return ch
}
