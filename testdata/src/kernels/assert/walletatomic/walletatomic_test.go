package walletatomic

import (
	"sync"
	"testing"
)

func TestWalletDoubleSpend(t *testing.T) {
	w := NewWallet(100)
	var wg sync.WaitGroup
	var ok1, ok2 bool
	wg.Add(1)
	go func() {
		defer wg.Done()
		ok1 = w.Withdraw(60)
	}()
	ok2 = w.Withdraw(60)
	wg.Wait()
	if ok1 && ok2 {
		t.Errorf("both withdrawals of 60 from 100 succeeded") // want `test failure: .*\(1 preemption\)`
	}
}

func TestWalletDoubleSpendFixed(t *testing.T) {
	w := NewWalletFixed(100)
	var wg sync.WaitGroup
	var ok1, ok2 bool
	wg.Add(1)
	go func() {
		defer wg.Done()
		ok1 = w.Withdraw(60)
	}()
	ok2 = w.Withdraw(60)
	wg.Wait()
	if ok1 && ok2 {
		t.Errorf("both withdrawals of 60 from 100 succeeded")
	}
}
