package informerrwr

import "testing"

func TestInformerListDuringAdd(t *testing.T) {
	s := NewStore()
	s.Add(Object{"default", "web"})
	done := make(chan []string)
	go func() { done <- s.List() }()
	s.Add(Object{"default", "db"})
	if keys := <-done; len(keys) == 0 {
		t.Errorf("List returned nothing")
	}
}

func TestInformerListDuringAddFixed(t *testing.T) {
	s := NewStoreFixed()
	s.Add(Object{"default", "web"})
	done := make(chan []string)
	go func() { done <- s.List() }()
	s.Add(Object{"default", "db"})
	if keys := <-done; len(keys) == 0 {
		t.Errorf("List returned nothing")
	}
}
