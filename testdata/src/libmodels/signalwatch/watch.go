// Package signalwatch: os/signal's watcher goroutine, which the first // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// signal.Notify starts and which waits for the signals the process gets.
// Paths go on past it (it used to stop every one of them, as a call kiss
// did not know): a worker its caller forgets is still seen leaking.
package signalwatch

import (
	"context"
	"errors"
	"os"
	"os/signal"
)

// Wait returns at an interrupt or at ctx's end, as a service's main loop
// does.
func Wait(ctx context.Context) error {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	defer signal.Stop(c)
	select {
	case <-c:
		return errors.New("interrupted")
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Serve runs a worker over jobs until Wait returns.
func Serve(ctx context.Context, jobs <-chan int, done func(int)) {
	go func() {
		for j := range jobs { // want `goroutine leak: goroutine 2 \(started at watch.go:30:2\) blocks forever receiving from a channel at watch.go:31:3 after the test returned \(0 preemptions\)`
			done(j)
		}
	}()
	Wait(ctx)
}
