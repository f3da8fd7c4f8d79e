package splitsync

import (
	"sync"
	"testing"
)

// As in the paper, the scenario starts two threads and waits for them.
func TestSplitSync(t *testing.T) {
	r := &Resource{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); r.Increment() }()
	go func() { defer wg.Done(); r.Increment() }()
	wg.Wait()
	if got := r.Value(); got != 2 {
		t.Errorf("x = %d after two increments, want 2", got) // want `test failure: .*\(1 preemption\)`
	}
}

func TestSplitSyncFixed(t *testing.T) {
	r := &ResourceFixed{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); r.Increment() }()
	go func() { defer wg.Done(); r.Increment() }()
	wg.Wait()
	if got := r.Value(); got != 2 {
		t.Errorf("x = %d after two increments, want 2", got)
	}
}
