package duetimers

import (
	"context"
	"testing"
	"time"
)

type result struct {
	n   int
	err error
}

func jobs(n int) chan int {
	in := make(chan int, n)
	for i := range n {
		in <- i
	}
	close(in)
	return in
}

// A timeout of 0 has passed when WithTimeout returns: Drain takes no job.
func TestExpiredContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	res := make(chan result)
	go func() {
		n, err := Drain(ctx, jobs(3))
		res <- result{n, err}
	}()
	if r := <-res; r.n != 0 || r.err != context.DeadlineExceeded {
		t.Errorf("Drain = %d, %v; want 0, deadline exceeded", r.n, r.err)
	}
}

// The same with a deadline in the past, given as a time.
func TestPastDeadline(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	res := make(chan result)
	go func() {
		n, err := Drain(ctx, jobs(2))
		res <- result{n, err}
	}()
	if r := <-res; r.n != 0 || ctx.Err() == nil {
		t.Errorf("Drain = %d, %v; want 0 and a done context", r.n, r.err)
	}
}

func TestExpiredContextRacy(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	res := make(chan result)
	go func() {
		n, err := DrainRacy(ctx, jobs(3))
		res <- result{n, err}
	}()
	if r := <-res; r.n != 0 {
		t.Errorf("DrainRacy took %d jobs after the deadline", r.n) // want `test failure: t.Errorf\("DrainRacy took %d jobs after the deadline"\) \(0 preemptions\)`
	}
}

// A timer of 0 (and one Reset to 0) is due at once: its C is ready
// before any other goroutine runs. A second's timer is not.
func TestZeroTimer(t *testing.T) {
	done := make(chan bool)
	go func() {
		if !Tick(0) || !Tick(-time.Second) {
			t.Error("a timer of 0 is not ready")
		}
		if Tick(time.Second) {
			t.Error("a timer of a second is ready at once")
		}
		tm := time.NewTimer(time.Hour)
		tm.Reset(0)
		select {
		case <-tm.C:
		default:
			t.Error("a timer reset to 0 is not ready")
		}
		if tm.Stop() {
			t.Error("Stop stopped a timer that fired")
		}
		done <- true
	}()
	select {
	case <-done:
	case <-time.After(0):
		<-done
	}
}
