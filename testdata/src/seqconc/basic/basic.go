package basic // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`

import "sync"

type Account struct {
	mu  sync.Mutex
	bal int
}

func Transfer(a, b *Account, n int) {
	a.mu.Lock()
	b.mu.Lock() // want `deadlock: the test goroutine blocks forever locking a mutex at basic.go:12:11; goroutine 1 \(started at basic_test.go:12:2\) blocks forever locking a mutex at basic.go:12:11 \(1 preemption\)`
	a.bal -= n
	b.bal += n
	b.mu.Unlock()
	a.mu.Unlock()
}
