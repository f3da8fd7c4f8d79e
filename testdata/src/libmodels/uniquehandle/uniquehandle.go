// Package uniquehandle: interned names through unique.Make (as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// net/netip's init does): equal values get one handle, whichever
// goroutine makes it, and the paths go past it.
package uniquehandle

import "unique"

// A Registry counts the lookups of interned names.
type Registry struct {
	hits int
}

// Intern returns the handle of name and counts the lookup, without a lock.
func (r *Registry) Intern(name string) unique.Handle[string] {
	h := unique.Make(name)
	r.hits++ // want `data race on r.hits.*\(0 preemptions\)`
	return h
}
