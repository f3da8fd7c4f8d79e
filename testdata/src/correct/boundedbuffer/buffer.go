// Package boundedbuffer: a bounded buffer with two condition variables, each // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// waited on in a for loop and signalled after every state change.
package boundedbuffer

import "sync"

type Buffer struct {
	mu       sync.Mutex
	notFull  *sync.Cond
	notEmpty *sync.Cond
	items    []int
	cap      int
}

func New(capacity int) *Buffer {
	b := &Buffer{cap: capacity}
	b.notFull = sync.NewCond(&b.mu)
	b.notEmpty = sync.NewCond(&b.mu)
	return b
}

func (b *Buffer) Put(v int) {
	b.mu.Lock()
	for len(b.items) == b.cap {
		b.notFull.Wait()
	}
	b.items = append(b.items, v)
	b.mu.Unlock()
	b.notEmpty.Signal()
}

func (b *Buffer) Get() int {
	b.mu.Lock()
	for len(b.items) == 0 {
		b.notEmpty.Wait()
	}
	v := b.items[0]
	b.items = b.items[1:]
	b.mu.Unlock()
	b.notFull.Signal()
	return v
}
