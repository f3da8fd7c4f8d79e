// Package racepairs: each racing pair of accesses is one race, reported
// once per root, whichever order a schedule runs it in.
package racepairs

import "sync"

type Limiter struct {
	mu     sync.Mutex
	tokens int
	burst  int
}

func (l *Limiter) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tokens > 0 {
		l.tokens--
		return true
	}
	return false
}

func (l *Limiter) Refill() {
	l.tokens = l.burst // want `data race on l.tokens: write at racepairs.go:17:5 by goroutine 0 and write at racepairs.go:24:4 by goroutine 1; it also races with the read at racepairs.go:16:7 by goroutine 0 \(0 preemptions\)`
}

type Pair struct{ x, y int }
