package synctestbubble

import (
	"testing"
	"testing/synctest"
)

// synctest.Test's T panics in Parallel, Run and Deadline, as Go's does: a
// test that calls Parallel in the bubble panics.
func TestParallelInBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		done := make(chan bool)
		go func() { done <- true }()
		<-done
		t.Parallel() // want `panic: testing: t.Parallel called inside synctest bubble \(0 preemptions\)`
	})
}

// expectPanic fails t unless the function deferring it panicked with want.
func expectPanic(t *testing.T, want string) {
	if r := recover(); r != want {
		t.Errorf("got panic %v, want %q", r, want)
	}
}

// The fixed twin: each panic is the one Go's testing makes, recovered (once
// kiss's Parallel parked the test until its bubble ended: a deadlock).
func TestParallelInBubbleFixed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		done := make(chan bool)
		go func() { done <- true }()
		<-done
		func() {
			defer expectPanic(t, "testing: t.Parallel called inside synctest bubble")
			t.Parallel()
		}()
		func() {
			defer expectPanic(t, "testing: t.Run called inside synctest bubble")
			t.Run("sub", func(t *testing.T) {})
		}()
		func() {
			defer expectPanic(t, "testing: t.Deadline called inside synctest bubble")
			t.Deadline()
		}()
	})
}
