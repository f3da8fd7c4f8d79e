package signalworker

import (
	"context"
	"testing"
)

func TestSignalWorker(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	NewService().Run(ctx)
}

func TestSignalWorkerFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	NewService().RunFixed(ctx)
}
