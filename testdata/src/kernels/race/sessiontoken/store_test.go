package sessiontoken

import "testing"

func TestOpenClose(t *testing.T) {
	s := NewStore()
	first := s.Open()
	done := make(chan bool)
	go func() {
		s.Close(first)
		done <- true
	}()
	if second := s.Open(); second == first {
		t.Error("two sessions share a token")
	}
	<-done
}

func TestOpenCloseFixed(t *testing.T) {
	s := NewStoreFixed()
	first := s.Open()
	done := make(chan bool)
	go func() {
		s.Close(first)
		done <- true
	}()
	if second := s.Open(); second == first {
		t.Error("two sessions share a token")
	}
	<-done
}
