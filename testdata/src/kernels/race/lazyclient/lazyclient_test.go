package lazyclient

import (
	"sync"
	"testing"
)

func TestLazyClient(t *testing.T) {
	s := &Service{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Query()
	}()
	s.Query()
	wg.Wait()
}

func TestLazyClientFixed(t *testing.T) {
	s := &ServiceFixed{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Query()
	}()
	s.Query()
	wg.Wait()
	if n := s.queries.Load(); n != 2 {
		t.Errorf("queries = %d", n)
	}
}
