// Package stripes: a map sharded by hash/maphash, with a striped hit // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// counter whose stripe comes from the runtime's cheaprand, reached with
// //go:linkname as puzpuzpuz/xsync does. kiss hashes with a seed of its
// own and draws cheaprand from a generator of its own: before, every
// path stopped at maphash's runtime_memhash or at cheaprand.
package stripes

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
	_ "unsafe"
)

//go:linkname cheaprand runtime.cheaprand
func cheaprand() uint32

type shard struct {
	mu sync.Mutex
	m  map[string]int
}

type Map struct {
	seed   maphash.Seed
	shards [4]shard
	hits   [4]atomic.Int64
}

func New() *Map {
	m := &Map{seed: maphash.MakeSeed()}
	for i := range m.shards {
		m.shards[i].m = map[string]int{}
	}
	return m
}

func (m *Map) shard(k string) *shard {
	m.hits[cheaprand()%4].Add(1)
	return &m.shards[maphash.String(m.seed, k)%4]
}

func (m *Map) Put(k string, v int) {
	s := m.shard(k)
	s.mu.Lock()
	s.m[k] = v // want `data race on m: read at stripes.go:58:21 by goroutine 0 and write at stripes.go:45:5 by goroutine 1`
	s.mu.Unlock()
}

func (m *Map) Get(k string) int {
	s := m.shard(k)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[k]
}

// Peek reads without the shard's lock.
func (m *Map) Peek(k string) int {
	return m.shard(k).m[k]
}
