// Package informerrwr: RWMutex read-write-read between a lister goroutine and // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the writer, in the shape of a kubernetes informer store: List holds the read
// lock while it resolves each key through keyFunc, which read-locks again to
// consult the index. The writer (the test goroutine adding an object) is the
// lowest-numbered blocked goroutine, so the report lands on its Lock.
package informerrwr

import "sync"

type Object struct {
	Namespace, Name string
}

type Store struct {
	mu      sync.RWMutex
	items   map[string]Object
	indexed map[string]bool
}

func NewStore() *Store {
	return &Store{items: make(map[string]Object), indexed: make(map[string]bool)}
}

func (s *Store) keyFunc(o Object) string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	k := o.Namespace + "/" + o.Name
	if !s.indexed[k] {
		return o.Name
	}
	return k
}

// List returns the keys of all objects.
func (s *Store) List() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var keys []string
	for _, o := range s.items {
		keys = append(keys, s.keyFunc(o)) // bug: nested RLock
	}
	return keys
}

func (s *Store) Add(o Object) {
	s.mu.Lock() // want `deadlock: .*\(2 preemptions\)`
	defer s.mu.Unlock()
	k := o.Namespace + "/" + o.Name
	s.items[k] = o
	s.indexed[k] = true
}

type StoreFixed struct {
	mu      sync.RWMutex
	items   map[string]Object
	indexed map[string]bool
}

func NewStoreFixed() *StoreFixed {
	return &StoreFixed{items: make(map[string]Object), indexed: make(map[string]bool)}
}

// keyFuncLocked requires s.mu (read or write).
func (s *StoreFixed) keyFuncLocked(o Object) string {
	k := o.Namespace + "/" + o.Name
	if !s.indexed[k] {
		return o.Name
	}
	return k
}

func (s *StoreFixed) List() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var keys []string
	for _, o := range s.items {
		keys = append(keys, s.keyFuncLocked(o))
	}
	return keys
}

func (s *StoreFixed) Add(o Object) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := o.Namespace + "/" + o.Name
	s.items[k] = o
	s.indexed[k] = true
}
