package registrymap

import (
	"sync"
	"testing"
)

func TestRegistryHotRegister(t *testing.T) {
	r := NewRegistry()
	r.Register("auth", "10.0.0.1:443")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.Register("billing", "10.0.0.2:443")
	}()
	if _, ok := r.Lookup("auth"); !ok {
		t.Errorf("auth not registered")
	}
	wg.Wait()
}

func TestRegistryHotRegisterFixed(t *testing.T) {
	r := NewRegistryFixed()
	r.Register("auth", "10.0.0.1:443")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.Register("billing", "10.0.0.2:443")
	}()
	if _, ok := r.Lookup("auth"); !ok {
		t.Errorf("auth not registered")
	}
	wg.Wait()
}
