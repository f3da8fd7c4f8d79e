// Package liberr exercises kiss's models of error values, formatting and
// strconv/strings (sequentialize/conc_lib.go).
package liberr

import (
	"errors"
	"sync"
)

type myErr struct{ inner error }

func (e *myErr) Error() string { return "my: " + e.inner.Error() }
func (e *myErr) Unwrap() error { return e.inner }

// sentinel says it is any sentinelErr.
type sentinelErr struct{ code int }

func (e sentinelErr) Error() string { return "sentinel" }
func (e sentinelErr) Is(target error) bool {
	_, ok := target.(sentinelErr)
	return ok
}

// codeErr converts itself to a sentinelErr through its As method (a value
// method: a *codeErr has it through Go's wrapper).
type codeErr struct{ code int }

func (e codeErr) Error() string { return "code" }
func (e codeErr) As(target any) bool {
	if p, ok := target.(*sentinelErr); ok {
		*p = sentinelErr{e.code}
		return true
	}
	return false
}

type multiErr struct{ errs []error }

func (e *multiErr) Error() string   { return "multi" }
func (e *multiErr) Unwrap() []error { return e.errs }

var ErrClosed = errors.New("closed")

// firstError runs f for each name concurrently and returns an error of one
// that failed, under a lock.
func firstError(names []string, f func(string) error) error {
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for _, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(n); err != nil {
				mu.Lock()
				if first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}
