// Package ring is a generic FIFO buffer, as real modules keep one in an
// internal package: Buffer is not safe for concurrent use, Locked is.
package ring

import "sync"

// Buffer is a FIFO of T. Its methods must not run concurrently.
type Buffer[T any] struct {
	items []T
}

// New returns an empty buffer with room for n items.
func New[T any](n int) *Buffer[T] { return &Buffer[T]{items: make([]T, 0, n)} }

// Push appends v.
func (b *Buffer[T]) Push(v T) { b.items = append(b.items, v) }

// Pop removes and returns the oldest item, false when empty.
func (b *Buffer[T]) Pop() (T, bool) {
	var zero T
	if len(b.items) == 0 {
		return zero, false
	}
	v := b.items[0]
	b.items = b.items[1:]
	return v, true
}

// Len is the number of items.
func (b *Buffer[T]) Len() int { return len(b.items) }

// Locked is a Buffer behind a mutex.
type Locked[T any] struct {
	mu  sync.Mutex
	buf Buffer[T]
}

// Push appends v.
func (l *Locked[T]) Push(v T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf.Push(v)
}

// Len is the number of items.
func (l *Locked[T]) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Len()
}
