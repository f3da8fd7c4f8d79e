// Package benchcache: a cache whose Get counts hits outside its lock, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// found by a parallel benchmark (b.Run per size, b.RunParallel inside, as
// benchmarks are written). kiss runs a benchmark once with b.N = 1 and the
// body of RunParallel on two goroutines; replay runs it the same way
// (-test.benchtime=1x).
package benchcache

import (
	"sync"
	"sync/atomic"
)

type Cache struct {
	mu   sync.Mutex
	m    map[int]int
	hits int
}

func New(n int) *Cache {
	c := &Cache{m: map[int]int{}}
	for i := range n {
		c.m[i] = i * i
	}
	return c
}

func (c *Cache) Get(k int) (int, bool) {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		c.hits++ // want `data race on .*hits: .*\(0 preemptions\)`
	}
	return v, ok
}

type CacheFixed struct {
	mu   sync.Mutex
	m    map[int]int
	hits atomic.Int64
}

func NewFixed(n int) *CacheFixed {
	c := &CacheFixed{m: map[int]int{}}
	for i := range n {
		c.m[i] = i * i
	}
	return c
}

func (c *CacheFixed) Get(k int) (int, bool) {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		c.hits.Add(1) // fix: an atomic counter
	}
	return v, ok
}
