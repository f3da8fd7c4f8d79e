package storeunlock

import (
	"sync"
	"testing"
)

func TestStoreUpdateDuringDelete(t *testing.T) {
	s := NewStore()
	s.Put("quota", 10)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Delete("quota")
	}()
	if err := s.Update("quota", 20); err != nil && err != ErrNotFound {
		t.Errorf("Update: %v", err)
	}
	wg.Wait()
}

func TestStoreUpdateDuringDeleteFixed(t *testing.T) {
	s := NewStoreFixed()
	s.Put("quota", 10)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Delete("quota")
	}()
	if err := s.Update("quota", 20); err != nil && err != ErrNotFound {
		t.Errorf("Update: %v", err)
	}
	wg.Wait()
}
