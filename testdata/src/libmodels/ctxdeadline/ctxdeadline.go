// Package ctxdeadline: work that plans by its context's deadline, as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// golang.org/x/time/rate's Wait and net/http's clients do.
package ctxdeadline

import (
	"context"
	"time"
)

// Budget is how long the work may take: the time to the context's
// deadline, or a minute when it has none.
func Budget(ctx context.Context) time.Duration {
	if d, ok := ctx.Deadline(); ok {
		return time.Until(d)
	}
	return time.Minute
}

// Counter counts work done, unlocked.
type Counter struct{ n int }

func (c *Counter) add() {
	c.n++ // want `data race on c\.n: (read|write) at ctxdeadline.go:23:4 by goroutine [02] and (read|write) at ctxdeadline.go:23:4 by goroutine [02] \(0 preemptions\)`
}

// Split does the work on two goroutines when there are two seconds for
// it: both count, unlocked.
func Split(ctx context.Context, c *Counter) {
	if Budget(ctx) < 2*time.Second {
		c.add()
		return
	}
	done := make(chan bool)
	go func() {
		c.add()
		done <- true
	}()
	c.add()
	<-done
}
