package janitor

import "testing"

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
