package logdeadlock

import (
	"log"
	"sync"
	"testing"
)

func TestOppositeTransfers(t *testing.T) {
	a, b := &Account{id: 1, balance: 10}, &Account{id: 2, balance: 10}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); Transfer(a, b, 1) }()
	go func() { defer wg.Done(); Transfer(b, a, 1) }()
	wg.Wait() // want `deadlock: .*blocks forever locking a mutex at logdeadlock.go:24:\d+.*\(1 preemption\)`
}

func TestOppositeTransfersFixed(t *testing.T) {
	a, b := &Account{id: 1, balance: 10}, &Account{id: 2, balance: 10}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); TransferFixed(a, b, 1) }()
	go func() { defer wg.Done(); TransferFixed(b, a, 1) }()
	wg.Wait()
	if a.balance != 10 || b.balance != 10 {
		t.Errorf("balances %d and %d, want 10 and 10", a.balance, b.balance)
	}
}

// The logger's lock orders the two log calls (it hides a race only when
// the writer's call comes first): here the test logs first, then reads
// the flag the worker writes before logging.
func TestLogOrders(t *testing.T) {
	ready := false
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		ready = true // want `data race on ready.*\(0 preemptions\)`
		log.Println("worker ready")
	}()
	log.Println("test waiting")
	_ = ready
	wg.Wait()
}
