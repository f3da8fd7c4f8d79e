package stacktrace

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Each goroutine sees its own value: the ids differ, and the lock orders
// the map's writes.
func TestLocal(t *testing.T) {
	var l Local
	var wg sync.WaitGroup
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.Set(i)
			if got := l.Get(); got != i {
				t.Errorf("goroutine %d got %d", i, got)
			}
		}()
	}
	wg.Wait()
}

// Without the lock, two goroutines race on the map.
func TestUnsafeLocal(t *testing.T) {
	var l Local
	var wg sync.WaitGroup
	for i := 1; i <= 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.UnsafeSet(i)
		}()
	}
	wg.Wait()
}

// Panics of several goroutines are recovered with their traces, each
// message kept and counted: the test passes.
func TestGuardedPanics(t *testing.T) {
	const n = 4
	var panics atomic.Int32
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := Guard(func() { panic("boom") })
			if err == nil || !strings.HasPrefix(err.Error(), "boom\n\n") {
				t.Errorf("err = %v", err)
				return
			}
			panics.Add(1)
		}()
	}
	wg.Wait()
	if got := panics.Load(); got != n {
		t.Errorf("%d panics recovered, want %d", got, n)
	}
}
