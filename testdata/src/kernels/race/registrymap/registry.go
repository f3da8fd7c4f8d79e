// Package registrymap: an unprotected shared map. Lookup reads the service // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// map under the lock, but Register was written for the single-threaded
// start-up path and writes it without the lock (a frequent docker/moby race).
package registrymap

import "sync"

type Registry struct {
	mu       sync.Mutex
	services map[string]string
}

func NewRegistry() *Registry { return &Registry{services: make(map[string]string)} }

// Register was only ever called before serving started.
func (r *Registry) Register(name, addr string) {
	r.services[name] = addr // want `data race.*\(0 preemptions\)`
}

func (r *Registry) Lookup(name string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	addr, ok := r.services[name]
	return addr, ok
}

type RegistryFixed struct {
	mu       sync.Mutex
	services map[string]string
}

func NewRegistryFixed() *RegistryFixed { return &RegistryFixed{services: make(map[string]string)} }

func (r *RegistryFixed) Register(name, addr string) {
	r.mu.Lock() // fix: registration at run time takes the lock too
	defer r.mu.Unlock()
	r.services[name] = addr
}

func (r *RegistryFixed) Lookup(name string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	addr, ok := r.services[name]
	return addr, ok
}
