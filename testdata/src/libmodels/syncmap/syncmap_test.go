package syncmap

import (
	"sync"
	"testing"
)

func TestOpenTwice(t *testing.T) {
	var r Registry
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.Open("ann")
		}()
	}
	wg.Wait()
	if n := r.created.Load(); n != 1 {
		t.Errorf("created %d sessions for one user, want 1", n) // want `test failure: .*\(1 preemption\)`
	}
}

func TestOpenTwiceFixed(t *testing.T) {
	var r Registry
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.OpenFixed("ann")
		}()
	}
	wg.Wait()
	if n := r.created.Load(); n != 1 {
		t.Errorf("created %d sessions for one user, want 1", n)
	}
}

func TestTouch(t *testing.T) {
	var r Registry
	done := make(chan bool)
	go func() {
		r.Touch("ann")
		done <- true
	}()
	r.Touch("ann")
	<-done
}

func TestTouchFixed(t *testing.T) {
	var r Registry
	var mu sync.Mutex
	done := make(chan bool)
	go func() {
		r.TouchFixed(&mu, "ann")
		done <- true
	}()
	r.TouchFixed(&mu, "ann")
	<-done
}

// A store happens before the load that observes it: the worker's write
// of the value it published is ordered before the reader's use, and the
// other keys, Range, Delete and the compare-and-swaps run as Go's.
func TestPublish(t *testing.T) {
	var m sync.Map
	done := make(chan bool)
	go func() {
		s := &Session{ID: "bob"}
		s.Hits = 1
		m.Store("bob", s)
		m.Store("carol", &Session{ID: "carol"})
		done <- true
	}()
	if v, ok := m.Load("bob"); ok && v.(*Session).Hits != 1 {
		t.Error("published session without its hits")
	}
	<-done
	n := 0
	m.Range(func(k, v any) bool {
		if k.(string) != v.(*Session).ID {
			t.Errorf("key %v holds %v", k, v)
		}
		n++
		return true
	})
	if n != 2 {
		t.Errorf("Range saw %d keys, want 2", n)
	}
	if !m.CompareAndDelete("carol", nil) && m.CompareAndSwap("nobody", nil, 1) {
		t.Error("compare-and-swap of an absent key")
	}
	if prev, loaded := m.Swap("bob", 2); !loaded || prev.(*Session).ID != "bob" {
		t.Error("Swap lost bob")
	}
	if v, loaded := m.LoadAndDelete("bob"); !loaded || v != 2 {
		t.Error("LoadAndDelete lost bob")
	}
	m.Delete("carol")
	m.Clear()
	if _, ok := m.Load("carol"); ok {
		t.Error("carol survived Clear")
	}
}
