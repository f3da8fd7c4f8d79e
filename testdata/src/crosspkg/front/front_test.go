package front_test

import (
	"testing"

	"crosspkg/front"
)

type lener interface{ Len() int }

// The goroutine writes through logsink's writer while the test reads the
// buffer's length: a race, and no panic.
func TestSharedSink(t *testing.T) {
	w := front.Shared()
	done := make(chan bool)
	go func() {
		if _, err := w.Write([]byte("x")); err != nil { // want `data race on .*n`
			t.Error(err)
		}
		done <- true
	}()
	_ = w.(lener).Len()
	<-done
}

// The fixed twin: the test reads once the goroutine is done.
func TestSharedSinkFixed(t *testing.T) {
	w := front.Shared()
	done := make(chan bool)
	go func() {
		if _, err := w.Write([]byte("x")); err != nil {
			t.Error(err)
		}
		done <- true
	}()
	<-done
	if w.(lener).Len() != 1 {
		t.Error("lost a write")
	}
}
