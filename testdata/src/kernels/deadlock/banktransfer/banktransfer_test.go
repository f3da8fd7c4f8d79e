package banktransfer

import (
	"sync"
	"testing"
)

func TestTransferDeadlock(t *testing.T) {
	alice, bob := NewAccount(1, 100), NewAccount(2, 100)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = Transfer(alice, bob, 30)
	}()
	_ = Transfer(bob, alice, 20)
	wg.Wait()
	if sum := alice.Balance() + bob.Balance(); sum != 200 {
		t.Errorf("money not conserved: %d", sum)
	}
}

func TestTransferDeadlockFixed(t *testing.T) {
	alice, bob := NewAccountFixed(1, 100), NewAccountFixed(2, 100)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = TransferFixed(alice, bob, 30)
	}()
	_ = TransferFixed(bob, alice, 20)
	wg.Wait()
	if sum := alice.Balance() + bob.Balance(); sum != 200 {
		t.Errorf("money not conserved: %d", sum)
	}
}
