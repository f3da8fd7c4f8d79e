package synctestbubble

import (
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// Time passes in the bubble only when every goroutine is blocked: the
// debounced call has not run 5ms after the last trigger, and has run
// once 10ms after it. Test returns after the timer has fired.
func TestDebounce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var calls atomic.Int32
		db := NewDebounce(10*time.Millisecond, func() { calls.Add(1) })
		db.Trigger(10 * time.Millisecond)
		time.Sleep(5 * time.Millisecond)
		db.Trigger(10 * time.Millisecond)
		time.Sleep(5 * time.Millisecond)
		synctest.Wait()
		if calls.Load() != 0 {
			t.Errorf("called %d times before the quiet period", calls.Load())
		}
		time.Sleep(10 * time.Millisecond)
		synctest.Wait()
		if calls.Load() != 1 {
			t.Errorf("called %d times after it", calls.Load())
		}
	})
}

// The bubble's clock stops when its main goroutine returns: a goroutine
// still asleep then is the bubble's deadlock, as one blocked is.
func TestSleeperLeft(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { // want `panic: deadlock: main bubble goroutine has exited but blocked goroutines remain`
		go func() {
			time.Sleep(time.Hour)
		}()
	})
}

// A ticker's receiver left behind: the bubble's deadlock, and its clock
// stays stopped after it, so the ticker never fires (cmd/kiss's
// TestStdBubbleDeadlock checks the same of std's TestDeadlockTicker,
// which recovers the panic).
func TestTickerLeft(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { // want `panic: deadlock: main bubble goroutine has exited but blocked goroutines remain`
		go func() {
			for range time.Tick(time.Second) {
				t.Errorf("ticked")
				return
			}
		}()
	})
}

// Waited for: the hour passes while the test's goroutine is blocked too.
func TestSleeperLeftFixed(t *testing.T) {
	var done atomic.Bool
	synctest.Test(t, func(t *testing.T) {
		finished := make(chan struct{})
		go func() {
			time.Sleep(time.Hour)
			done.Store(true)
			close(finished)
		}()
		<-finished
	})
	if !done.Load() {
		t.Error("synctest.Test returned before its goroutine")
	}
}

// What a goroutine did before it blocked happens before synctest.Wait
// returns, as in Go: no race on n.
func TestWaitHappensBefore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := 0
		block := make(chan struct{})
		go func() {
			n++
			<-block
		}()
		synctest.Wait()
		n++
		close(block)
	})
}

// Without Wait, the two writes race.
func TestNoWaitRace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := 0
		block := make(chan struct{})
		go func() {
			n++ // want `data race on n`
			<-block
		}()
		n++
		close(block)
	})
}

// Every goroutine of the bubble blocked on its channels: Go's synctest
// panics where the test called Test, and the test fails (it does not
// hang, which a deadlock finding would have replay look for).
func TestBubbleBlocked(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { // want `panic: deadlock: all goroutines in bubble are blocked \(0 preemptions\)`
		results := make(chan int)
		done := make(chan struct{})
		go func() {
			<-done
			results <- 1
		}()
		<-results
		close(done)
	})
}

// Fixed: done is closed first.
func TestBubbleBlockedFixed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		results := make(chan int)
		done := make(chan struct{})
		go func() {
			<-done
			results <- 1
		}()
		close(done)
		<-results
	})
}

// A goroutine blocked on a mutex is not durably blocked: the bubble does
// not panic, and the test hangs, a deadlock.
func TestBubbleMutexBlocked(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { // want `deadlock: the test goroutine blocks forever in t.Run`
		var mu sync.Mutex
		results := make(chan int)
		go func() {
			mu.Lock()
			results <- 1
			mu.Unlock()
		}()
		time.Sleep(time.Millisecond)
		mu.Lock()
		<-results
	})
}
