package p_test

import (
	"testing"
	"time"
)

// The poller waits for ticks that stop coming once the ticker is stopped.
func TestTickerPoller(t *testing.T) {
	tk := time.NewTicker(time.Millisecond)
	done := make(chan bool)
	go func() {
		n := 0
		for range tk.C {
			n++
			if n == 2 {
				done <- true
			}
		}
	}()
	<-done
	tk.Stop()
}
