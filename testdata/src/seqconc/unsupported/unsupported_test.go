package unsupported // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`

import (
	"sync"
	"testing"
)

type pair struct{ a, b any }

// kiss does not model maps whose keys hold interfaces: the paths into the
// goroutine that uses one are cut, and kiss says so.
func TestInterfaceKeys(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		m := map[pair]int{}
		m[pair{1, 2}] = 3
	}()
	wg.Wait()
}
