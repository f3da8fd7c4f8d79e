// Package guard runs functions under locks.
package guard

import (
	"sync"
	"time"
)

// With runs f while holding mu.
func With(mu *sync.Mutex, f func()) {
	mu.Lock()
	defer mu.Unlock()
	f()
}

// Both runs f while holding a and b, always locking them in the order of
// their ranks, so that two callers never wait for each other.
func Both(a *sync.Mutex, ra int, b *sync.Mutex, rb int, f func()) {
	if ra > rb {
		a, b = b, a
	}
	With(a, func() { With(b, f) })
}

// WaitFor runs f in a goroutine and waits for it at most d: when d passes
// first, the goroutine's send is never received.
func WaitFor(f func(), d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		f()
		done <- struct{}{}
	}()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}
