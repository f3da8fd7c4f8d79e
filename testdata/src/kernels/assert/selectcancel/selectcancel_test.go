package selectcancel

import (
	"context"
	"testing"
)

func TestFetchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := NewCache()
	if _, err := c.Fetch(ctx, "k"); err != context.Canceled {
		t.Errorf("Fetch on a cancelled context: err = %v", err) // want `test failure: .*\(1 preemption\)`
	}
}

func TestFetchCancelledFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := NewCacheFixed()
	if _, err := c.Fetch(ctx, "k"); err != context.Canceled {
		t.Errorf("Fetch on a cancelled context: err = %v", err)
	}
}
