package p

import (
	"sync"
	"testing"
)

func TestDeposit(t *testing.T) {
	var a Account
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Deposit(1) }()
	go func() { defer wg.Done(); a.Deposit(2) }()
	if a.Balance() > 3 {
		t.Error("too much")
	}
	wg.Wait()
}

func TestTransfer(t *testing.T) {
	var a, b Account
	done := make(chan bool)
	go func() { Transfer(&a, &b, 1); done <- true }()
	Transfer(&b, &a, 1)
	<-done
}

func TestSub(t *testing.T) {
	ch := make(chan int, 1)
	t.Run("send", func(t *testing.T) { ch <- 1 })
	for v := range ch {
		if v != 1 {
			t.Fatal(v)
		}
		close(ch)
	}
}

// Both goroutines may see the channel open and close it.
func TestClose(t *testing.T) {
	ch := make(chan int)
	var mu sync.Mutex
	closed := false
	shut := func() {
		mu.Lock()
		c := closed
		mu.Unlock()
		if !c {
			close(ch)
			mu.Lock()
			closed = true
			mu.Unlock()
		}
	}
	go shut()
	shut()
}
