package basic

import (
	"sync"
	"testing"
)

func TestABBA(t *testing.T) {
	x, y := &Account{bal: 10}, &Account{bal: 10}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		Transfer(x, y, 1)
	}()
	Transfer(y, x, 1)
	wg.Wait()
}

func TestChan(t *testing.T) {
	ch := make(chan int)
	go func() { ch <- 42 }()
	if v := <-ch; v != 42 {
		t.Errorf("got %d", v)
	}
}

func TestLeak(t *testing.T) {
	ch := make(chan int)
	go func() { ch <- 1 }()
}
