// Package cleanup: runtime.AddCleanup attaches a function the runtime // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// calls after a garbage collection, which no schedule has; a root that
// registers one goes on past it.
package cleanup

import (
	"runtime"
	"sync"
)

// Res is a resource whose release the runtime's cleanup counts.
type Res struct{ uses int }

var (
	mu       sync.Mutex
	released int
)

// Open returns a resource with its cleanup attached.
func Open() *Res {
	r := &Res{}
	runtime.AddCleanup(r, func(int) {
		mu.Lock()
		released++
		mu.Unlock()
	}, 0)
	return r
}
