package prefetchcancel

import (
	"context"
	"testing"
)

func TestPrefetchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the request that wanted the prefetch went away
	p := NewPrefetcher()
	if err := p.Run(ctx, []string{"home", "profile"}); err != nil && err != context.Canceled {
		t.Errorf("Run: %v", err)
	}
}

func TestPrefetchCancelledFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := NewPrefetcherFixed()
	if err := p.Run(ctx, []string{"home", "profile"}); err != nil && err != context.Canceled {
		t.Errorf("Run: %v", err)
	}
}
