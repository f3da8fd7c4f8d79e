package loopvarsprintf

import (
	"fmt"
	"sync"
)

// LabelsFixed is Labels under go1.22's loop semantics (no build line):
// each iteration has its own i and n.
func LabelsFixed(names []string) []string {
	out := make([]string, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = fmt.Sprintf("%d:%s", i, n)
		}()
	}
	wg.Wait()
	return out
}
