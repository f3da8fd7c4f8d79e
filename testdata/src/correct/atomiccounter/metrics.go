// Package atomiccounter: request metrics kept with sync/atomic, both the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// function style (atomic.AddInt64 on a plain int64) and the typed atomics,
// with a compare-and-swap loop for the maximum.
package atomiccounter

import "sync/atomic"

type Metrics struct {
	bytes    int64 // accessed only through atomic.AddInt64/LoadInt64
	requests atomic.Int64
	maxSize  atomic.Int64
}

func (m *Metrics) Observe(size int64) {
	m.requests.Add(1)
	atomic.AddInt64(&m.bytes, size)
	for {
		cur := m.maxSize.Load()
		if size <= cur || m.maxSize.CompareAndSwap(cur, size) {
			return
		}
	}
}

func (m *Metrics) Snapshot() (requests, bytes, maxSize int64) {
	return m.requests.Load(), atomic.LoadInt64(&m.bytes), m.maxSize.Load()
}
