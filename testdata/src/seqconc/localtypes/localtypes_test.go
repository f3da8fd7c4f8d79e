package localtypes

import "testing"

func TestTwoTypesNamedT(t *testing.T) {
	type T struct{ S string }
	var got any
	done := make(chan bool)
	go func() {
		got = T{"x"} // want `data race on got: .*\(0 preemptions\)`
		done <- true
	}()
	if got == any(T{"x"}) || got == any(localT()) {
		t.Log("equal")
	}
	<-done
}

// The fixed twin: the test compares once the goroutine is done.
func TestTwoTypesNamedTFixed(t *testing.T) {
	type T struct{ S string }
	var got any
	done := make(chan bool)
	go func() {
		got = T{"x"}
		done <- true
	}()
	<-done
	if got != any(T{"x"}) || got == any(localT()) {
		t.Error("wrong comparison") // never: Go's == says equal, then not equal
	}
}

func localT() any { return T{1, 2} }
