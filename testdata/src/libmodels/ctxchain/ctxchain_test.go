// Package ctxchain: cancelling the root of a chain of contexts reaches // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// its deepest one (context's cancel recurses over each context's
// children, as kiss's model does). With the model's recursion counted
// against -recursion, the cancel of a chain of three was cut: the leak
// below was never reached, and the fixed twin never completed.
package ctxchain

import (
	"context"
	"testing"
	"time"
)

func chain(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	ctx2, cancel2 := context.WithTimeout(ctx, time.Hour)
	ctx3, cancel3 := context.WithCancelCause(ctx2)
	ctx4, cancel4 := context.WithCancel(ctx3)
	return ctx4, func() {
		cancel()
		cancel2()
		cancel3(nil)
		cancel4()
	}
}

// After the cancel, the watcher sends on a channel nobody receives from.
func TestChainLeak(t *testing.T) {
	ctx, cancel := chain(context.Background())
	out := make(chan error)
	go func() {
		<-ctx.Done()
		out <- ctx.Err() // want `goroutine leak: goroutine \d+ \(started at ctxchain_test.go:\d+:\d+\) blocks forever sending on a channel`
	}()
	cancel()
}

// The fixed twin receives it.
func TestChainCancelled(t *testing.T) {
	ctx, cancel := chain(context.Background())
	out := make(chan error)
	go func() {
		<-ctx.Done()
		out <- ctx.Err()
	}()
	cancel()
	if err := <-out; err != context.Canceled {
		t.Errorf("err = %v", err)
	}
}
