package unknownfx

import "testing"

var max = limit(3)

// A race is found whatever *max holds.
func TestRaceBehindUnknownValue(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++ // want "data race"
		done <- true
	}()
	if *max > 0 {
		x++
	}
	<-done
}

// A failure that needs *max to hold some value is not reported: kiss does
// not know what limit returns.
func TestFailureNeedsUnknownValue(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if *max == 7 {
		t.Error("seven")
	}
	<-done
}

// kiss cannot stand for what pending returns: the path stops there.
func TestModelledResult(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	c := pending(1)
	c.L.Lock()
	c.Wait()
	c.L.Unlock()
	<-done
}
