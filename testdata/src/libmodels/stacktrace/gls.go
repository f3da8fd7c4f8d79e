// Package stacktrace: a goroutine's stack trace, as runtime.Stack and // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// runtime/debug.Stack give it: its first line names the goroutine, so code
// that parses it (goroutine-local storage) gets one key per goroutine,
// and a recovered panic formats the trace with its message.
package stacktrace

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
)

// goid parses the running goroutine's id from the first line of its
// trace, "goroutine N [running]:".
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	b = b[:bytes.IndexByte(b, ' ')]
	n, _ := strconv.ParseUint(string(b), 10, 64)
	return n
}

// Local is goroutine-local storage: a value per goroutine id.
type Local struct {
	mu   sync.Mutex
	vals map[uint64]int
}

// Set stores v for the running goroutine.
func (l *Local) Set(v int) {
	id := goid()
	l.mu.Lock()
	if l.vals == nil {
		l.vals = map[uint64]int{}
	}
	l.vals[id] = v
	l.mu.Unlock()
}

// Get returns the running goroutine's value.
func (l *Local) Get() int {
	id := goid()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.vals[id]
}

// UnsafeSet stores v without the lock: goroutines race on the map.
func (l *Local) UnsafeSet(v int) {
	id := goid()
	if l.vals == nil { // want `data race on l.vals: write at gls.go:56:5 by goroutine 1 and read at gls.go:55:7 by goroutine 2 \(0 preemptions\)`
		l.vals = map[uint64]int{}
	}
	l.vals[id] = v // want `data race on l.vals: write at gls.go:56:5 by goroutine 1 and read at gls.go:58:4` `data race on l.vals: write at gls.go:58:8 by goroutine 1 and write at gls.go:58:8 by goroutine 2`
}

// PanicError is a recovered panic with the trace of where it happened.
type PanicError struct {
	Value any
	Stack []byte
}

func (p *PanicError) Error() string { return fmt.Sprintf("%v\n\n%s", p.Value, p.Stack) }

// Guard runs f and turns its panic into a *PanicError whose trace has its
// first line trimmed, as golang.org/x/sync/singleflight does.
func Guard(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := debug.Stack()
			if line := bytes.IndexByte(stack, '\n'); line >= 0 {
				stack = stack[line+1:]
			}
			err = &PanicError{Value: r, Stack: stack}
		}
	}()
	f()
	return nil
}
