package unknownfx

import (
	"regexp"
	"testing"
	"time"
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

// time.Unix's Time keeps its location where the program cannot reach it:
// whether two are equal is up to their unknown instants, so a failure that
// needs them to differ is held back (in Go they are equal).
func TestTimesMayBeEqual(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if time.Unix(1, 0) != time.Unix(1, 0) {
		t.Error("differ")
	}
	<-done
}
