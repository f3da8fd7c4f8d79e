package signalwatch

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// The worker is left ranging over a channel nobody closes.
func TestServeLeaks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := make(chan int)
	go cancel()
	Serve(ctx, jobs, func(int) {})
}

// Fixed: the channel is closed once Serve returns.
func TestServeCloses(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := make(chan int)
	go cancel()
	Serve(ctx, jobs, func(int) {})
	close(jobs)
}

// A signal the test sends itself reaches it in Go; kiss does not deliver
// it, and does not report the test blocked for good either.
func TestOwnSignal(t *testing.T) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	defer signal.Stop(c)
	done := make(chan bool)
	go func() { done <- true }()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	<-c
	<-done
}
