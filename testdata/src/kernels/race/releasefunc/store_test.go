package releasefunc

import "testing"

func TestStorePuts(t *testing.T) {
	s := NewStore()
	done := make(chan bool)
	go func() {
		s.Put("a", 1)
		done <- true
	}()
	s.Put("b", 2)
	<-done
	if s.Puts() != 2 {
		t.Error("lost a put")
	}
}

func TestStorePutsFixed(t *testing.T) {
	s := NewStoreFixed()
	done := make(chan bool)
	go func() {
		s.Put("a", 1)
		done <- true
	}()
	s.Put("b", 2)
	<-done
	if s.Puts() != 2 {
		t.Error("lost a put")
	}
}
