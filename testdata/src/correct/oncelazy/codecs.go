// Package oncelazy: a codec registry initialised lazily with sync.Once by // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// whichever caller comes first; everyone else waits for it in Do.
package oncelazy

import "sync"

type Codec struct{ Name, MIME string }

type Registry struct {
	once   sync.Once
	codecs map[string]Codec
	inits  int
}

func (r *Registry) init() {
	r.inits++
	r.codecs = map[string]Codec{
		"json": {"json", "application/json"},
		"gob":  {"gob", "application/x-gob"},
	}
}

func (r *Registry) Lookup(name string) (Codec, bool) {
	r.once.Do(r.init)
	c, ok := r.codecs[name]
	return c, ok
}
