package rthash

import "testing"

// Peek reads the shard's map while Set writes it.
func TestPeekRace(t *testing.T) {
	s := New()
	done := make(chan bool)
	go func() {
		s.Set("k", "v")
		done <- true
	}()
	_ = s.Peek("k")
	<-done
}

// The fixed twin: Get takes the lock. And what the runtime's functions
// give is as Go's: hashes are functions of the bytes, draws in range,
// cleared bytes zero, the header's words the slice's.
func TestGetLocked(t *testing.T) {
	s := New()
	done := make(chan bool)
	go func() {
		s.Set("k", "v")
		done <- true
	}()
	_ = s.Get("k")
	<-done
	if s.Get("k") != "v" {
		t.Error("lost the set")
	}
	if MemHashString("ab") != MemHashString(string([]byte{'a', 'b'})) || MemHashString("ab") == MemHashString("ba") {
		t.Error("memhash is not a function of the bytes")
	}
	if i := s.Sample(); i < 0 || i > 3 {
		t.Errorf("sample %d", i)
	}
	b := []byte{1, 2, 3}
	Memclr(b[1:])
	if b[0] != 1 || b[1] != 0 || b[2] != 0 {
		t.Errorf("Memclr: %v", b)
	}
	if Capacity(b[:1]) != 3 || len(s.buf) != 4 {
		t.Errorf("capacity %d, buffer %d", Capacity(b[:1]), len(s.buf))
	}
}
