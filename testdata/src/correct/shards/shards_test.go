// Package shards: goroutines that each update a shard. A // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// of their own under its own lock, then call wg.Done on one WaitGroup. Their Done calls
// commute while the counter stays at two or more, so the reduction
// explores one order of them (see analyzer's TestCounterUpdatesCommute).
package shards

import (
	"sync"
	"testing"
)

type shard struct {
	mu sync.Mutex
	n  int
}

func TestShards(t *testing.T) {
	var shards [5]shard
	var wg sync.WaitGroup
	for i := range shards {
		wg.Add(1)
		go func(s *shard) {
			defer wg.Done()
			s.mu.Lock()
			s.n++
			s.mu.Unlock()
		}(&shards[i])
	}
	wg.Wait()
	for i := range shards {
		if shards[i].n != 1 {
			t.Errorf("shard %d updated %d times", i, shards[i].n)
		}
	}
}
