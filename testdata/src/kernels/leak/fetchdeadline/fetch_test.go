package fetchdeadline

import (
	"context"
	"testing"
	"time"
)

func TestFetchDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := Fetch(ctx, 20*time.Millisecond); err == nil {
		t.Log("answered in time")
	}
}

func TestFetchDeadlineFixed(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := FetchFixed(ctx, 20*time.Millisecond); err == nil {
		t.Log("answered in time")
	}
}
