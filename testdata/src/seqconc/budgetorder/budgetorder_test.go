// Package budgetorder has roots of one goroutine that lock a mutex of their
// own before a root that starts a second goroutine: with the package's
// budget used up, the concurrent root is the one checked.
package budgetorder

import (
	"sync"
	"testing"
)

func TestOwnLock1(t *testing.T) {
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
}

func TestOwnLock2(t *testing.T) {
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
}

func TestTwoGoroutines(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	<-done
}
