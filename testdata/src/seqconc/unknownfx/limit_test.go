package unknownfx

import (
	"reflect"
	"testing"
)

// A Value of a field of an interface type is one kiss's reflect model does
// not hold: its Interface stops the path on purpose, and the stats name it
// apart from the calls kiss does not know. The race after it is not shown.
func TestRaceAfterModelLimit(t *testing.T) {
	s := struct{ W any }{W: 1}
	n := 0
	done := make(chan bool)
	go func() {
		n++
		done <- true
	}()
	if s2 := reflect.ValueOf(s).Field(0).Interface(); s2 == nil {
		t.Error("nil")
	}
	n++
	<-done
}
