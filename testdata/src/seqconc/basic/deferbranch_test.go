package basic

import (
	"sync"
	"testing"
)

// branchCache locks in one case of a switch only; each case goes on to
// the same return, which runs what the case deferred.
type branchCache struct {
	mu sync.Mutex
	m  map[int]int
}

func (c *branchCache) get(k int, held bool) int {
	switch {
	case held: // the caller holds c.mu
	case k > 0:
		c.mu.Lock()
		defer c.mu.Unlock()
	default:
		return 0
	}
	return c.m[k]
}

func (c *branchCache) put(k, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = v // want `data race on c.m: .*\(0 preemptions\)`
}

// A caller that says it holds the lock and does not: its read races with
// the goroutine's write.
func TestDeferInCaseRace(t *testing.T) {
	c := &branchCache{m: map[int]int{}}
	done := make(chan bool)
	go func() {
		c.put(1, 1)
		done <- true
	}()
	_ = c.get(1, true)
	<-done
}

// The fixed twin: each get locks, and its deferred unlock runs at the
// return it shares with the case that locks nothing (once, the return was
// lowered before the case that defers and ran nothing: a false deadlock
// at the goroutine's put).
func TestDeferInCaseRaceFixed(t *testing.T) {
	c := &branchCache{m: map[int]int{}}
	done := make(chan bool)
	go func() {
		c.put(1, 1)
		done <- true
	}()
	_ = c.get(1, false)
	_ = c.get(2, false)
	<-done
}
