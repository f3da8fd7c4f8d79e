package newcache

import "testing"

func TestCache(t *testing.T) {
	if c := NewCache(); c.limit != 100 {
		t.Error("limit")
	}
}

func TestCacheFixed(t *testing.T) {
	if c := NewCacheFixed(); c.limit != 100 {
		t.Error("limit")
	}
}
