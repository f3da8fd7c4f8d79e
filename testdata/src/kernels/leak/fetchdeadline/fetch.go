// Package fetchdeadline: Fetch gives up when its context's deadline // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// (10 ms) passes before the backend (20 ms) answers; the backend's
// goroutine then blocks on its unbuffered send forever.
package fetchdeadline

import (
	"context"
	"errors"
	"time"
)

func backend(latency time.Duration, res chan<- string) {
	time.Sleep(latency)
	res <- "ok" // want `goroutine leak: .*\(0 preemptions\)`
}

func Fetch(ctx context.Context, latency time.Duration) (string, error) {
	res := make(chan string)
	go backend(latency, res)
	select {
	case v := <-res:
		return v, nil
	case <-ctx.Done():
		return "", errors.New("fetch: " + ctx.Err().Error())
	}
}

func backendFixed(ctx context.Context, latency time.Duration, res chan<- string) {
	time.Sleep(latency)
	select { // fix: the answer is dropped when nobody waits any more
	case res <- "ok":
	case <-ctx.Done():
	}
}

func FetchFixed(ctx context.Context, latency time.Duration) (string, error) {
	res := make(chan string)
	go backendFixed(ctx, latency, res)
	select {
	case v := <-res:
		return v, nil
	case <-ctx.Done():
		return "", errors.New("fetch: " + ctx.Err().Error())
	}
}
