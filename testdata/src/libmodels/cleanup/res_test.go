package cleanup

import (
	"runtime"
	"testing"
)

// Both goroutines count a use of r without a lock.
func TestUnguardedUse(t *testing.T) {
	r := Open()
	c := runtime.AddCleanup(r, func(string) {}, "r")
	done := make(chan bool)
	go func() {
		r.uses++ // want `data race on r.uses: write at res_test.go:\d+:\d+ by goroutine 0 and read at res_test.go:\d+:\d+ by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	r.uses++
	<-done
	c.Stop()
}

// The fixed twin: the goroutine's use happens before the test's.
func TestOrderedUse(t *testing.T) {
	r := Open()
	c := runtime.AddCleanup(r, func(string) {}, "r")
	done := make(chan bool)
	go func() {
		r.uses++
		done <- true
	}()
	<-done
	r.uses++
	c.Stop()
	runtime.KeepAlive(r)
}
