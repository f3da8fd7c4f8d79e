package ledger

import (
	"sync"
	"testing"
)

// The deadlock is in guard.go, reached through Transfer's calls; it is
// reported where Transfer calls guard.With for the lock it waits for.
func TestTransfer(t *testing.T) {
	a, b := &Account{ID: 1, balance: 10}, &Account{ID: 2, balance: 10}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		Transfer(b, a, 3)
	}()
	Transfer(a, b, 5)
	wg.Wait()
}

func TestTransferFixed(t *testing.T) {
	a, b := &Account{ID: 1, balance: 10}, &Account{ID: 2, balance: 10}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		TransferFixed(b, a, 3)
	}()
	TransferFixed(a, b, 5)
	wg.Wait()
	if a.balance != 8 || b.balance != 12 {
		t.Errorf("balances %d and %d, want 8 and 12", a.balance, b.balance)
	}
}
