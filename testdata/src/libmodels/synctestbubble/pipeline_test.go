package synctestbubble

import (
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
