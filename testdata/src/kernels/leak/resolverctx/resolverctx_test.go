package resolverctx

import (
	"context"
	"testing"
	"time"
)

func TestLookupDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r := NewResolver()
	addr, err := r.Lookup(ctx, "db")
	if err == nil && addr != "10.0.0.7" {
		t.Errorf("addr %q", addr)
	}
}

func TestLookupDeadlineFixed(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r := NewResolverFixed()
	addr, err := r.Lookup(ctx, "db")
	if err == nil && addr != "10.0.0.7" {
		t.Errorf("addr %q", addr)
	}
}
