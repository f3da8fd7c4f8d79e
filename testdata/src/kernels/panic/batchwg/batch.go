// Package batchwg: negative WaitGroup counter through a missing return. A // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// batch worker that finds the context cancelled marks itself done, but falls
// through and marks itself done again after handling its item.
package batchwg

import (
	"context"
	"sync"
)

type Batch struct {
	mu      sync.Mutex
	handled []string
	skipped int
}

func (b *Batch) handle(item string) {
	b.mu.Lock()
	b.handled = append(b.handled, item)
	b.mu.Unlock()
}

func (b *Batch) process(ctx context.Context, item string, wg *sync.WaitGroup) {
	select {
	case <-ctx.Done():
		b.mu.Lock()
		b.skipped++
		b.mu.Unlock()
		wg.Done() // want `panic: .*\(0 preemptions\)`
		// bug: missing return
	default:
	}
	b.handle(item)
	wg.Done()
}

func (b *Batch) Run(ctx context.Context, items []string) {
	var wg sync.WaitGroup
	wg.Add(len(items))
	for _, it := range items {
		go b.process(ctx, it, &wg)
	}
	wg.Wait()
}

type BatchFixed struct {
	mu      sync.Mutex
	handled []string
	skipped int
}

func (b *BatchFixed) handle(item string) {
	b.mu.Lock()
	b.handled = append(b.handled, item)
	b.mu.Unlock()
}

func (b *BatchFixed) process(ctx context.Context, item string, wg *sync.WaitGroup) {
	select {
	case <-ctx.Done():
		b.mu.Lock()
		b.skipped++
		b.mu.Unlock()
		wg.Done()
		return // fix
	default:
	}
	b.handle(item)
	wg.Done()
}

func (b *BatchFixed) Run(ctx context.Context, items []string) {
	var wg sync.WaitGroup
	wg.Add(len(items))
	for _, it := range items {
		go b.process(ctx, it, &wg)
	}
	wg.Wait()
}
