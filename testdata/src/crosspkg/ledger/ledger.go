// Package ledger moves money between accounts, locking both through // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// package guard. Transfer locks in argument order (two opposite transfers
// deadlock); TransferFixed locks by account id.
package ledger

import (
	"sync"

	"crosspkg/guard"
)

// Account is a balance under a lock.
type Account struct {
	ID      int
	mu      sync.Mutex
	balance int
}

// Transfer moves amount from a to b.
func Transfer(a, b *Account, amount int) {
	guard.With(&a.mu, func() {
		guard.With(&b.mu, func() { // want `deadlock: the test goroutine blocks forever locking a mutex at crosspkg/guard/guard.go:11:9; goroutine 1 \(started at ledger_test.go:17:2\) blocks forever locking a mutex at crosspkg/guard/guard.go:11:9 \(1 preemption\)`
			a.balance -= amount
			b.balance += amount
		})
	})
}

// TransferFixed moves amount from a to b.
func TransferFixed(a, b *Account, amount int) {
	guard.Both(&a.mu, a.ID, &b.mu, b.ID, func() {
		a.balance -= amount
		b.balance += amount
	})
}
