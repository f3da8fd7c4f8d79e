// Package streamclosetwice: a stream whose Abort closes its channel and // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// whose Close, deferred by every user, closes it again: close of a closed
// channel in one goroutine.
package streamclosetwice

import (
	"errors"
	"sync"
)

type Stream struct {
	ch  chan []byte
	err error
}

func NewStream() *Stream { return &Stream{ch: make(chan []byte, 4)} }

func (s *Stream) Write(p []byte) { s.ch <- p }

// Abort ends the stream with an error.
func (s *Stream) Abort(err error) {
	s.err = err
	close(s.ch)
}

func (s *Stream) Close() error {
	close(s.ch) // want `panic: close of closed channel \(0 preemptions\)`
	return s.err
}

var ErrReset = errors.New("stream reset by peer")

type StreamFixed struct {
	ch   chan []byte
	err  error
	once sync.Once
}

func NewStreamFixed() *StreamFixed { return &StreamFixed{ch: make(chan []byte, 4)} }

func (s *StreamFixed) Write(p []byte) { s.ch <- p }

func (s *StreamFixed) Abort(err error) {
	s.once.Do(func() {
		s.err = err
		close(s.ch)
	})
}

func (s *StreamFixed) Close() error {
	s.once.Do(func() { close(s.ch) })
	return s.err
}
