// Package atomicnil: an atomic operation on a nil address panics with Go's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// nil dereference, which a deferred recover can take.
package atomicnil

import "sync/atomic"

// Hits counts into c, or into nowhere when c is nil: a nil c panics.
func Hits(c *atomic.Int64, n int) {
	for range n {
		c.Add(1) // want `panic: runtime error: invalid memory address or nil pointer dereference \(0 preemptions\)`
	}
}

// Safe reports whether f returned without a panic.
func Safe(f func()) (ok bool) {
	defer func() { ok = recover() == nil }()
	f()
	return true
}
