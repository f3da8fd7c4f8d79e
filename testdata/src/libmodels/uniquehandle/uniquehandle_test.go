package uniquehandle

import (
	"testing"
	"unique"
)

func TestInternTwice(t *testing.T) {
	var r Registry
	done := make(chan unique.Handle[string])
	go func() { done <- r.Intern("eth0") }()
	h := r.Intern("eth0")
	if g := <-done; g != h || g.Value() != "eth0" {
		t.Error("equal names, different handles")
	}
}

// The fixed twin: each goroutine its own registry; the handles of equal
// names are equal, of different names different.
func TestInternTwiceFixed(t *testing.T) {
	var r, s Registry
	done := make(chan unique.Handle[string])
	go func() { done <- s.Intern("eth0") }()
	h := r.Intern("eth0")
	if g := <-done; g != h || g.Value() != "eth0" {
		t.Error("equal names, different handles")
	}
	if r.Intern("eth1") == h {
		t.Error("different names, one handle")
	}
}
