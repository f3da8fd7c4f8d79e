// +build !plan9

// Package registry is a module that still says go 1.13: the replay's hooks
// (generic functions) must compile in its files all the same.
package registry

import "sync"

type Registry struct {
	mu    sync.Mutex
	items map[string]interface{}
}

func (r *Registry) Put(k string, v interface{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.items == nil {
		r.items = map[string]interface{}{}
	}
	r.items[k] = v
}

// Len forgets to unlock: the next Put blocks forever.
func (r *Registry) Len() int {
	r.mu.Lock()
	n := len(r.items)
	return n
}

// LenFixed unlocks.
func (r *Registry) LenFixed() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.items)
}
