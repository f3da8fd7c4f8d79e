// Package fakeclock: code whose behaviour depends on durations, run on Go's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// fake clock (testing/synctest's): time passes only when no goroutine can
// run, timers fire in deadline order, and time.Now/time.Since read the time
// slept. Fetch retries with exponential backoff (10+20+40 ms) under a 50 ms
// timeout: when the timeout wins, the fetching goroutine is left blocked
// on its unbuffered send.
package fakeclock

import (
	"errors"
	"time"
)

var ErrTimeout = errors.New("fetch timed out")

type Source struct{ failures int }

func (s *Source) try() (string, bool) {
	if s.failures > 0 {
		s.failures--
		return "", false
	}
	return "payload", true
}

func Fetch(s *Source, timeout time.Duration) (string, error) {
	ch := make(chan string)
	go func() {
		backoff := 10 * time.Millisecond
		for {
			if v, ok := s.try(); ok {
				ch <- v // want `goroutine leak: .*\(0 preemptions\)`
				return
			}
			time.Sleep(backoff)
			backoff *= 2
		}
	}()
	select {
	case v := <-ch:
		return v, nil
	case <-time.After(timeout):
		return "", ErrTimeout
	}
}

func FetchFixed(s *Source, timeout time.Duration) (string, error) {
	ch := make(chan string, 1) // fix: the late answer has somewhere to go
	go func() {
		backoff := 10 * time.Millisecond
		for {
			if v, ok := s.try(); ok {
				ch <- v
				return
			}
			time.Sleep(backoff)
			backoff *= 2
		}
	}()
	select {
	case v := <-ch:
		return v, nil
	case <-time.After(timeout):
		return "", ErrTimeout
	}
}
