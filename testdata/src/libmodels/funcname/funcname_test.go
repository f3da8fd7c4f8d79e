package funcname

import "testing"

type counter struct{ n int }

// The job's name comes from its code address (Value.Pointer, which kiss
// does not know for a func, and FuncForPC): the path goes on past it, to
// the race of the job with the test.
func TestJobRace(t *testing.T) {
	var s Scheduler
	c := &counter{}
	if err := s.Add(func() { c.n++ }); err != nil { // want `data race on c.n: .*\(0 preemptions\)`
		t.Fatal(err)
	}
	_ = c.n
	s.Wait()
	if s.Jobs() != 1 {
		t.Errorf("%d jobs, want 1", s.Jobs())
	}
}

// The fixed twin reads once the job is done; a nil func is refused
// (Value.IsZero of a func).
func TestJobFixed(t *testing.T) {
	var s Scheduler
	c := &counter{}
	if err := s.Add(func() { c.n++ }); err != nil {
		t.Fatal(err)
	}
	var nothing func()
	if s.Add(nothing) == nil {
		t.Error("a nil func was added")
	}
	s.Wait()
	if c.n != 1 || s.Jobs() != 1 {
		t.Errorf("n = %d, %d jobs; want 1 and 1", c.n, s.Jobs())
	}
}
