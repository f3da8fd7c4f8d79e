package oncelazy

import (
	"sync"
	"testing"
)

func TestLazyRegistry(t *testing.T) {
	r := &Registry{}
	var wg sync.WaitGroup
	found := make([]bool, 3)
	for i, name := range []string{"json", "gob", "json"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, found[i] = r.Lookup(name)
		}()
	}
	wg.Wait()
	if !found[0] || !found[1] || !found[2] || r.inits != 1 {
		t.Errorf("found %v after %d inits", found, r.inits)
	}
}
