// Package ctxhook: a modelled function used as a value (net/http's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// testHookProxyConnectTimeout = context.WithTimeout): the call through the
// variable runs the model, as a direct call does.
package ctxhook

import (
	"context"
	"time"
)

var withTimeout = context.WithTimeout

// Fetch waits for the result or the timeout.
func Fetch(d time.Duration, work func() int) (int, error) {
	ctx, cancel := withTimeout(context.Background(), d)
	defer cancel()
	res := make(chan int, 1)
	go func() { res <- work() }()
	select {
	case v := <-res:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}
