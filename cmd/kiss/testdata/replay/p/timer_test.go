package p_test

import (
	"sync"
	"testing"
	"time"
)

// The AfterFunc unlocks mu once; the test unlocks it twice more.
func TestAfterFuncUnlock(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool)
	mu.Lock()
	time.AfterFunc(10*time.Millisecond, func() {
		mu.Unlock()
		done <- true
	})
	mu.Lock()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Error("timed out")
	}
	mu.Unlock()
	time.Sleep(time.Millisecond)
	mu.Unlock()
}
