//go:build go1.21

// Package loopvarsprintf: under go1.21's loop semantics (this file's
// build line; a module whose go.mod says go 1.21 or older gets them for
// every file), the range variables are shared by every iteration: the
// goroutines read them inside fmt.Sprintf while the loop writes them.
package loopvarsprintf

import (
	"fmt"
	"sync"
)

func Labels(names []string) []string {
	out := make([]string, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := fmt.Sprintf("%d:%s", i, n) // want `data race on i: .*\(0 preemptions\)` `data race on n: .*\(0 preemptions\)`
			_ = s
		}()
	}
	wg.Wait()
	return out
}
