package basic

import "sync"

type Account struct {
	mu  sync.Mutex
	bal int
}

func Transfer(a, b *Account, n int) {
	a.mu.Lock()
	b.mu.Lock()
	a.bal -= n
	b.bal += n
	b.mu.Unlock()
	a.mu.Unlock()
}
