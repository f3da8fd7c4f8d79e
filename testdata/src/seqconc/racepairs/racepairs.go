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
	if l.tokens > 0 { // mark: allow read
		l.tokens-- // mark: allow write
		return true
	}
	return false
}

func (l *Limiter) Refill() {
	l.tokens = l.burst // mark: refill
}

type Pair struct{ x, y int }
