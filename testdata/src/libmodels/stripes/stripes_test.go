package stripes

import (
	"hash/maphash"
	"testing"
)

// Peek reads the shard's map while Put writes it.
func TestPeekRace(t *testing.T) {
	m := New()
	done := make(chan bool)
	go func() {
		m.Put("k", 1)
		done <- true
	}()
	_ = m.Peek("k")
	<-done
}

// The fixed twin: Get takes the lock; and hashes are functions of the
// seed and the value.
func TestGetLocked(t *testing.T) {
	m := New()
	done := make(chan bool)
	go func() {
		m.Put("k", 1)
		done <- true
	}()
	_ = m.Get("k")
	<-done
	if m.Get("k") != 1 {
		t.Error("lost the put")
	}
	s := maphash.MakeSeed()
	if maphash.String(s, "k") != maphash.String(s, "k") || maphash.Comparable(s, 7) != maphash.Comparable(s, 7) ||
		maphash.Comparable(s, [2]string{"a", "b"}) != maphash.Comparable(s, [2]string{"a", "b"}) ||
		maphash.Comparable(s, true) != maphash.Comparable(s, true) || maphash.Comparable(s, true) == maphash.Comparable(s, false) {
		t.Error("a hash is not a function")
	}
	var n int64
	for i := range m.hits {
		n += m.hits[i].Load()
	}
	if n != 3 {
		t.Errorf("%d hits", n)
	}
}
