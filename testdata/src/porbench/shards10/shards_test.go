package shards10

import (
	"sync"
	"testing"
)

type shard struct {
	mu sync.Mutex
	n  int
}

func TestShards10(t *testing.T) {
	var shards [10]shard
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
