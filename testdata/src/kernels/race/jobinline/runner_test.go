package jobinline

import "testing"

func TestJobCount(t *testing.T) {
	var r Runner
	s := &Stats{}
	if err := r.Go(func() { s.done++ }); err != nil { // want `data race on .*done: .*\(0 preemptions\)`
		t.Fatal(err)
	}
	if s.done > 1 {
		t.Errorf("%d jobs done, want at most 1", s.done)
	}
	r.Wait()
}

func TestJobCountFixed(t *testing.T) {
	var r Runner
	s := &Stats{}
	if err := r.Go(func() { s.done++ }); err != nil {
		t.Fatal(err)
	}
	r.Wait() // fix: read once the job is done
	if s.done > 1 {
		t.Errorf("%d jobs done, want at most 1", s.done)
	}
}
