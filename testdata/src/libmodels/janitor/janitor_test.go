package janitor

import (
	"testing"
	"time"
)

// The watcher's send is never received: a leak beside the janitor.
func TestWatchLeaks(t *testing.T) {
	c := New()
	ch := make(chan int)
	set := c.Watch(ch)
	go set("a", 1)
	c.Set("b", 2)
}

// Fixed: the value is received.
func TestWatchReceived(t *testing.T) {
	c := New()
	ch := make(chan int)
	set := c.Watch(ch)
	go set("a", 1)
	c.Set("b", 2)
	<-ch
}

// A goroutine still asleep when the test returns, beside the janitor, is
// no leak: it wakes in an hour, sends on a buffered channel and exits.
func TestSleeperBesideJanitor(t *testing.T) {
	c := New()
	done := make(chan int, 1)
	go func() {
		time.Sleep(time.Hour)
		done <- 1
	}()
	c.Set("a", 1)
}

// Nor is one waiting for a timer that fires in an hour.
func TestTimerWaiterBesideJanitor(t *testing.T) {
	c := New()
	go func() {
		<-time.After(time.Hour)
		c.Set("b", 2)
	}()
	c.Set("a", 1)
}
