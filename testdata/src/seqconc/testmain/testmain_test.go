// Package testmain has a TestMain: go test runs each test inside its
// m.Run, after the setup before it.
package testmain

import (
	"os"
	"sync"
	"testing"
)

var (
	double func(int) int // set by TestMain
	ready  bool          // written by TestMain's goroutine
	done   = make(chan bool)
)

func TestMain(m *testing.M) {
	double = func(x int) int { return 2 * x }
	go func() {
		ready = true // want `data race on ready: read at testmain_test.go:43:5 by goroutine 0 and write at testmain_test.go:20:3 by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	code := m.Run()
	os.Exit(code)
}

// The setup ran before the test: double is set.
func TestUsesSetup(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if double(21) != 42 {
			panic("bug")
		}
	}()
	wg.Wait()
	<-done
}

// TestMain's goroutine runs beside the test.
func TestRacesWithTestMain(t *testing.T) {
	if ready {
		t.Log("ready")
	}
	<-done
}
