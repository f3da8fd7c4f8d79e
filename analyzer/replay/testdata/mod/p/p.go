// Package p is the package FuzzPrepare instruments: a little of each
// operation replay hooks.
package p

import (
	"sync"
	"sync/atomic"
	"time"
)

type Account struct {
	mu      sync.Mutex
	balance int
	hits    atomic.Int64
}

func (a *Account) Deposit(n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.balance += n
	a.hits.Add(1)
}

// Balance reads without the lock: a race with Deposit.
func (a *Account) Balance() int { return a.balance }

// Transfer locks both accounts in argument order: a deadlock when two
// transfers go opposite ways.
func Transfer(from, to *Account, n int) {
	from.mu.Lock()
	to.mu.Lock()
	from.balance -= n
	to.balance += n
	to.mu.Unlock()
	from.mu.Unlock()
}

// First returns the first result, or 0 after d; the other sender leaks.
func First(d time.Duration, fs ...func() int) int {
	ch := make(chan int)
	for _, f := range fs {
		go func() { ch <- f() }()
	}
	select {
	case v := <-ch:
		return v
	case <-time.After(d):
		return 0
	}
}
