// Package pubsub: a broker with subscribers. Publish holds the read lock // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// while it delivers, which is safe because subscribers only receive and never
// take the broker's lock; Close takes the write lock, so it waits for every
// Publish in flight before closing the subscriber channels.
package pubsub

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("broker closed")

type Broker struct {
	mu     sync.RWMutex
	subs   []chan string
	closed bool
}

func (b *Broker) Subscribe() <-chan string {
	b.mu.Lock()
	defer b.mu.Unlock()
	ch := make(chan string, 1)
	b.subs = append(b.subs, ch)
	return ch
}

func (b *Broker) Publish(msg string) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		return ErrClosed
	}
	for _, ch := range b.subs {
		ch <- msg
	}
	return nil
}

func (b *Broker) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	for _, ch := range b.subs {
		close(ch)
	}
}
