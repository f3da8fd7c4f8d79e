package weakcache

import (
	"runtime"
	"testing"
	"weak"
)

// Two goroutines get the same item and count a hit without a lock.
func TestSharedItemHits(t *testing.T) {
	c := New()
	it := c.Get("a")
	done := make(chan bool)
	go func() {
		mine := c.Get("a")
		mine.hits++ // want `data race on hits: write at cache_test.go:\d+:\d+ by goroutine 0 and read at cache_test.go:\d+:\d+ by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	it.hits++
	<-done
	if it.hits != 2 {
		t.Errorf("hits %d", it.hits)
	}
}

// The fixed twin: the goroutine's hit happens before the test's.
func TestSharedItemHitsFixed(t *testing.T) {
	c := New()
	it := c.Get("a")
	done := make(chan bool)
	go func() {
		mine := c.Get("a")
		mine.hits++
		done <- true
	}()
	<-done
	it.hits++
	if it.hits != 2 {
		t.Errorf("hits %d", it.hits)
	}
	runtime.KeepAlive(it)
}

// Weak pointers made from one pointer are equal; after runtime.GC, the
// test's expectation that the object is gone depends on the collector,
// which kiss does not know: nothing is reported.
func TestFreedAfterGC(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	it := &Item{}
	w := weak.Make(it)
	if w != weak.Make(it) || w.Value() != it {
		t.Error("two weak pointers to one object differ")
	}
	it = nil
	runtime.GC()
	if w.Value() != nil {
		t.Error("not freed")
	}
}

// A finalizer closes done at the garbage collection: a path past
// runtime.GC stops, and the wait is no deadlock.
func TestFinalizerRuns(t *testing.T) {
	done, set := make(chan bool), make(chan bool)
	go func() {
		it := &Item{}
		runtime.SetFinalizer(it, func(*Item) { close(done) })
		set <- true
	}()
	<-set
	runtime.GC()
	<-done
}
