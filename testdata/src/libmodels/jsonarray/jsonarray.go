// Package jsonarray: a frame of 60,000 pixels encoded with encoding/json. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// The model reads an array of numbers as one range, not element by
// element: reflect's own tests hold arrays of a million elements, and
// unrolled reads made every program of such a package gigabytes large.
package jsonarray

import (
	"encoding/json"
	"sync"
)

type Frame struct {
	mu     sync.Mutex
	Seq    int
	Pixels [60000]uint8
}

// Set changes a pixel under the lock.
func (f *Frame) Set(i int, v uint8) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Pixels[i] = v // want `data race on f\.Pixels\[i\]: read at jsonarray.go:27:22 by goroutine 0 and write at jsonarray.go:22:10 by goroutine 1 \(0 preemptions\)`
}

// Encode encodes the frame without the lock: a Set beside it races.
func (f *Frame) Encode() []byte {
	b, _ := json.Marshal(f)
	return b
}

// EncodeLocked encodes it under the lock.
func (f *Frame) EncodeLocked() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, _ := json.Marshal(f)
	return b
}
