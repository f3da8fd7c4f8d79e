package gatherclose

import (
	"context"
	"testing"
)

func TestGatherCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client hung up
	g := NewGatherer()
	out := g.Gather(ctx, []string{"s1", "s2"})
	t.Logf("partial result %v", out)
}

func TestGatherCancelledFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := NewGathererFixed()
	out := g.Gather(ctx, []string{"s1", "s2"})
	t.Logf("partial result %v", out)
}
