package initticker

import "testing"

// The workers outlive the test until the purger ends them: no leak, and
// the exploration ends once they are gone.
func TestSubmit(t *testing.T) {
	done := make(chan int)
	Submit(func() { done <- 1 })
	Submit(func() { done <- 2 })
	if a, b := <-done, <-done; a+b != 3 {
		t.Errorf("got %d and %d", a, b)
	}
}

func TestSubmitRace(t *testing.T) {
	n := 0
	done := make(chan bool)
	Submit(func() { n++; done <- true }) // want `data race on n: write at pool_test.go:20:2 by goroutine 0 and read at pool_test.go:19:18 by goroutine 3 \(0 preemptions\)`
	n++
	<-done
}

func TestTicks(t *testing.T) {
	if ticks.Load() < 0 {
		t.Error("negative")
	}
}
