// Package parallelsubtests: parallel subtests share what their test set up. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// A table-driven test gives one Stats to every case and marks the cases
// parallel: once the test's function returns, package testing runs them
// at once, and Record counts without the lock Hits reads under.
package parallelsubtests

import "sync"

type Stats struct {
	mu   sync.Mutex
	hits map[string]int
}

func NewStats() *Stats { return &Stats{hits: map[string]int{}} }

func (s *Stats) Record(route string) {
	s.hits[route]++ // want `data race.*\(0 preemptions\)`
}

func (s *Stats) Hits(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[route]
}

type StatsFixed struct {
	mu   sync.Mutex
	hits map[string]int
}

func NewStatsFixed() *StatsFixed { return &StatsFixed{hits: map[string]int{}} }

func (s *StatsFixed) Record(route string) {
	s.mu.Lock() // fix: count under the lock
	s.hits[route]++
	s.mu.Unlock()
}

func (s *StatsFixed) Hits(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[route]
}
