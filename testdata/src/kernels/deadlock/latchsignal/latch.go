// Package latchsignal: condition variable, Signal instead of Broadcast. The // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// start latch releases every waiting worker when it opens, but Open wakes
// only one waiter; the other parks forever.
package latchsignal

import "sync"

type Latch struct {
	mu   sync.Mutex
	cond *sync.Cond
	open bool
}

func NewLatch() *Latch {
	l := &Latch{}
	l.cond = sync.NewCond(&l.mu)
	return l
}

func (l *Latch) Await() {
	l.mu.Lock()
	for !l.open {
		l.cond.Wait()
	}
	l.mu.Unlock()
}

func (l *Latch) Open() {
	l.mu.Lock()
	l.open = true
	l.mu.Unlock()
	l.cond.Signal() // bug: wakes one waiter
}

type LatchFixed struct {
	mu   sync.Mutex
	cond *sync.Cond
	open bool
}

func NewLatchFixed() *LatchFixed {
	l := &LatchFixed{}
	l.cond = sync.NewCond(&l.mu)
	return l
}

func (l *LatchFixed) Await() {
	l.mu.Lock()
	for !l.open {
		l.cond.Wait()
	}
	l.mu.Unlock()
}

func (l *LatchFixed) Open() {
	l.mu.Lock()
	l.open = true
	l.mu.Unlock()
	l.cond.Broadcast() // fix: the state change concerns every waiter
}
