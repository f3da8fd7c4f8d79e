package reqresp

import "testing"

func TestRequestResponse(t *testing.T) {
	s := NewServer(map[string]string{"alice": "admin", "bob": "viewer"})
	go s.Serve()
	results := make(chan string, 1)
	go func() {
		v, _ := s.Get("bob")
		results <- v
	}()
	if v, err := s.Get("alice"); err != nil || v != "admin" {
		t.Errorf("Get(alice) = %q, %v", v, err)
	}
	if v := <-results; v != "viewer" {
		t.Errorf("Get(bob) = %q", v)
	}
	s.Close()
	if _, err := s.Get("alice"); err != ErrClosed {
		t.Errorf("Get after Close: %v", err)
	}
}
