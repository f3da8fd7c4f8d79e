package wallclock

import (
	"testing"
	"time"
)

// Entries expire after their time and not before, with a writer beside.
func TestExpiry(t *testing.T) {
	c := New()
	done := make(chan bool)
	go func() {
		c.Set("b", 2, 70*time.Millisecond)
		done <- true
	}()
	c.Set("a", 1, 20*time.Millisecond)
	<-done
	time.Sleep(25 * time.Millisecond)
	if _, ok := c.Get("a"); ok {
		t.Error("a found after it expired")
	}
	if _, ok := c.Get("b"); !ok {
		t.Error("b expired early")
	}
	time.Sleep(50 * time.Millisecond)
	if _, ok := c.Get("b"); ok {
		t.Error("b found after it expired")
	}
}

// The deadline in seconds: the entry is gone at once.
func TestExpirySeconds(t *testing.T) {
	c := New()
	done := make(chan bool)
	go func() {
		c.SetSeconds("a", 1, time.Minute)
		done <- true
	}()
	<-done
	if _, ok := c.Get("a"); !ok {
		t.Error("a expired at once") // want `test failure: t.Error called \(0 preemptions\)`
	}
}
