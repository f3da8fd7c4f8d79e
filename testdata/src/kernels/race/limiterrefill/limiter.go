// Package limiterrefill: an unprotected write to a field the rest of the type // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// guards with a mutex. Allow consumes tokens under the lock; the refill path,
// run from a timer goroutine, resets them without it.
package limiterrefill

import "sync"

type RateLimiter struct {
	mu     sync.Mutex
	tokens int
	burst  int
}

func NewRateLimiter(burst int) *RateLimiter { return &RateLimiter{tokens: burst, burst: burst} }

func (l *RateLimiter) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tokens > 0 {
		l.tokens--
		return true
	}
	return false
}

// Refill is called by the refill timer.
func (l *RateLimiter) Refill() {
	l.tokens = l.burst // want `data race.*\(0 preemptions\)`
}

type RateLimiterFixed struct {
	mu     sync.Mutex
	tokens int
	burst  int
}

func NewRateLimiterFixed(burst int) *RateLimiterFixed {
	return &RateLimiterFixed{tokens: burst, burst: burst}
}

func (l *RateLimiterFixed) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tokens > 0 {
		l.tokens--
		return true
	}
	return false
}

func (l *RateLimiterFixed) Refill() {
	l.mu.Lock() // fix
	defer l.mu.Unlock()
	l.tokens = l.burst
}
