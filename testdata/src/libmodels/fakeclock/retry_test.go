package fakeclock

import (
	"testing"
	"time"
)

func TestFetchFlaky(t *testing.T) {
	if _, err := Fetch(&Source{failures: 3}, 50*time.Millisecond); err != nil && err != ErrTimeout {
		t.Fatal(err)
	}
}

func TestFetchFlakyFixed(t *testing.T) {
	if _, err := FetchFixed(&Source{failures: 3}, 50*time.Millisecond); err != nil && err != ErrTimeout {
		t.Fatal(err)
	}
}

// Two failures back off 30ms in all: the answer beats the timeout, so no
// goroutine is left behind even with the unbuffered channel.
func TestFetchRecovers(t *testing.T) {
	v, err := Fetch(&Source{failures: 2}, 50*time.Millisecond)
	if err != nil || v != "payload" {
		t.Errorf("Fetch = %q, %v", v, err)
	}
}

// Timers fire in deadline order, and the clock reads the time slept.
func TestTimersInDeadlineOrder(t *testing.T) {
	start := time.Now()
	late := time.After(2 * time.Second)
	early := time.NewTimer(time.Second)
	select {
	case <-late:
		panic("the later timer fired first")
	case <-early.C:
	}
	time.Sleep(500 * time.Millisecond)
	if d := time.Since(start); d != 1500*time.Millisecond {
		panic("the clock is off") // never: the fake clock says 1.5s
	}
	<-late
	if time.Since(start) < 2*time.Second {
		t.Errorf("woke early") // never
	}
}
