package pollertimer

import (
	"testing"
	"time"
)

func TestPollerStop(t *testing.T) {
	p := NewPoller(10 * time.Millisecond)
	go p.Run()
	if n := <-p.out; n != 1 {
		t.Errorf("first reading %d", n)
	}
	time.Sleep(25 * time.Millisecond) // the caller does other work
	close(p.stop)
}

func TestPollerStopFixed(t *testing.T) {
	p := NewPollerFixed(10 * time.Millisecond)
	go p.Run()
	if n := <-p.out; n != 1 {
		t.Errorf("first reading %d", n)
	}
	time.Sleep(25 * time.Millisecond)
	close(p.stop)
}
