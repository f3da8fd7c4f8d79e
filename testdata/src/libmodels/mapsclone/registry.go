// Package mapsclone: a registry that hands out snapshots of its map with // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// maps.Clone, whose copy the runtime makes: kiss copies the entries, and
// the snapshot is the program's own map from then on.
package mapsclone

import (
	"maps"
	"sync"
)

type Registry struct {
	mu   sync.Mutex
	subs map[string]int
}

func New() *Registry { return &Registry{subs: map[string]int{}} }

func (r *Registry) Add(name string, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.subs[name] = n // want `data race on r.subs: read at maps/maps.go:\d+:\d+ by goroutine 0 and write at registry.go:21:8 by goroutine 1 \(0 preemptions\)`
}

// Snapshot copies the map under the lock.
func (r *Registry) Snapshot() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.subs)
}

// Peek copies the map without the lock: a race with Add.
func (r *Registry) Peek() map[string]int { return maps.Clone(r.subs) }
