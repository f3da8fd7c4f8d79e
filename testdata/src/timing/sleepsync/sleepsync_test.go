package sleepsync

import (
	"testing"
	"time"
)

func TestStartListens(t *testing.T) {
	var s Server
	s.Start(make(chan struct{}))
	time.Sleep(time.Millisecond) // give the server time to start
	if !s.Listening() {
		t.Error("server not listening") // want `timing: passes only if goroutine 1 runs within the 1ms sleep at sleepsync_test.go:11:12; otherwise test failure: t.Error called \(0 preemptions\)`
	}
}

// The fixed twin waits for the server to say it listens.
func TestStartListensFixed(t *testing.T) {
	var s Server
	ready := make(chan struct{})
	s.Start(ready)
	<-ready
	if !s.Listening() {
		t.Error("server not listening")
	}
}
