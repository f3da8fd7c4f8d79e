// Package counter counts events by key for many goroutines. Stats keeps // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// its running total outside the lock (the bug); StatsFixed does not.
package counter

import "sync"

// Stats counts events by key.
type Stats struct {
	mu    sync.Mutex
	byKey map[string]int
	total int
}

// New returns empty statistics.
func New() *Stats { return &Stats{byKey: map[string]int{}} }

// Add counts one event of key k.
func (s *Stats) Add(k string) {
	s.mu.Lock()
	s.byKey[k]++
	s.mu.Unlock()
	s.total++ // outside the lock
}

// Total returns the number of events.
func (s *Stats) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// StatsFixed counts events by key.
type StatsFixed struct {
	mu    sync.Mutex
	byKey map[string]int
	total int
}

// NewFixed returns empty statistics.
func NewFixed() *StatsFixed { return &StatsFixed{byKey: map[string]int{}} }

// Add counts one event of key k.
func (s *StatsFixed) Add(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byKey[k]++
	s.total++
}

// Total returns the number of events.
func (s *StatsFixed) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}
