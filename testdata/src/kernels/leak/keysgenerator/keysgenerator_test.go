package keysgenerator

import "testing"

func TestFindPrefix(t *testing.T) {
	s := NewStore()
	if k, ok := s.FindPrefix("app/"); !ok || k != "app/config" {
		t.Errorf("FindPrefix = %q, %v", k, ok)
	}
}

func TestFindPrefixFixed(t *testing.T) {
	s := NewStoreFixed()
	if k, ok := s.FindPrefix("app/"); !ok || k != "app/config" {
		t.Errorf("FindPrefix = %q, %v", k, ok)
	}
}
