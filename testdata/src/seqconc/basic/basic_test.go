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
	go func() { ch <- 1 }() // want `goroutine leak: goroutine 1 \(started at basic_test.go:30:2\) blocks forever sending on a channel at basic_test.go:30:17 after the test returned \(0 preemptions\)`
}

type Counter struct {
	mu sync.Mutex
	n  int
}

func TestRace(t *testing.T) {
	c := &Counter{}
	done := make(chan bool)
	go func() {
		c.n++ // want `data race on c.n: write at basic_test.go:45:4 by goroutine 0 and read at basic_test.go:42:5 by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	c.n++
	<-done
}

func TestNoRaceLocked(t *testing.T) {
	c := &Counter{}
	done := make(chan bool)
	go func() {
		c.mu.Lock()
		c.n++
		c.mu.Unlock()
		done <- true
	}()
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	<-done
}

func TestNoRaceHandoff(t *testing.T) {
	ch := make(chan *Counter)
	go func() {
		c := &Counter{}
		c.n = 1
		ch <- c
	}()
	c := <-ch
	c.n++
}
