// Package prefetchcancel: a receiver abandoned after cancellation. Run feeds // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// keys to a warming goroutine and returns when its context is cancelled, but
// only the normal path closes the channel, so the warmer waits forever.
package prefetchcancel

import (
	"context"
	"sync"
)

type Prefetcher struct {
	keys chan string

	mu     sync.Mutex
	warmed map[string]bool
}

func NewPrefetcher() *Prefetcher {
	return &Prefetcher{keys: make(chan string), warmed: make(map[string]bool)}
}

func (p *Prefetcher) warm() {
	for k := range p.keys { // want `goroutine leak: .*\(0 preemptions\)`
		p.mu.Lock()
		p.warmed[k] = true
		p.mu.Unlock()
	}
}

func (p *Prefetcher) Run(ctx context.Context, keys []string) error {
	go p.warm()
	for _, k := range keys {
		select {
		case p.keys <- k:
		case <-ctx.Done():
			return ctx.Err() // bug: p.keys stays open, warm never returns
		}
	}
	close(p.keys)
	return nil
}

type PrefetcherFixed struct {
	keys chan string

	mu     sync.Mutex
	warmed map[string]bool
}

func NewPrefetcherFixed() *PrefetcherFixed {
	return &PrefetcherFixed{keys: make(chan string), warmed: make(map[string]bool)}
}

func (p *PrefetcherFixed) warm() {
	for k := range p.keys {
		p.mu.Lock()
		p.warmed[k] = true
		p.mu.Unlock()
	}
}

func (p *PrefetcherFixed) Run(ctx context.Context, keys []string) error {
	go p.warm()
	defer close(p.keys) // fix: the consumer ends on every path
	for _, k := range keys {
		select {
		case p.keys <- k:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
