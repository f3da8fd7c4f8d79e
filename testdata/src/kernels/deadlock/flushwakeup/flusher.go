// Package flushwakeup: condition variable, lost wake-up. WaitFlushed waits on // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the condition without a predicate; if the flusher broadcasts before the
// caller reaches Wait, the notification is lost and the caller sleeps forever.
package flushwakeup

import "sync"

type Flusher struct {
	mu      sync.Mutex
	cond    *sync.Cond
	pending []string
	written []string
}

func NewFlusher() *Flusher {
	f := &Flusher{}
	f.cond = sync.NewCond(&f.mu)
	return f
}

func (f *Flusher) Write(line string) {
	f.mu.Lock()
	f.pending = append(f.pending, line)
	f.mu.Unlock()
}

// Flush moves pending lines to storage and wakes the waiters.
func (f *Flusher) Flush() {
	f.mu.Lock()
	f.written = append(f.written, f.pending...)
	f.pending = nil
	f.mu.Unlock()
	f.cond.Broadcast()
}

// WaitFlushed blocks until the next flush.
func (f *Flusher) WaitFlushed() {
	f.mu.Lock()
	f.cond.Wait() // want `deadlock: .*\(1 preemption\)`
	f.mu.Unlock()
}

type FlusherFixed struct {
	mu      sync.Mutex
	cond    *sync.Cond
	pending []string
	written []string
}

func NewFlusherFixed() *FlusherFixed {
	f := &FlusherFixed{}
	f.cond = sync.NewCond(&f.mu)
	return f
}

func (f *FlusherFixed) Write(line string) {
	f.mu.Lock()
	f.pending = append(f.pending, line)
	f.mu.Unlock()
}

func (f *FlusherFixed) Flush() {
	f.mu.Lock()
	f.written = append(f.written, f.pending...)
	f.pending = nil
	f.mu.Unlock()
	f.cond.Broadcast()
}

// WaitFlushed waits for a state (nothing pending), not for an event.
func (f *FlusherFixed) WaitFlushed() {
	f.mu.Lock()
	for len(f.pending) > 0 {
		f.cond.Wait()
	}
	f.mu.Unlock()
}
