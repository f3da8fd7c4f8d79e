// Package ctxvalue: request-scoped state passed down a context, as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// servers and oklog/run's tests pass it: what the callee finds with
// ctx.Value is what the caller stored, through contexts derived from it.
package ctxvalue

import "context"

type statsKey struct{}

// Stats counts what a request's workers did.
type Stats struct{ Done int }

// WithStats returns a context carrying s.
func WithStats(ctx context.Context, s *Stats) context.Context {
	return context.WithValue(ctx, statsKey{}, s)
}

// Work counts one unit in the context's stats, if it has any.
func Work(ctx context.Context) {
	if s, ok := ctx.Value(statsKey{}).(*Stats); ok {
		s.Done++ // want `data race on Done: write at ctxvalue.go:21:5 by goroutine [12] and (read|write) at ctxvalue.go:21:5 by goroutine [12] \(0 preemptions\)`
	}
}

type replyKey struct{}

// WithReply returns a context carrying the channel a worker answers on.
func WithReply(ctx context.Context, c chan<- int) context.Context {
	return context.WithValue(ctx, replyKey{}, c)
}

// Reply sends v on the context's reply channel; with none it waits until
// the context is done.
func Reply(ctx context.Context, v int) {
	c, _ := ctx.Value(replyKey{}).(chan<- int)
	select { // want `goroutine leak: goroutine 1 \(started at ctxvalue_test.go:[0-9]+:[0-9]+\) blocks forever in select at ctxvalue.go:36:2 after the test returned \(0 preemptions\)`
	case c <- v:
	case <-ctx.Done():
	}
}
