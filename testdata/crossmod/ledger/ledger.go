// Package ledger moves money between accounts, locking both through
// package guard. Transfer locks in argument order (two opposite transfers
// deadlock); TransferFixed locks by account id.
package ledger

import (
	"sync"

	"example.com/crossmod/guard"
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
		guard.With(&b.mu, func() {
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
