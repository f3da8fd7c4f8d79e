package tally_test

import (
	"sync"
	"testing"

	"genericsrc/tally"
)

type adder interface {
	Add(string)
	N() int
}

func count(t *testing.T, a adder) {
	var wg sync.WaitGroup
	for _, s := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.Add(s)
		}()
	}
	wg.Wait()
	if a.N() != 2 {
		t.Errorf("n = %d, want 2", a.N())
	}
}

func TestCounter(t *testing.T) { count(t, &tally.Counter[string]{}) }

func TestCounterFixed(t *testing.T) { count(t, &tally.Locked[string]{}) }
