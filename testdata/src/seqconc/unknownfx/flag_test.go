package unknownfx

import (
	"flag"
	"runtime"
	"sync"
	"testing"
)

// go test runs the tests with the flags' defaults: *short is false.
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

var workers = flag.Int("unknownfx.workers", 2, "goroutines")

// *workers is 2, as go test runs it: wg.Add never sees a negative count.
func TestFlagDefault(t *testing.T) {
	var wg sync.WaitGroup
	n := *workers
	wg.Add(n)
	for i := 0; i < n; i++ {
		go wg.Done()
	}
	wg.Wait()
	if *workers != 2 {
		t.Error("not the default")
	}
}

var careful = flag.Bool("unknownfx.careful", true, "lock")

// *careful is true, as go test runs it: the unlocked increment never runs.
func TestFlagDefaultLocks(t *testing.T) {
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
	if *careful {
		mu.Lock()
		x++
		mu.Unlock()
	} else {
		x++
	}
	<-done
}

var racy bool

func init() { flag.BoolVar(&racy, "unknownfx.racy", true, "race") }

// racy is true, as go test runs it.
func TestFlagVarDefault(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++ // want "data race"
		done <- true
	}()
	if racy {
		x++
	}
	<-done
}

// go test runs without -short: the racy branch never runs.
func TestShortIsFalse(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++
		done <- true
	}()
	if testing.Short() || testing.Verbose() {
		x++
	}
	<-done
}

// GOMAXPROCS is at least one: the pool has a worker, and the test does not
// block for ever.
func TestPoolSizedByGOMAXPROCS(t *testing.T) {
	n := runtime.GOMAXPROCS(0)
	tokens := make(chan struct{}, n)
	tokens <- struct{}{}
	done := make(chan bool)
	go func() {
		<-tokens
		done <- true
	}()
	<-done
}
