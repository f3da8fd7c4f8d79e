package batchwg

import (
	"context"
	"testing"
)

func TestBatchShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // shutdown began before the batch ran
	b := &Batch{}
	b.Run(ctx, []string{"invoice-1", "invoice-2"})
}

func TestBatchShutdownFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := &BatchFixed{}
	b.Run(ctx, []string{"invoice-1", "invoice-2"})
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.skipped != 2 || len(b.handled) != 0 {
		t.Errorf("skipped %d handled %v", b.skipped, b.handled)
	}
}
