// Package hooks exercises the lowering's hooks and its refusals.
package hooks

import (
	"context"
	"io"
	"math/rand"
	"strconv"
	"sync"
	"unsafe"
)

func GoSync() {
	x := 0
	done := make(chan bool, 1) // mark: make
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
	m := map[pair]int{} // mark: map
	m[pair{1, 2}] = 2
}

func UnsafeArith() {
	x := 1
	p := unsafe.Pointer(uintptr(unsafe.Pointer(&x)) + 8) // mark: unsafe
	_ = p
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
		panic(err) // mark: error path
	}
}

// UnknownFuncs calls a func value an unknown function returns.
func UnknownFuncs() {
	f := strconv.AppendInt // a bodiless function as a value: its stub
	b := f(nil, 42, 10)
	_ = b
	_, cancel := context.WithCancel(context.Background()) // no model here
	cancel()                                              // mark: cancel
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
		g.n = 1 / (n - 3) // mark: params
	}
}

// ExternGlobals compares with a variable of a package without bodies.
func ExternGlobals() {
	var err error
	if err == io.EOF {
		panic("nil is not io.EOF") // mark: eof
	}
}
