package ledger

import (
	"sync"
	"testing"
	"time"

	"crosspkg/guard"
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

// The goroutine guard.WaitFor starts leaks when its deadline passes first:
// reported where the test calls WaitFor, the goroutine having no call of
// the package's own.
func TestWaitForLeaks(t *testing.T) {
	guard.WaitFor(func() { // want `goroutine leak: goroutine 1 \(started at crosspkg/guard/guard.go:\d+:\d+\) blocks forever sending on a channel at crosspkg/guard/guard.go:\d+:\d+ after the test returned \(0 preemptions\)`
		time.Sleep(time.Second)
	}, time.Millisecond)
}
