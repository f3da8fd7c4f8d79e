// Package sleepsync: a test that gives a goroutine "time to start" with a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// sleep instead of waiting for it. On a fast machine the goroutine always
// runs within the millisecond (so does Go's fake clock); on a loaded one
// it does not, and the test fails. kiss reports it only with -timing.
package sleepsync

import "sync/atomic"

type Server struct{ listening atomic.Bool }

// Start serves in the background; ready is closed once it listens.
func (s *Server) Start(ready chan<- struct{}) {
	go func() {
		s.listening.Store(true)
		close(ready)
	}()
}

func (s *Server) Listening() bool { return s.listening.Load() }
