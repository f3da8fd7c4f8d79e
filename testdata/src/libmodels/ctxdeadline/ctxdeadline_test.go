package ctxdeadline

import (
	"context"
	"testing"
	"time"
)

// Ten seconds: the work is split and the count races. With Deadline
// unknown, the race depended on an unknown time and was held back.
func TestSplitRace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var c Counter
	Split(ctx, &c)
}

// One second: one goroutine does the work.
func TestShortDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var c Counter
	Split(ctx, &c)
	if c.n != 1 {
		t.Errorf("n = %d, want 1", c.n)
	}
}

// A deadline given as a time, seen through a cancellable context and a
// value below it, is the same time.
func TestDeadlineInherited(t *testing.T) {
	at := time.Now().Add(3 * time.Second)
	base, cancel := context.WithDeadline(context.Background(), at)
	defer cancel()
	inner, stop := context.WithCancel(base)
	defer stop()
	ctx := context.WithValue(inner, key{}, "v")
	d, ok := ctx.Deadline()
	if !ok || !d.Equal(at) {
		t.Errorf("deadline %v, %v; want %v", d, ok, at)
	}
	if b := Budget(ctx); b > 3*time.Second || b < 2*time.Second {
		t.Errorf("budget %v, want 3s or a little less", b)
	}
}

type key struct{}

// Background has no deadline, nor does WithoutCancel, whatever its
// parent's.
func TestNoDeadline(t *testing.T) {
	if _, ok := context.Background().Deadline(); ok {
		t.Error("Background has a deadline")
	}
	parent, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, ok := context.WithoutCancel(parent).Deadline(); ok {
		t.Error("WithoutCancel has a deadline")
	}
	if b := Budget(context.WithoutCancel(parent)); b != time.Minute {
		t.Errorf("budget %v, want a minute", b)
	}
}

// A longer timeout under a shorter one keeps the shorter, as Go's
// WithDeadline does: one goroutine does the work.
func TestNestedDeadlines(t *testing.T) {
	outer, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	ctx, stop := context.WithTimeout(outer, 10*time.Second)
	defer stop()
	od, _ := outer.Deadline()
	if d, ok := ctx.Deadline(); !ok || !d.Equal(od) {
		t.Errorf("deadline %v, %v; want the outer one, %v", d, ok, od)
	}
	var c Counter
	Split(ctx, &c)
}
