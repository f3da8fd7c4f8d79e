package poolgetorcreate

import (
	"sync"
	"testing"
)

func TestConnPoolDialsOnce(t *testing.T) {
	p := NewConnPool()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		p.GetOrCreate("payments:443")
	}()
	p.GetOrCreate("payments:443")
	wg.Wait()
	if n := p.Dialed(); n != 1 {
		t.Errorf("dialed %d times, want 1", n) // want `test failure: .*\(1 preemption\)`
	}
}

func TestConnPoolDialsOnceFixed(t *testing.T) {
	p := NewConnPoolFixed()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		p.GetOrCreate("payments:443")
	}()
	p.GetOrCreate("payments:443")
	wg.Wait()
	if n := p.Dialed(); n != 1 {
		t.Errorf("dialed %d times, want 1", n)
	}
}
