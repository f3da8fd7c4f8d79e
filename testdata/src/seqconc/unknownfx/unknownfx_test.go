package unknownfx

import "testing"

// The race comes after fill, which might have synchronized with the other
// goroutine: kiss cannot show it, and does not follow the path past fill.
func TestRaceAfterUnknown(t *testing.T) {
	var x int
	fill(&x)
	done := make(chan bool)
	go func() {
		x++
		done <- true
	}()
	x++
	<-done
}

// The race comes before fill: fill cannot have prevented it.
func TestRaceBeforeUnknown(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++ // want "data race"
		done <- true
	}()
	x++
	<-done
	fill(&x)
}
