package fakeclock

import (
	"testing"
	"testing/synctest"
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
		panic("the clock is off") // outside a bubble, real time passes between readings: possible, held back (it depends on whether the test runs in one)
	}
	<-late
	if time.Since(start) < 2*time.Second {
		t.Errorf("woke early") // never
	}
}

// A timer's and a ticker's C receive the time they were due (Go sends
// it; the model once sent the zero Time, a failure here, where the
// bubble's clock is known), read after the test slept past it.
func TestTimerValues(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		tm := time.NewTimer(time.Second)
		time.Sleep(2 * time.Second)
		if got, want := <-tm.C, start.Add(time.Second); got != want {
			t.Errorf("<-tm.C = %v, want %v", got, want)
		}
		tk := time.NewTicker(time.Second)
		defer tk.Stop()
		if got, want := <-tk.C, start.Add(3*time.Second); !got.Equal(want) {
			t.Errorf("<-tk.C = %v, want %v", got, want)
		}
		if at := <-time.After(50 * time.Millisecond); at.Sub(start) != 3*time.Second+50*time.Millisecond {
			t.Errorf("time.After at %v", at.Sub(start))
		}
	})
}
