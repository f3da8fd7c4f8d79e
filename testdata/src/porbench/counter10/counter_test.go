package counter10

import (
	"sync"
	"testing"
)

// Ten alike goroutines increment one counter under one mutex: the most
// common concurrent test. Which of them has finished, which holds the
// lock and which wait for it are the same state up to a renaming of the
// goroutines (symmetry).
func TestCounter10(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if n != 10 {
		t.Errorf("n = %d", n)
	}
}
