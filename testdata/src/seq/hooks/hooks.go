// Package hooks exercises the lowering's hooks and its refusals. Its want
// comments are named after the test's variant that expects them
// (sequentialize/lower_hooks_test.go): refused:"..." at the position of a
// refusal, params:"panic: ..." at a panic of the run with those options.
package hooks

import (
	"context"
	"io"
	"math/rand"
	"strconv"
	"sync"
)

func GoSync() {
	x := 0
	done := make(chan bool, 1) // want refused:`unsupported construct: make\(chan\)`
	go func() {
		x = 1
		done <- true
	}()
	if ok := <-done; ok && x != 1 {
		panic("bug")
	}
	if v, ok := <-done; ok && !v {
		_ = len(done) + cap(done)
	}
	close(done)
}

type pair struct{ a, b any }

func InterfaceKeys() {
	m := map[pair]int{} // want refused:`kiss does not model maps with keys that hold interfaces \(map\[hooks.pair\]int\) yet`
	m[pair{1, 2}] = 2
}

func CallsRand() int { return rand.Int() }

// UnknownErrors panics only on the error path of an unknown function.
func UnknownErrors() {
	_, err := strconv.Atoi("x")
	_, err2 := strconv.Atoi("y")
	if err != err || (err != nil && err == err2) {
		panic("bug")
	}
	if e, ok := err.(interface{ Timeout() bool }); ok {
		_ = e.Timeout()
	}
	if err != nil && err.Error() != "" {
		panic(err) // want unknownInterfaces:`panic: \(unknown value\)`
	}
}

// UnknownFuncs calls a func value an unknown function returns.
func UnknownFuncs() {
	f := strconv.AppendInt // a bodiless function as a value: its stub
	b := f(nil, 42, 10)
	_ = b
	_, cancel := context.WithCancel(context.Background()) // no model here
	cancel()                                              // want noUnknownFuncs:"panic: runtime error: invalid memory address or nil pointer dereference"
}

type guarded struct {
	mu sync.Mutex
	n  int
}

// Guarded locks a mutex with no model: an unknown call.
func Guarded() {
	g := &guarded{}
	g.mu.Lock()
	g.n++
	g.mu.Unlock()
}

// WithParams is a root with parameters: they are unknown inputs.
func WithParams(g *guarded, n int) {
	if n > 2 && n < 4 {
		g.n = 1 / (n - 3) // want params:"panic: runtime error: integer divide by zero"
	}
}

// ExternGlobals compares with a variable of a package without bodies.
func ExternGlobals() {
	var err error
	if err == io.EOF {
		panic("nil is not io.EOF") // want noUnknownGlobals:"panic: nil is not io.EOF"
	}
}
