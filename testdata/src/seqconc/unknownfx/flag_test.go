package unknownfx

import (
	"flag"
	"sync"
	"testing"
)

// flag.Bool takes plain values only: kiss goes on past it, with *short any
// bool (a package variable set up before every test, as go test does).
var short = flag.Bool("unknownfx.short", false, "run the short version")

func TestRaceBehindFlag(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++ // want "data race"
		done <- true
	}()
	if !*short {
		x++
	}
	<-done
}

func TestNoRaceBehindFlag(t *testing.T) {
	var (
		mu sync.Mutex
		x  int
	)
	done := make(chan bool)
	go func() {
		mu.Lock()
		x++
		mu.Unlock()
		done <- true
	}()
	if !*short {
		mu.Lock()
		x++
		mu.Unlock()
	}
	<-done
}

// A failure that needs *short to be some value is not reported: kiss does
// not know what flag.Bool's pointer holds.
func TestFailureNeedsFlagValue(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if *short {
		t.Error("short")
	}
	<-done
}
