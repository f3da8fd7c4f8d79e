// Package metricsdoublelock: a metrics registry whose Observe holds the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// lock and, for a series it has not seen, calls Register, which takes the
// lock again. One goroutine deadlocks on its own lock: go test shows a hang
// until its -timeout, with no second goroutine anywhere.
package metricsdoublelock

import "sync"

type Series struct {
	sum float64
	n   int
}

type Registry struct {
	mu     sync.Mutex
	series map[string]*Series
}

func NewRegistry() *Registry { return &Registry{series: map[string]*Series{}} }

// Register returns the series called name, creating it.
func (r *Registry) Register(name string) *Series {
	r.mu.Lock() // want `deadlock: .*\(0 preemptions\)`
	defer r.mu.Unlock()
	if s, ok := r.series[name]; ok {
		return s
	}
	s := &Series{}
	r.series[name] = s
	return s
}

// Observe adds v to the series called name.
func (r *Registry) Observe(name string, v float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.series[name]
	if !ok {
		s = r.Register(name) // bug: Register locks r.mu, held here
	}
	s.sum += v
	s.n++
}

type RegistryFixed struct {
	mu     sync.Mutex
	series map[string]*Series
}

func NewRegistryFixed() *RegistryFixed { return &RegistryFixed{series: map[string]*Series{}} }

func (r *RegistryFixed) Register(name string) *Series {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.registerLocked(name)
}

// registerLocked requires r.mu.
func (r *RegistryFixed) registerLocked(name string) *Series {
	if s, ok := r.series[name]; ok {
		return s
	}
	s := &Series{}
	r.series[name] = s
	return s
}

func (r *RegistryFixed) Observe(name string, v float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.registerLocked(name)
	s.sum += v
	s.n++
}
