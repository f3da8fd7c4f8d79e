package unsupported

import (
	"runtime"
	"sync"
	"testing"
)

// kiss does not model runtime.Goexit: the root is not checked, and says so.
func TestGoexit(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		runtime.Goexit()
	}()
	wg.Wait()
}
