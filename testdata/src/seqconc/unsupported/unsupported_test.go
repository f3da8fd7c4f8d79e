package unsupported // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`

import (
	"sync"
	"testing"
	"unsafe"
)

// kiss does not model unsafe pointer arithmetic: the paths into the
// goroutine that uses it are cut, and kiss says so.
func TestUnsafe(t *testing.T) {
	var wg sync.WaitGroup
	xs := []int{1, 2}
	wg.Add(1)
	go func() {
		defer wg.Done()
		p := unsafe.Pointer(&xs[0])
		_ = *(*int)(unsafe.Add(p, unsafe.Sizeof(xs[0])))
	}()
	wg.Wait()
}
