// Package funcname names the jobs of a scheduler by their function, as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// job schedulers and loggers do: runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name().
package funcname

import (
	"errors"
	"reflect"
	"runtime"
	"sync"
)

// Scheduler runs jobs, each on its own goroutine.
type Scheduler struct {
	mu    sync.Mutex
	names []string
	wg    sync.WaitGroup
}

// Add starts f as a job, named after its function.
func (s *Scheduler) Add(f func()) error {
	v := reflect.ValueOf(f)
	if v.IsZero() {
		return errors.New("funcname: no function")
	}
	name := runtime.FuncForPC(v.Pointer()).Name()
	s.mu.Lock()
	s.names = append(s.names, name)
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
	return nil
}

// Wait waits for the jobs.
func (s *Scheduler) Wait() { s.wg.Wait() }

// Jobs is the number of jobs added.
func (s *Scheduler) Jobs() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.names)
}
