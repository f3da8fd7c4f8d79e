package mapsclone

import "testing"

// The snapshot holds the entries at the time, and is a map of its own.
func TestSnapshotIsACopy(t *testing.T) {
	r := New()
	r.Add("a", 1)
	done := make(chan bool)
	go func() {
		r.Add("b", 2)
		done <- true
	}()
	<-done
	s := r.Snapshot()
	s["a"] = 10
	if len(s) != 2 || s["b"] != 2 || r.Snapshot()["a"] != 1 {
		t.Errorf("snapshot %v", s)
	}
}

func TestPeekRace(t *testing.T) {
	r := New()
	done := make(chan bool)
	go func() {
		r.Add("b", 2)
		done <- true
	}()
	_ = r.Peek()
	<-done
}

func TestPeekRaceFixed(t *testing.T) {
	r := New()
	done := make(chan bool)
	go func() {
		r.Add("b", 2)
		done <- true
	}()
	_ = r.Snapshot()
	<-done
}
