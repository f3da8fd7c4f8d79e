package deadline

import (
	"context"
	"testing"
	"time"
)

func TestIndexBeatsDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	ix := NewIndexer()
	if err := ix.Index(ctx, "a", "to be or not"); err != nil {
		t.Fatalf("index: %v", err) // want `timing: passes only if goroutine 2 runs within the 10ms timer at deadline_test.go:10:36; otherwise test failure: t.Fatalf\("index: %v"\)`
	}
}

// The fixed twin accepts either outcome: a deadline is allowed to win.
func TestIndexBeatsDeadlineFixed(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	ix := NewIndexer()
	if err := ix.Index(ctx, "a", "to be or not"); err != nil && err != context.DeadlineExceeded {
		t.Fatalf("index: %v", err)
	}
}
