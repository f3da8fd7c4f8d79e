package leaseclock

import (
	"testing"
	"time"
)

func TestLeaseExpires(t *testing.T) {
	l := New(50 * time.Millisecond)
	done := make(chan bool)
	go func() {
		time.Sleep(50 * time.Millisecond)
		done <- l.Expired()
	}()
	if !<-done {
		t.Error("the lease has not expired after its time")
	}
}
