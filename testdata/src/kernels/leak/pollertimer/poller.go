// Package pollertimer: a poller on a time.Timer (stopped by a deferred // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// t.Stop(), a method with a result) sends each reading on an unbuffered
// channel outside its select: once the reader has stopped reading, the
// tick after it blocks the send forever, and close(stop) cannot reach it.
package pollertimer

import "time"

type Poller struct {
	every time.Duration
	out   chan int
	stop  chan struct{}
}

func NewPoller(every time.Duration) *Poller {
	return &Poller{every: every, out: make(chan int), stop: make(chan struct{})}
}

func (p *Poller) Run() {
	t := time.NewTimer(p.every)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-t.C:
			p.out <- n // want `goroutine leak: .*\(0 preemptions\)`
			t.Reset(p.every)
		case <-p.stop:
			return
		}
	}
}

type PollerFixed struct {
	every time.Duration
	out   chan int
	stop  chan struct{}
}

func NewPollerFixed(every time.Duration) *PollerFixed {
	return &PollerFixed{every: every, out: make(chan int), stop: make(chan struct{})}
}

func (p *PollerFixed) Run() {
	t := time.NewTimer(p.every)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-t.C:
			select { // fix: the send gives way to stop
			case p.out <- n:
			case <-p.stop:
				return
			}
			t.Reset(p.every)
		case <-p.stop:
			return
		}
	}
}
