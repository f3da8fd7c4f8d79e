package periodic

import (
	"context"
	"testing"
	"time"
)

func TestRefresherStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := NewRefresher(time.Millisecond)
	stopped := make(chan struct{})
	go func() {
		r.Run(ctx)
		close(stopped)
	}()
	<-r.First
	cancel()
	<-stopped
	if n := r.Refreshes(); n < 1 {
		t.Errorf("refreshes = %d, want at least 1", n)
	}
}
