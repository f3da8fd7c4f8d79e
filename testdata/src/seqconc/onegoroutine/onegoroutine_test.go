package onegoroutine

import (
	"context"
	"testing"
	"time"
)

func TestLocksAlone(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var c Counter
	c.Inc()
	c.Inc()
	if c.n != 2 {
		t.Fatal(c.n)
	}
}

func TestBufferedChannel(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 1)
	ch <- 1
	<-ch
}

// Subtests run one at a time while their parent waits.
func TestSubtests(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			var c Counter
			c.Inc()
		})
	}
}

// The test's context is cancelled as the test ends; nothing was registered
// on it to run then.
func TestContextOfTest(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	<-ctx.Done()
}

func TestCleanup(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var c Counter
	t.Cleanup(c.Inc)
}

func BenchmarkLocks(b *testing.B) { // want root:"one goroutine" root:"runs its one schedule"
	var c Counter
	for b.Loop() {
		c.Inc()
	}
}

func TestGoStatement(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	<-done
}

func TestParallelSubtests(t *testing.T) {
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
		})
	}
}

func TestAfterFunc(t *testing.T) {
	stop := context.AfterFunc(t.Context(), func() {})
	defer stop()
}

func TestTimer(t *testing.T) {
	timer := time.AfterFunc(time.Second, func() {})
	timer.Stop()
}

func TestDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	<-ctx.Done()
}

// The goroutine is started through an interface method.
func TestThroughInterface(t *testing.T) {
	var s Starter = background{make(chan bool)}
	s.Start()
}

// The goroutine is started through a func value.
func TestThroughFuncValue(t *testing.T) {
	start := func(f func()) { go f() }
	run := start
	run(func() {})
}

// The goroutine is started in a cleanup the test registered.
func TestInCleanup(t *testing.T) {
	t.Cleanup(func() { go func() {}() })
}

// The goroutine is started in a subtest.
func TestInSubtest(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		done := make(chan bool)
		go func() { done <- true }()
		<-done
	})
}
