package registry

import (
	"sync"
	"testing"
)

func TestRegistry(t *testing.T) {
	r := &Registry{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.Put("a", 1)
	}()
	wg.Wait()
	if r.Len() != 1 {
		t.Error("len")
	}
	r.Put("b", 2)
}

func TestRegistryFixed(t *testing.T) {
	r := &Registry{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.Put("a", 1)
	}()
	wg.Wait()
	if r.LenFixed() != 1 {
		t.Error("len")
	}
	r.Put("b", 2)
}
