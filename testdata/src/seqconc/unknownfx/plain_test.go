package unknownfx

import (
	"regexp"
	"testing"
)

// regexp.MustCompile takes a string and returns a pointer to a struct of
// unexported fields: kiss goes on past it.
var word = regexp.MustCompile("[a-z]+")

// A race is found whatever MustCompile returned.
func TestRaceBehindUnknownValue(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++ // want "data race"
		done <- true
	}()
	if word != nil {
		x++
	}
	<-done
}

// A failure that needs QuoteMeta to return some value is not reported:
// kiss does not know what it returns.
func TestFailureNeedsUnknownValue(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if len(regexp.QuoteMeta("a.b")) == 7 {
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

// recvSignal may block: the path stops there.
func TestBodylessMayBlock(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++
		done <- true
	}()
	recvSignal()
	x++
	<-done
}
