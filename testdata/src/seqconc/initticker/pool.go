// Package initticker: a package variable starts goroutines that run for
// the life of the process, as a pool's purger does (ants' default pool):
// a ticker goroutine, and a purger that tells idle workers to quit. Once
// a test has returned and its own goroutines are gone, the path ends: the
// package's goroutines would otherwise tick on for ever after each test,
// and no root would finish.
package initticker

import (
	"sync"
	"sync/atomic"
	"time"
)

var ticks atomic.Int64

var defaultPool = newPool(time.Second)

type pool struct {
	mu   sync.Mutex
	idle []chan func()
}

func newPool(expiry time.Duration) *pool {
	p := &pool{}
	go func() {
		t := time.NewTicker(500 * time.Millisecond)
		for range t.C {
			ticks.Add(1)
		}
	}()
	go p.purge(expiry)
	return p
}

// purge tells the idle workers to quit, every expiry.
func (p *pool) purge(expiry time.Duration) {
	t := time.NewTicker(expiry)
	for range t.C {
		p.mu.Lock()
		idle := p.idle
		p.idle = nil
		p.mu.Unlock()
		for _, w := range idle {
			close(w)
		}
	}
}

// Submit runs f on an idle worker, or a new one, which waits for more work
// until the purger tells it to quit.
func Submit(f func()) {
	p := defaultPool
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		w <- f
		return
	}
	p.mu.Unlock()
	w := make(chan func(), 1)
	w <- f
	go func() {
		for f := range w {
			f()
			p.mu.Lock()
			p.idle = append(p.idle, w)
			p.mu.Unlock()
		}
	}()
}
