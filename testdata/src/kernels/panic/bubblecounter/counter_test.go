package bubblecounter

import (
	"testing"
	"testing/synctest"
)

func TestCounterBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { // want `panic: deadlock: main bubble goroutine has exited but blocked goroutines remain \(0 preemptions\)`
		c := NewCounter()
		c.In <- 1
		synctest.Wait()
		if c.N() != 1 {
			t.Errorf("count %d after one event", c.N())
		}
	})
}

func TestCounterBubbleFixed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCounter()
		defer c.Close()
		c.In <- 1
		synctest.Wait()
		if c.N() != 1 {
			t.Errorf("count %d after one event", c.N())
		}
	})
}
