package fakeclock

import (
	"testing"
	"time"
)

// Reset after Stop starts the ticker again, as Go does, and the first
// tick comes the new period after Reset, not when the old one ends.
func TestTickerStopReset(t *testing.T) {
	start := time.Now()
	tk := time.NewTicker(time.Hour)
	tk.Stop()
	go func() {}()
	tk.Reset(time.Millisecond)
	<-tk.C
	if time.Since(start) >= time.Hour {
		t.Error("the old period")
	}
	tk.Stop()
}

// Go 1.23: no tick sent before Stop is received after it (one was in C,
// one waited to be sent), so the old way of draining blocks for good.
func TestTickerStopDrain(t *testing.T) {
	tk := time.NewTicker(time.Millisecond)
	time.Sleep(3 * time.Millisecond)
	tk.Stop()
	go func() {}()
	<-tk.C // want `deadlock: the test goroutine blocks forever receiving from a channel`
}

// Reset withdraws a waiting tick too; the next comes the new period
// after Reset.
func TestTickerResetWithdraws(t *testing.T) {
	tk := time.NewTicker(time.Millisecond)
	time.Sleep(3 * time.Millisecond)
	start := time.Now()
	tk.Reset(time.Second)
	go func() {}()
	<-tk.C
	if d := time.Since(start); d < time.Second || d >= time.Hour {
		t.Errorf("tick after %v", d)
	}
	tk.Stop()
}
