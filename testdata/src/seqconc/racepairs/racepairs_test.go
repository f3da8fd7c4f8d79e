package racepairs

import (
	"sync"
	"testing"
)

// TestRefill races Refill's write with Allow's read and write: at 0
// preemptions the write completes the race with both; the schedules that
// run Refill first (1 preemption) find the same pairs the other way round.
func TestRefill(t *testing.T) {
	l := &Limiter{tokens: 1, burst: 1}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.Refill()
	}()
	l.Allow()
	wg.Wait()
}

// TestTwoFields has two races, one per field.
func TestTwoFields(t *testing.T) {
	p := &Pair{}
	done := make(chan bool)
	go func() {
		p.x = 1 // want `data race on p.x: read at racepairs_test.go:32:8 by goroutine 0 and write at racepairs_test.go:28:5 by goroutine 1 \(0 preemptions\)`
		p.y = 1 // want `data race on p.y: read at racepairs_test.go:33:8 by goroutine 0 and write at racepairs_test.go:29:5 by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	_ = p.x
	_ = p.y
	<-done
}

// snapshot's goroutines read the named result while it returns: `return
// chans` stores chans into itself, which Go's compiler drops (no write for
// the race detector), and so does kiss.
func snapshot(n int) (chans []chan int) {
	chans = make([]chan int, n)
	var wg sync.WaitGroup
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func(i int) {
			chans[i] = make(chan int, 1)
			wg.Done()
			chans[i] <- i
			close(chans[i])
		}(i)
	}
	wg.Wait()
	return chans
}

func TestNamedResultReturned(t *testing.T) {
	sum := 0
	for _, c := range snapshot(2) {
		for v := range c {
			sum += v
		}
	}
	if sum != 1 {
		t.Fatal(sum)
	}
}
