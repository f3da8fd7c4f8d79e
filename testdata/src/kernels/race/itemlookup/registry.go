// Package itemlookup: callers count their uses on the item a registry's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// lookup returns, in one expression: r.Get(k).uses++. The lookup holds the
// registry's lock; the count, after it, holds none, and two callers of
// one key race on it. Replay hooks the access between the lookup (whose
// lock is a step of the schedule) and the count.
package itemlookup

import (
	"sync"
	"sync/atomic"
)

type Item struct{ uses int }

type Registry struct {
	mu    sync.Mutex
	items map[string]*Item
}

func NewRegistry() *Registry { return &Registry{items: map[string]*Item{}} }

// Get returns the item of k, made on first use.
func (r *Registry) Get(k string) *Item {
	r.mu.Lock()
	defer r.mu.Unlock()
	it := r.items[k]
	if it == nil {
		it = &Item{}
		r.items[k] = it
	}
	return it
}

type ItemFixed struct{ uses atomic.Int64 } // fix: the count is atomic

type RegistryFixed struct {
	mu    sync.Mutex
	items map[string]*ItemFixed
}

func NewRegistryFixed() *RegistryFixed { return &RegistryFixed{items: map[string]*ItemFixed{}} }

func (r *RegistryFixed) Get(k string) *ItemFixed {
	r.mu.Lock()
	defer r.mu.Unlock()
	it := r.items[k]
	if it == nil {
		it = &ItemFixed{}
		r.items[k] = it
	}
	return it
}
