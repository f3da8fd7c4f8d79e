// Package guard runs functions under locks.
package guard

import "sync"

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
