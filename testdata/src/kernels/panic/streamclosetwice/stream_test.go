package streamclosetwice

import "testing"

func TestAbortThenClose(t *testing.T) {
	s := NewStream()
	defer s.Close()
	s.Write([]byte("hello"))
	s.Abort(ErrReset)
}

func TestAbortThenCloseFixed(t *testing.T) {
	s := NewStreamFixed()
	defer s.Close()
	s.Write([]byte("hello"))
	s.Abort(ErrReset)
}
