// Package syncpool: buffers shared through a sync.Pool. A buffer Put // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// back is handed to the next Get, in another goroutine: Put happens
// before that Get, so using a buffer between Get and Put is safe, and
// using it after Put races with its next owner.
package syncpool

import "sync"

// Buffer is a scratch buffer.
type Buffer struct {
	data []byte
}

var buffers = sync.Pool{New: func() any { return new(Buffer) }}

// Render fills a pooled buffer and returns its length.
func Render(s string) int {
	b := buffers.Get().(*Buffer)
	b.data = append(b.data[:0], s...)
	n := len(b.data)
	buffers.Put(b)
	return n
}

// RenderLeaky keeps writing the buffer after it went back to the pool:
// the next owner's use races with that write.
func RenderLeaky(s string) int {
	b := buffers.Get().(*Buffer)
	b.data = append(b.data[:0], s...) // want `data race on data: write at syncpool.go:31:4 by goroutine 1 and read .*\(0 preemptions\)` `data race on data: write at syncpool.go:31:4 by goroutine 1 and write .*\(0 preemptions\)`
	buffers.Put(b)
	b.data = b.data[:0] // want `data race on data: write at syncpool.go:31:4 by goroutine 1 and read .*\(0 preemptions\)` `data race on data: write at syncpool.go:31:4 by goroutine 1 and write .*\(0 preemptions\)`
	return len(s)
}
