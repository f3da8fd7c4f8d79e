package gobuiltins

import (
	"sync"
	"testing"
)

// go close(ch): the receive returns because of the close (no deadlock).
func TestGoClose(t *testing.T) {
	ch := make(chan int)
	go close(ch)
	if _, ok := <-ch; ok {
		t.Errorf("received from a channel only closed")
	}
}

func TestGoCloseClosed(t *testing.T) {
	ch := make(chan int)
	close(ch)
	go close(ch) // want `panic: close of closed channel`
}

// go delete(m, k) writes the map in the new goroutine, unordered with the
// test's read; with no preemption the test reads first.
func TestGoDelete(t *testing.T) {
	m := map[string]int{"a": 1}
	go delete(m, "a") // want `data race: read at gobuiltins_test.go:28:7 by goroutine 0 and write at gobuiltins_test.go:27:11 by goroutine 1 \(0 preemptions\)`
	_ = m["a"]
}

func TestGoClear(t *testing.T) {
	m := map[string]int{"a": 1}
	go clear(m) // want `data race: read at gobuiltins_test.go:34:7 by goroutine 0 and write at gobuiltins_test.go:33:10 by goroutine 1 \(0 preemptions\)`
	_ = m["a"]
}

// The operands are evaluated by the go statement: the goroutine closes the
// channel the test had when it started it.
func TestGoCloseOperands(t *testing.T) {
	a, b := make(chan int), make(chan int)
	ch := a
	go close(ch)
	ch = b
	<-a
	b <- 1 // want `deadlock`
}

// The prints, recover and copy (whose slice accesses the race detector
// does not see yet) do nothing the test can observe; the root is still
// checked through them (its deadlock is found).
func TestGoPrintRecoverCopy(t *testing.T) {
	go print("a", 1)
	go println("b", 2)
	go println()
	go recover()
	dst, src := make([]int, 1), []int{7}
	go copy(dst, src)
	ch := make(chan int)
	ch <- 1 // want `deadlock`
}

func TestDeferBuiltins(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2}
	n := map[string]int{"c": 3}
	dst, src := make([]int, 2), []int{7, 8}
	ch := make(chan int)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(ch)
		defer delete(m, "a")
		defer clear(n)
		defer copy(dst, src)
		defer print("done ", 1)
		defer println("done", 2)
	}()
	for range ch {
	}
	wg.Wait()
	if _, ok := m["a"]; ok || len(m) != 1 {
		t.Errorf("delete deferred: %v", m)
	}
	if len(n) != 0 {
		t.Errorf("clear deferred: %v", n)
	}
	if dst[0] != 7 || dst[1] != 8 {
		t.Errorf("copy deferred: %v", dst)
	}
}

func TestDeferRecover(t *testing.T) {
	done := make(chan bool)
	go func() {
		swallow()
		done <- true
	}()
	<-done
}

func TestDeferRecoverFixed(t *testing.T) {
	done := make(chan bool)
	go func() {
		swallowFixed()
		done <- true
	}()
	<-done
}

func TestDeferPanic(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer panic("deferred") // want `panic: deferred`
		done <- true
	}()
	<-done
}
