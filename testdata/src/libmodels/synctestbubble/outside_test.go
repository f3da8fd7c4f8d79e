package synctestbubble

import (
	"testing"
	"testing/synctest"
)

// A channel made in a bubble belongs to it: a worker started before the
// bubble that receives from it is Go's fatal error (the runtime's check
// in chanrecv), not a receive that waits.
func TestChannelOutOfBubble(t *testing.T) {
	jobs := make(chan chan int)
	done := make(chan bool)
	go func() {
		results := <-jobs
		<-results // want `panic: fatal error: receive on synctest channel from outside bubble \(0 preemptions\)`
		done <- true
	}()
	synctest.Test(t, func(t *testing.T) {
		results := make(chan int, 1)
		results <- 42
		jobs <- results
	})
	<-done
}

// The fixed twin: the channel the worker receives from is made outside
// the bubble, and the bubble only sends on its own.
func TestChannelOutOfBubbleFixed(t *testing.T) {
	results := make(chan int, 1)
	done := make(chan bool)
	go func() {
		<-results
		done <- true
	}()
	synctest.Test(t, func(t *testing.T) {
		inner := make(chan int, 1)
		inner <- 42
		results <- <-inner
	})
	<-done
}

// A select with a case on a bubble's channel, from outside the bubble, is
// Go's fatal error too (selectgo's check, before any case is ready).
func TestSelectOutOfBubble(t *testing.T) {
	var ticks chan int
	synctest.Test(t, func(t *testing.T) {
		ticks = make(chan int, 1)
	})
	quit := make(chan bool, 1)
	quit <- true
	select { // want `panic: fatal error: select on synctest channel from outside bubble \(0 preemptions\)`
	case <-ticks:
	case <-quit:
	}
}
