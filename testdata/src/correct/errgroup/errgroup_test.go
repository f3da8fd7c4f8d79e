package errgroup

import (
	"context"
	"errors"
	"testing"
)

var errDisk = errors.New("disk full")

func TestFirstErrorCancels(t *testing.T) {
	g, ctx := WithContext(context.Background())
	g.Go(func() error { return errDisk })
	g.Go(func() error {
		<-ctx.Done() // a long download that honours cancellation
		return ctx.Err()
	})
	if err := g.Wait(); err != errDisk {
		t.Errorf("Wait = %v, want %v", err, errDisk)
	}
}

func TestAllSucceed(t *testing.T) {
	g, _ := WithContext(context.Background())
	results := make([]int, 2)
	for i := range results {
		g.Go(func() error {
			results[i] = i + 1
			return nil
		})
	}
	if err := g.Wait(); err != nil || results[0] != 1 || results[1] != 2 {
		t.Errorf("Wait = %v, results %v", err, results)
	}
}
