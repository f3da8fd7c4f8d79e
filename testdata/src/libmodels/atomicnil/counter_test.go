package atomicnil

import (
	"sync/atomic"
	"testing"
)

// Every form of atomic operation on nil panics, and the panic is
// recovered: the test passes (and with it, kiss is silent).
func TestNilPanics(t *testing.T) {
	var c *atomic.Int64
	var v *atomic.Value
	for i, f := range []func(){
		func() { atomic.AddInt32(nil, 1) },
		func() { atomic.CompareAndSwapUint64(nil, 0, 1) },
		func() { Hits(c, 1) },
		func() { v.Load() },
	} {
		if Safe(f) {
			t.Errorf("operation %d on nil did not panic", i)
		}
	}
}

// A goroutine that counts into a nil counter panics: the test's process
// dies.
func TestNilCounter(t *testing.T) {
	var c *atomic.Int64
	done := make(chan bool)
	go func() {
		Hits(c, 2)
		done <- true
	}()
	<-done
}
