package ctxvalue

import (
	"context"
	"sync"
	"testing"
)

// Two workers count into the stats their context carries, unlocked: the
// count races (with Value unknown, Work found no stats and did nothing).
func TestStatsRace(t *testing.T) {
	var s Stats
	ctx := WithStats(context.Background(), &s)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			Work(ctx)
		}()
	}
	wg.Wait()
}

// One worker, then the other: no race.
func TestStatsInTurn(t *testing.T) {
	var s Stats
	ctx := WithStats(context.Background(), &s)
	done := make(chan bool)
	go func() {
		Work(ctx)
		done <- true
	}()
	<-done
	Work(ctx)
	if s.Done != 2 {
		t.Errorf("done %d, want 2", s.Done)
	}
}

// The reply channel comes back through a cancellable context derived from
// the one that carries it (with Value unknown, Reply found no channel and
// waited for a cancellation that never came: a false deadlock).
func TestReplyThroughDerived(t *testing.T) {
	reply := make(chan int)
	ctx, cancel := context.WithCancel(WithReply(context.Background(), reply))
	defer cancel()
	go Reply(ctx, 7)
	if v := <-reply; v != 7 {
		t.Errorf("reply %d, want 7", v)
	}
}

// Cancelling the context under a value cancels what derives from it: the
// worker with no one to answer leaves.
func TestCancelThroughValue(t *testing.T) {
	base, cancel := context.WithCancel(context.Background())
	ctx, stop := context.WithCancel(WithReply(base, make(chan int)))
	defer stop()
	done := make(chan bool)
	go func() {
		Reply(ctx, 1)
		done <- true
	}()
	cancel()
	<-done
	if ctx.Err() == nil || WithStats(ctx, nil).Err() == nil {
		t.Error("not cancelled")
	}
}

// Nobody answers and nothing cancels: the worker never leaves.
func TestReplyLeak(t *testing.T) {
	ctx := WithReply(context.Background(), make(chan int))
	go Reply(ctx, 1)
}

// Keys are compared as Go compares them: the innermost value of a key
// wins, other keys go on to the parent, and a missing key is nil.
func TestLookup(t *testing.T) {
	type k string
	ctx := context.WithValue(context.Background(), k("a"), 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ctx = context.WithValue(ctx, k("b"), 2)
	ctx = context.WithValue(context.WithoutCancel(ctx), k("a"), 3)
	done := make(chan bool)
	go func() {
		if ctx.Value(k("a")) != 3 || ctx.Value(k("b")) != 2 || ctx.Value(k("c")) != nil || ctx.Value("a") != nil {
			t.Error("wrong values")
		}
		done <- true
	}()
	<-done
}
