package keyed_test

import (
	"sync"
	"testing"

	"genericsrc/keyed"
	"genericsrc/sum"
)

func TestAdd(t *testing.T) {
	tab := keyed.NewTable[string](keyed.Opts{New: sum.New})
	var wg sync.WaitGroup
	for _, b := range []byte{1, 2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tab.Add("k", b)
		}()
	}
	wg.Wait()
	if got := tab.Get("k"); got != 3 {
		t.Errorf("sum = %d, want 3", got)
	}
}

func TestAddFixed(t *testing.T) {
	tab := keyed.NewTable[string](keyed.Opts{New: sum.New})
	var wg sync.WaitGroup
	for _, b := range []byte{1, 2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tab.AddFixed("k", b)
		}()
	}
	wg.Wait()
	if got := tab.Get("k"); got != 3 {
		t.Errorf("sum = %d, want 3", got)
	}
}
