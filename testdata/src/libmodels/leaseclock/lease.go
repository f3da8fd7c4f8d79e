// Package leaseclock: a lease that expires at a time.Now-based deadline, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// checked by a goroutine that slept exactly the lease's length. Outside a
// testing/synctest bubble real time passes while code runs, so the clock
// then reads past the deadline: the test passes under go test. kiss once
// read the clock exactly (no time between readings but sleeps), and so
// did replay in its bubble: a failure go test never shows.
package leaseclock

import (
	"sync"
	"time"
)

type Lease struct {
	mu      sync.Mutex
	expires time.Time
}

func New(d time.Duration) *Lease { return &Lease{expires: time.Now().Add(d)} }

func (l *Lease) Expired() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return time.Now().After(l.expires)
}
