// Package debounceafterfunc: the function of time.AfterFunc runs on a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// goroutine of its own; the debouncer's callback counts without the lock
// that Fired reads under.
package debounceafterfunc

import (
	"sync"
	"time"
)

type Debouncer struct {
	mu    sync.Mutex
	wait  time.Duration
	t     *time.Timer
	fired int
}

func (d *Debouncer) Trigger() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.t != nil {
		d.t.Stop()
	}
	d.t = time.AfterFunc(d.wait, func() {
		d.fired++
	})
}

func (d *Debouncer) Fired() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.fired // want `data race .*\(0 preemptions\)`
}

type DebouncerFixed struct {
	mu    sync.Mutex
	wait  time.Duration
	t     *time.Timer
	fired int
}

func (d *DebouncerFixed) Trigger() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.t != nil {
		d.t.Stop()
	}
	d.t = time.AfterFunc(d.wait, func() {
		d.mu.Lock() // fix: count under the lock
		d.fired++
		d.mu.Unlock()
	})
}

func (d *DebouncerFixed) Fired() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.fired
}
