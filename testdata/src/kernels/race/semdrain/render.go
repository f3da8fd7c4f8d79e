// Package semdrain: a bounded-parallel loop that does not wait for its last // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// workers. Render renders every page with at most `parallel` renders in
// flight, a semaphore channel taken before each goroutine starts and given
// back as it ends. It returns the count of pages rendered once the loop has
// started the last one, without waiting for the renders still in flight: the
// read of the count races with the last writer. The test renders more pages
// than kiss's cap of 64 goroutines, one at a time beside the loop: found
// only because a goroutine started after others exited takes the place of
// one.
package semdrain

import "sync"

type Renderer struct {
	parallel int
	mu       sync.Mutex
	done     int
}

func NewRenderer(parallel int) *Renderer { return &Renderer{parallel: parallel} }

func (r *Renderer) page(i int) {
	r.mu.Lock()
	r.done++ // want `data race.*\(0 preemptions\)`
	r.mu.Unlock()
}

// Render renders pages 0..n-1 and returns how many were rendered.
func (r *Renderer) Render(n int) int {
	sem := make(chan struct{}, r.parallel)
	for i := 0; i < n; i++ {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			r.page(i)
		}()
	}
	// bug: the last renders may still be running
	return r.done
}

type RendererFixed struct {
	parallel int
	mu       sync.Mutex
	done     int
}

func NewRendererFixed(parallel int) *RendererFixed { return &RendererFixed{parallel: parallel} }

func (r *RendererFixed) page(i int) {
	r.mu.Lock()
	r.done++
	r.mu.Unlock()
}

func (r *RendererFixed) Render(n int) int {
	sem := make(chan struct{}, r.parallel)
	for i := 0; i < n; i++ {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			r.page(i)
		}()
	}
	// fix: take every token back, so that every render has ended
	for k := 0; k < r.parallel; k++ {
		sem <- struct{}{}
	}
	return r.done
}
