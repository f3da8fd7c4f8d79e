package tickwoken

import (
	"testing"
	"time"
)

func TestTickHandled(t *testing.T) {
	var c Counter
	tick, ready := make(chan int), make(chan struct{})
	c.Run(tick, ready)
	<-ready
	tick <- 1
	time.Sleep(time.Millisecond) // give the consumer time to count
	if c.N() != 1 {
		t.Fatalf("expected 1, got %d", c.N()) // want `timing: passes only if goroutine 1 runs within the 1ms sleep at tickwoken_test.go:14:12; otherwise test failure: t.Fatalf\("expected 1, got %d"\) \(0 preemptions\)`
	}
	close(tick)
}

// The fixed twin sends a second tick: the first is counted by the time
// the consumer takes the second.
func TestTickHandledFixed(t *testing.T) {
	var c Counter
	tick, ready := make(chan int), make(chan struct{})
	c.Run(tick, ready)
	<-ready
	tick <- 1
	tick <- 2
	time.Sleep(time.Millisecond)
	if c.N() < 1 {
		t.Fatalf("expected 1, got %d", c.N())
	}
	close(tick)
}
