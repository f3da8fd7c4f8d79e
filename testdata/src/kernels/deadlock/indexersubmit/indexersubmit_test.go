package indexersubmit

import (
	"context"
	"testing"
)

func TestIndexerSubmitAfterFailure(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ix := NewIndexer()
	go ix.Worker(ctx, cancel)
	for _, d := range []Doc{{1, "hello"}, {2, ""}, {3, "world"}} {
		if err := ix.Submit(ctx, d); err != nil {
			break
		}
	}
}

func TestIndexerSubmitAfterFailureFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ix := NewIndexerFixed()
	go ix.Worker(ctx, cancel)
	for _, d := range []Doc{{1, "hello"}, {2, ""}, {3, "world"}} {
		if err := ix.Submit(ctx, d); err != nil {
			break
		}
	}
}
