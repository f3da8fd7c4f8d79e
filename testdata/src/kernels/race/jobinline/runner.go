// Package jobinline: a runner starts each job on a goroutine of its own // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// and refuses a nil one. The test passes its job inline, in the header
// of an if (if err := r.Go(func() { ... }); err != nil), and reads the
// job's count before it waits. Replay hooks the job's access inside the
// literal, not before the if.
package jobinline

import (
	"errors"
	"sync"
)

// Runner runs jobs, each on its own goroutine.
type Runner struct{ wg sync.WaitGroup }

// Go starts f.
func (r *Runner) Go(f func()) error {
	if f == nil {
		return errors.New("jobinline: nil job")
	}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		f()
	}()
	return nil
}

// Wait waits for the jobs.
func (r *Runner) Wait() { r.wg.Wait() }

// Stats counts a job's work.
type Stats struct{ done int }
