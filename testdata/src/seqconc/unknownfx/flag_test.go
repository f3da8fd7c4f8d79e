package unknownfx

import (
	"flag"
	"os"
	"strconv"
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

// GOMAXPROCS is this machine's, at least one: the pool has a worker, and
// the test does not block for ever.
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

// GOMAXPROCS(n) sets the count later calls return and returns the one
// before; NumCPU is the machine's: the test never fails.
func TestGOMAXPROCSSetsTheCount(t *testing.T) {
	prev := runtime.GOMAXPROCS(3)
	defer runtime.GOMAXPROCS(prev)
	done := make(chan int)
	go func() { done <- runtime.GOMAXPROCS(0) }()
	if n := <-done; n != 3 {
		t.Errorf("GOMAXPROCS(0) = %d after GOMAXPROCS(3)", n)
	}
	if prev < 1 || runtime.NumCPU() < 1 {
		t.Errorf("GOMAXPROCS was %d, NumCPU is %d", prev, runtime.NumCPU())
	}
}

// With two workers (GOMAXPROCS set to 2) they race on the total.
func TestWorkersByGOMAXPROCSRace(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	total := 0
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			total++ // want "data race"
		}()
	}
	wg.Wait()
}

// os.Setenv of a valid constant key succeeds, and os.Environ and
// os.Unsetenv make no copy of the environment kiss would have to split
// (syscall.copyenv): every path runs to the end.
func TestEnvironAndSetenv(t *testing.T) {
	if err := os.Setenv("UNKNOWNFX_MODE", "on"); err != nil {
		t.Fatal(err)
	}
	defer os.Unsetenv("UNKNOWNFX_MODE")
	if err := os.Setenv("", "on"); err == nil {
		t.Error("an empty key was set")
	}
	n := len(os.Environ())
	done := make(chan int)
	go func() { done <- n }()
	<-done
}

// strconv.Atoi of an environment variable (a timeout's scale) is an
// unknown number or an error: no path is cut reading its bytes.
func TestAtoiOfEnv(t *testing.T) {
	scale := 1
	if s := os.Getenv("UNKNOWNFX_SCALE"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			scale = n
		}
	}
	done := make(chan int)
	go func() { done <- scale }()
	<-done
}
