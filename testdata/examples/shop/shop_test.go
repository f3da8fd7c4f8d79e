package shop

import (
	"sync"
	"testing"
)

func TestRebalance(t *testing.T) {
	a, b := NewStock(), NewStock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		Move(a, b, "apple", 1)
	}()
	Move(b, a, "pear", 1)
	wg.Wait()
}

func TestSales(t *testing.T) {
	s := NewStock()
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.RecordSale()
		}()
	}
	wg.Wait()
}

func TestLookupCancelled(t *testing.T) {
	s := NewStock()
	done := make(chan struct{})
	close(done)
	s.Lookup("apple", done)
}

func TestCloseTwice(t *testing.T) {
	c := &Closer{ch: make(chan struct{})}
	var wg sync.WaitGroup
	wg.Add(2)
	for i := 0; i < 2; i++ {
		go func() {
			defer wg.Done()
			c.Close()
		}()
	}
	wg.Wait()
}
