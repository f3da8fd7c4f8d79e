package loopvar

import "testing"

var jobs = []Job{{1, "resize"}, {2, "thumbnail"}}

func TestDispatchLoopVar(t *testing.T) {
	d := NewDispatcher()
	d.DispatchAll(jobs)
	if n := d.Total(); n != len(jobs) {
		t.Errorf("handled %d jobs, want %d", n, len(jobs))
	}
}

func TestDispatchLoopVarFixed(t *testing.T) {
	d := NewDispatcherFixed()
	d.DispatchAll(jobs)
	if d.Count("resize") != 1 || d.Count("thumbnail") != 1 {
		t.Errorf("handled %v", d.handled)
	}
}
